// Whether this test was built with AddressSanitizer (the asan preset, CI's second run): its
// shadow memory takes terabytes of address space, so a limit on the address space (RLIMIT_AS,
// prlimit --as) stops the sanitizer, not the code under test. Suites that test behaviour under
// such a limit skip those checks in that build, saying why.
#pragma once

namespace poslab::test {

#if defined(__SANITIZE_ADDRESS__)
constexpr bool kAddressSanitizer = true;
#else
constexpr bool kAddressSanitizer = false;
#endif
constexpr const char* kNoAddressLimitUnderAsan =
    "an address-space limit stops AddressSanitizer's shadow memory, not the code under test";

}  // namespace poslab::test
