# Read by cpack when it makes a package (CPACK_PROJECT_CONFIG_FILE, packaging/cpack.cmake).
if(CPACK_POSLAB_NATIVE)
  message(WARNING "this build has POSLAB_NATIVE=ON (-march=native): the package runs only on "
                  "CPUs like the one that built it; scripts/package builds with POSLAB_NATIVE=OFF")
endif()
