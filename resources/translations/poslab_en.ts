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
        <source>token</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>axis</source>
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
        <source>bound π/(2θₘᵢₙ) = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original length L = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>threshold = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>max = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 · x = %2: min %3, max %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>bound π/(2θₘᵢₙ) = %1 →</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>← bound π/(2θₘᵢₙ) = %1</source>
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
    <message>
        <source>Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A model&apos;s config.json: its layers, frequencies and context</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::ExportDialog</name>
    <message>
        <source>Export Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File (.pdf, .svg or .png)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slide 16:9 (1920 × 1080)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Slide 4:3 (1600 × 1200)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A4 width (210 mm)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom, pixels</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Custom, inches</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Width × height</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Resolution (dpi)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Light</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Dark</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Theme</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters in a footer</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Formula under the figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The file name must end in .pdf, .svg or .png.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> in</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>= %1 × %2 px</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PDF (*.pdf);;SVG (*.svg);;PNG image (*.png)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::Figure</name>
    <message>
        <source>nothing to draw</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::FigureExport</name>
    <message>
        <source>Figure copied to the clipboard</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Figure written to %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export &amp;Figure…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Export the current view as a PDF, SVG or PNG figure for slides</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy Fi&amp;gure</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Copy the current view as a 1920 × 1080 figure (image and SVG)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>There is no view to export.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The view is still being computed; try again in a moment.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The view shows an error, not a figure: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Writing %1…</source>
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
        <source>mean %1 (min %2, max %3 over %4 values)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>mean %1 (cell means from %2 to %3, over %4 values)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::LessonPlayer</name>
    <message>
        <source>Previous step (Page Up, Left)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next step (Page Down, Right, Space)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>End the lesson</source>
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
        <source>&amp;File</source>
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
    <message>
        <source>Open a lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PosLab lessons (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The lesson was not opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;New Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save Session &amp;As…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Le&amp;ssons</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(no built-in lessons)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Lesson File…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Previous Step (Page Up)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;Next Step (Page Down)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&amp;End the Lesson</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown page &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the lesson has no steps</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with a model config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model configs (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open &amp;Model Config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recent &amp;Models</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a model config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model is open</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers of kind &quot;%1&quot; have no RoPE: nothing to explore on the RoPE page</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the RoPE page is not available</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>compared model: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Model</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::ModelChart</name>
    <message>
        <source>kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>blended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interpolated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(too small to draw)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2 pairs (from j = %3) have frequency 0: they do not rotate (drawn as × on the edge)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers of kind &quot;%1&quot; carry no RoPE (NoPE): nothing rotates, so there are no frequencies or wavelengths.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>before scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>after scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no scaling</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Frequency θⱼ per pair</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pair j</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>θⱼ (radians per position)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Wavelength 2π/θⱼ against the context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>wavelength (positions)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original context L = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extended context = %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Query scale over position</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position p (log)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factor on the queries</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This kind does not scale its queries.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>dashed: before scaling</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::ModelPage</name>
    <message>
        <source>nothing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>a config file…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no model config</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 has no layer kind &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Presets</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open Model Config…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Explore in RoPE</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open the RoPE page with this kind&apos;s parameters: every view then follows the model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers of %1 (click a layer to select its kind)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers (click a layer to select its kind)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Layers of %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pick a preset, open a config.json or drop one on the window</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>quantity</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Notes of the config:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, layers of kind &quot;%2&quot;: no RoPE (NoPE). Nothing rotates, so there are no frequencies or wavelengths; %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the position reaches these layers only through the query scale below.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>position reaches them only through the layers around.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>No model: pick a preset on the left or open a config.json.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::ModelText</name>
    <message>
        <source>no model loaded</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>NoPE (no rotation)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1, base %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layer kind</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>layers</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>RoPE type</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>none (NoPE)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>base θ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 of head dim %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source> (%1 of %2 pairs rotate)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>rotary dim</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairing</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>interleaved</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>half (rotate_half)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>original context L</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>extended context</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>attention factor</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>logit multiplier</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs kept</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs blended</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>pairs interpolated</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>query scale</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 — %2 · layers: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sequence length s</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::PageWidget</name>
    <message>
        <source>Overview</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Next tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Previous tab</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>More views ▾</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The views that are not tabs: the one chosen takes the last tab</source>
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
    <name>poslab::ui::Session</name>
    <message>
        <source>&quot;%1&quot; must be an integer from %2 to %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be one of: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;views&quot; must be an array</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the page %2 has no view &quot;%3&quot; on tab %4</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: &quot;state&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a PosLab session (%1 at byte %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a PosLab session (the top level is not a JSON object)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>not a PosLab session (no integer &quot;format&quot;)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>written by a newer PosLab (format %1; this version reads up to %2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown session format %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;page&quot; must be a string</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown page &quot;%1&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>the page %1 has no view &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;params&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cannot read %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: not a PosLab session (%2 bytes is far too large)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>no recovery folder</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: no &quot;config&quot; text</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the embedded config is refused: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: the config has no layer kind &quot;%2&quot;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&quot;model&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: &quot;shown&quot; must be true or false</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: &quot;compare&quot; must be an object</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>model: the config is refused at seq_len %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>poslab::ui::SessionController</name>
    <message>
        <source>Autosave failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Open a session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PosLab sessions (*.poslab)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session was not opened: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session was not saved: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>untitled</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session &quot;%1&quot; has unsaved changes. Save them?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>(none)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>there is no session to recover</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Recover the session</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>PosLab did not close normally last time. Recover the session autosaved at %1?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The session could not be recovered: %1
The file is kept at %2.</source>
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
    <message>
        <source>Export this view as a figure for slides (PDF, SVG or PNG)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>distance</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>positions</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The window to draw, typed (empty: everything). The wheel zooms, a drag pans, a double-click shows everything again.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>from</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>to</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>log x</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A logarithmic distance axis</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>show</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>auto</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle m·θⱼ</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>angle mod 2π</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>cos</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>sin</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>What the cells show; auto: the angle up to 4096 positions, then cos (the angle itself only grows)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>
