<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="en_US">
<context>
    <name>Axis</name>
    <message>
        <source>position i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position n</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query i</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distance x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input dimension</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patch p</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patch q</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>component</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>row h</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column w</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>index</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bucket</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complex dimension k</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patch</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>relative</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>complex</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>coordinate</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>input</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>output</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>real</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>imaginary</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::ChartWidget</name>
    <message>
        <source>monotone bound x &lt; %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original length L = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max = %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::EncodingBrowser</name>
    <message>
        <source>Absolute</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Rotary</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Relative and bias</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Other</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Search encodings (Ctrl+F)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::HeatmapWidget</name>
    <message>
        <source>row</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>column</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>1:%1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::MainWindow</name>
    <message>
        <source>refused: see the parameter panel</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>About PosLab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PosLab — a laboratory for Transformer positional encodings.
Every number is computed by the CPU core in double precision.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>computed in %1 ms, drawn in %2 ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the current view</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Export view image…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Copy parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset &amp;all parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Search encodings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Automatic (viridis, or RdBu for signed values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Viridis (sequential)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RdBu (diverging, centred on 0)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel the computation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Encodings</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;About PosLab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU (double)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vulkan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compute backend: Auto (a GPU when it is faster), the CPU in double precision (the reference), or Vulkan (float32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vulkan: %1 (float32)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last result was computed on this Vulkan device in single precision; quantities without a shader use the CPU in double</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU — Vulkan unavailable: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vulkan was asked for but cannot be used; the CPU core computes in double precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The last result was computed by the CPU core in double precision</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Vulkan is not available (%1); computing on the CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::PageWidget</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::ParamPanel</name>
    <message>
        <source>Choose a .npy file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Allowed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Reset to the default (%1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::RotationWidget</name>
    <message>
        <source>computing…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position m = %1 (blue)   position k = %2 (red)   k − m = %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair j = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle = %1°</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::ViewWidget</name>
    <message>
        <source>m = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Pause</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Play</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>head</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dimensions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>channels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Channels to draw as images, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>patches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Patches h·W + w to compare with all, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Columns to draw as waves, separated by commas</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k − m</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Position m of the first vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Offset k − m of the second vector</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quantity to compare</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value of the parameter in configuration B</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
