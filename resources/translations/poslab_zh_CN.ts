<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>Axis</name>
    <message>
        <source>position i</source>
        <translation>位置 i</translation>
    </message>
    <message>
        <source>position j</source>
        <translation>位置 j</translation>
    </message>
    <message>
        <source>position m</source>
        <translation>位置 m</translation>
    </message>
    <message>
        <source>position n</source>
        <translation>位置 n</translation>
    </message>
    <message>
        <source>position k</source>
        <translation>位置 k</translation>
    </message>
    <message>
        <source>dimension k</source>
        <translation>维度 k</translation>
    </message>
    <message>
        <source>dimension</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>pair j</source>
        <translation>维度对 j</translation>
    </message>
    <message>
        <source>query i</source>
        <translation>查询 i</translation>
    </message>
    <message>
        <source>key j</source>
        <translation>键 j</translation>
    </message>
    <message>
        <source>query m</source>
        <translation>查询 m</translation>
    </message>
    <message>
        <source>key k</source>
        <translation>键 k</translation>
    </message>
    <message>
        <source>query q</source>
        <translation>查询 q</translation>
    </message>
    <message>
        <source>key</source>
        <translation>键</translation>
    </message>
    <message>
        <source>query</source>
        <translation>查询</translation>
    </message>
    <message>
        <source>head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>head h</source>
        <translation>头 h</translation>
    </message>
    <message>
        <source>distance x</source>
        <translation>距离 x</translation>
    </message>
    <message>
        <source>distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>output dimension</source>
        <translation>输出维度</translation>
    </message>
    <message>
        <source>input dimension</source>
        <translation>输入维度</translation>
    </message>
    <message>
        <source>patch p</source>
        <translation>图块 p</translation>
    </message>
    <message>
        <source>patch q</source>
        <translation>图块 q</translation>
    </message>
    <message>
        <source>component</source>
        <translation>分量</translation>
    </message>
    <message>
        <source>row h</source>
        <translation>行 h</translation>
    </message>
    <message>
        <source>column w</source>
        <translation>列 w</translation>
    </message>
    <message>
        <source>index</source>
        <translation>下标</translation>
    </message>
    <message>
        <source>value</source>
        <translation>取值</translation>
    </message>
    <message>
        <source>relative position</source>
        <translation>相对位置</translation>
    </message>
    <message>
        <source>bucket</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>complex dimension k</source>
        <translation>复数维度 k</translation>
    </message>
    <message>
        <source>channel</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>position</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>patch</source>
        <translation>图块</translation>
    </message>
    <message>
        <source>token</source>
        <translation>词元</translation>
    </message>
    <message>
        <source>axis</source>
        <translation>轴</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>维度对</translation>
    </message>
    <message>
        <source>relative</source>
        <translation>相对</translation>
    </message>
    <message>
        <source>complex</source>
        <translation>复数</translation>
    </message>
    <message>
        <source>coordinate</source>
        <translation>坐标</translation>
    </message>
    <message>
        <source>input</source>
        <translation>输入</translation>
    </message>
    <message>
        <source>output</source>
        <translation>输出</translation>
    </message>
    <message>
        <source>real</source>
        <translation>实部</translation>
    </message>
    <message>
        <source>imaginary</source>
        <translation>虚部</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ChartWidget</name>
    <message>
        <source>bound π/(2θₘᵢₙ) = %1</source>
        <translation>界限 π/(2θₘᵢₙ) = %1</translation>
    </message>
    <message>
        <source>original length L = %1</source>
        <translation>原始长度 L = %1</translation>
    </message>
    <message>
        <source>threshold = %1</source>
        <translation>阈值 = %1</translation>
    </message>
    <message>
        <source>max = %1</source>
        <translation>最大值 = %1</translation>
    </message>
    <message>
        <source>%1 · x = %2: min %3, max %4</source>
        <translation>%1 · x = %2：最小 %3，最大 %4</translation>
    </message>
    <message>
        <source>bound π/(2θₘᵢₙ) = %1 →</source>
        <translation>界限 π/(2θₘᵢₙ) = %1 →</translation>
    </message>
    <message>
        <source>← bound π/(2θₘᵢₙ) = %1</source>
        <translation>← 界限 π/(2θₘᵢₙ) = %1</translation>
    </message>
    <message>
        <source>%1: bound π/(2θₘᵢₙ) = %2</source>
        <translation>%1：界限 π/(2θₘᵢₙ) = %2</translation>
    </message>
    <message>
        <source>%1: bound π/(2θₘᵢₙ) = %2 →</source>
        <translation>%1：界限 π/(2θₘᵢₙ) = %2 →</translation>
    </message>
    <message>
        <source>← %1: bound π/(2θₘᵢₙ) = %2</source>
        <translation>← %1：界限 π/(2θₘᵢₙ) = %2</translation>
    </message>
    <message>
        <source>min %1, max %2</source>
        <translation>最小 %1，最大 %2</translation>
    </message>
</context>
<context>
    <name>poslab::ui::EncodingBrowser</name>
    <message>
        <source>Absolute</source>
        <translation>绝对位置编码</translation>
    </message>
    <message>
        <source>Rotary</source>
        <translation>旋转位置编码</translation>
    </message>
    <message>
        <source>Relative and bias</source>
        <translation>相对位置与偏置</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>Arguments</source>
        <translation>论证</translation>
    </message>
    <message>
        <source>Search: name or topic (Ctrl+F)</source>
        <translation>搜索：名称或主题（Ctrl+F）</translation>
    </message>
    <message>
        <source>Models</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Model config</source>
        <translation>模型配置</translation>
    </message>
    <message>
        <source>A model&apos;s config.json: its layers, frequencies and context</source>
        <translation>模型的 config.json：它的层、频率和上下文</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ExportDialog</name>
    <message>
        <source>File (.gif, .pdf, .mp4 or a folder/)</source>
        <translation>文件（.gif、.pdf、.mp4 或文件夹/）</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>File (.pdf, .svg or .png)</source>
        <translation>文件（.pdf、.svg 或 .png）</translation>
    </message>
    <message>
        <source>Slide 16:9 (1920 × 1080)</source>
        <translation>幻灯片 16:9（1920 × 1080）</translation>
    </message>
    <message>
        <source>Slide 4:3 (1600 × 1200)</source>
        <translation>幻灯片 4:3（1600 × 1200）</translation>
    </message>
    <message>
        <source>A4 width (210 mm)</source>
        <translation>A4 宽度（210 毫米）</translation>
    </message>
    <message>
        <source>A4 page, landscape (297 × 210 mm)</source>
        <translation>A4 整页，横向（297 × 210 毫米）</translation>
    </message>
    <message>
        <source>A4 page, portrait (210 × 297 mm)</source>
        <translation>A4 整页，纵向（210 × 297 毫米）</translation>
    </message>
    <message>
        <source>Journal, one column (89 mm wide)</source>
        <translation>期刊单栏（宽 89 毫米）</translation>
    </message>
    <message>
        <source>Journal, two columns (183 mm wide)</source>
        <translation>期刊双栏（宽 183 毫米）</translation>
    </message>
    <message>
        <source>= %1 × %2 px (%3 × %4 mm)</source>
        <translation>= %1 × %2 像素（%3 × %4 毫米）</translation>
    </message>
    <message>
        <source>Custom, pixels</source>
        <translation>自定义，像素</translation>
    </message>
    <message>
        <source>Custom, inches</source>
        <translation>自定义，英寸</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>尺寸</translation>
    </message>
    <message>
        <source>Width × height</source>
        <translation>宽 × 高</translation>
    </message>
    <message>
        <source>Resolution (dpi)</source>
        <translation>分辨率（dpi）</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme</source>
        <translation>主题</translation>
    </message>
    <message>
        <source>Parameters in a footer</source>
        <translation>在页脚列出参数</translation>
    </message>
    <message>
        <source>Formula under the figure</source>
        <translation>在图下方显示公式</translation>
    </message>
    <message>
        <source>The file name must end in .pdf, .svg or .png.</source>
        <translation>文件名必须以 .pdf、.svg 或 .png 结尾。</translation>
    </message>
    <message>
        <source>%1 exists. Replace it?</source>
        <translation>%1 已存在。要替换它吗？</translation>
    </message>
    <message>
        <source> in</source>
        <translation> 英寸</translation>
    </message>
    <message>
        <source> px</source>
        <translation> 像素</translation>
    </message>
    <message>
        <source>= %1 × %2 px</source>
        <translation>= %1 × %2 像素</translation>
    </message>
    <message>
        <source>PDF (*.pdf);;SVG (*.svg);;PNG image (*.png)</source>
        <translation>PDF (*.pdf);;SVG (*.svg);;PNG 图像 (*.png)</translation>
    </message>
</context>
<context>
    <name>poslab::ui::Figure</name>
    <message>
        <source>nothing to draw</source>
        <translation>没有可绘制的内容</translation>
    </message>
    <message>
        <source>%1 values</source>
        <translation>%1 个值</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>poslab::ui::FigureExport</name>
    <message>
        <source>Sweep written to %1</source>
        <translation>扫描已写入 %1</translation>
    </message>
    <message>
        <source>Figure copied to the clipboard</source>
        <translation>图像已复制到剪贴板</translation>
    </message>
    <message>
        <source>Export Figure</source>
        <translation>导出图像</translation>
    </message>
    <message>
        <source>Figure written to %1</source>
        <translation>图像已写入 %1</translation>
    </message>
    <message>
        <source>Export &amp;Figure…</source>
        <translation>导出图像(&amp;F)…</translation>
    </message>
    <message>
        <source>Export the current view as a PDF, SVG or PNG figure for slides</source>
        <translation>把当前视图导出为用于幻灯片的 PDF、SVG 或 PNG 图像</translation>
    </message>
    <message>
        <source>Copy Fi&amp;gure</source>
        <translation>复制图像(&amp;G)</translation>
    </message>
    <message>
        <source>Copy the current view as a 1920 × 1080 figure (image and SVG)</source>
        <translation>把当前视图复制为 1920 × 1080 的图像（位图和 SVG）</translation>
    </message>
    <message>
        <source>There is no view to export.</source>
        <translation>没有可导出的视图。</translation>
    </message>
    <message>
        <source>The view is still being computed; try again in a moment.</source>
        <translation>视图仍在计算中，请稍后再试。</translation>
    </message>
    <message>
        <source>The view shows an error, not a figure: %1</source>
        <translation>该视图显示的是错误而不是图像：%1</translation>
    </message>
    <message>
        <source>Writing %1…</source>
        <translation>正在写入 %1…</translation>
    </message>
</context>
<context>
    <name>poslab::ui::HeatmapPaint</name>
    <message>
        <source>0 = exact</source>
        <translation>0 = 精确</translation>
    </message>
</context>
<context>
    <name>poslab::ui::HeatmapWidget</name>
    <message>
        <source>row</source>
        <translation>行</translation>
    </message>
    <message>
        <source>column</source>
        <translation>列</translation>
    </message>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>mean %1 (min %2, max %3 over %4 values)</source>
        <translation>平均 %1（%4 个值，最小 %2，最大 %3）</translation>
    </message>
    <message>
        <source>mean %1 (cell means from %2 to %3, over %4 values)</source>
        <translation>平均 %1（格平均值从 %2 到 %3，共 %4 个值）</translation>
    </message>
    <message>
        <source>mean %1</source>
        <translation>平均 %1</translation>
    </message>
    <message>
        <source>mean %1 (min and max not computed: %2 values, too many to check exactly)</source>
        <translation>平均 %1（未计算最小值和最大值：共 %2 个值，太多，无法逐一精确检查）</translation>
    </message>
    <message>
        <source>min and max not computed: %1 values, too many to check exactly</source>
        <translation>未计算最小值和最大值：共 %1 个值，太多，无法逐一精确检查</translation>
    </message>
    <message>
        <source>min %1, max %2 over %3 values</source>
        <translation>最小 %1，最大 %2（共 %3 个值）</translation>
    </message>
    <message>
        <source>cell means from %1 to %2 over %3 values</source>
        <translation>格平均值从 %1 到 %2（共 %3 个值）</translation>
    </message>
</context>
<context>
    <name>poslab::ui::HelpDialog</name>
    <message>
        <source>In a figure</source>
        <translation>图中</translation>
    </message>
    <message>
        <source>Zoom in or out around the cursor</source>
        <translation>以光标为中心放大或缩小</translation>
    </message>
    <message>
        <source>Mouse wheel</source>
        <translation>鼠标滚轮</translation>
    </message>
    <message>
        <source>Move the zoomed figure</source>
        <translation>移动放大后的图</translation>
    </message>
    <message>
        <source>Drag</source>
        <translation>拖动</translation>
    </message>
    <message>
        <source>Show the whole figure again</source>
        <translation>重新显示整幅图</translation>
    </message>
    <message>
        <source>Double-click</source>
        <translation>双击</translation>
    </message>
    <message>
        <source>Read the value under the cursor</source>
        <translation>读取光标处的数值</translation>
    </message>
    <message>
        <source>Hover</source>
        <translation>悬停</translation>
    </message>
    <message>
        <source>During a lesson</source>
        <translation>课程进行中</translation>
    </message>
    <message>
        <source>Next step</source>
        <translation>下一步</translation>
    </message>
    <message>
        <source>Previous step</source>
        <translation>上一步</translation>
    </message>
    <message>
        <source>First step, last step</source>
        <translation>第一步、最后一步</translation>
    </message>
    <message>
        <source>Leave presentation mode</source>
        <translation>退出演示模式</translation>
    </message>
    <message>
        <source>Window</source>
        <translation>窗口</translation>
    </message>
    <message>
        <source>PosLab Help</source>
        <translation>PosLab 帮助</translation>
    </message>
    <message>
        <source>Keyboard shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>Quick start</source>
        <translation>快速入门</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Command</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>&lt;b&gt;Pick an encoding&lt;/b&gt; in the list on the left. Its search (%1) finds pages by name and by topic: try &quot;decay&quot;, &quot;bias&quot; or &quot;rotation&quot;.</source>
        <translation>&lt;b&gt;选择一个编码&lt;/b&gt;：在左侧列表中点选。列表的搜索框（%1）按名称和主题查找页面：试试“衰减”“偏置”或“旋转”。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Drag a parameter&lt;/b&gt; in the panel on the right: the figures follow the slider. Type an exact value and press Enter; the arrow beside a field resets it, %1 undoes.</source>
        <translation>&lt;b&gt;拖动参数&lt;/b&gt;：拖动右侧面板中的滑块，图随之变化。输入精确值后按回车；字段旁的箭头将其复位，%1 撤销。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Switch views&lt;/b&gt; with the tabs above the figures (%1 to %2); Overview shows several at once. Hover a figure to read a value, turn the wheel to zoom, drag to move, double-click to see it whole.</source>
        <translation>&lt;b&gt;切换视图&lt;/b&gt;：使用图上方的标签页（%1 至 %2）；“总览”同时显示多个视图。光标悬停在图上可读取数值，滚动滚轮缩放，拖动平移，双击重新显示整幅图。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Compare&lt;/b&gt;: the Compare tab puts A, the panel&apos;s values, beside B, which changes one parameter, and shows their difference.</source>
        <translation>&lt;b&gt;对比&lt;/b&gt;：“对比”标签页把 A（参数面板的取值）与只改变一个参数的 B 并排显示，并给出两者之差。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Follow a lesson&lt;/b&gt; from the Lessons menu: Page Down or → steps through it, %1 presents it full screen and Escape leaves.</source>
        <translation>&lt;b&gt;跟随课程&lt;/b&gt;：从“课程”菜单开始；按 Page Down 或 → 逐步前进，%1 全屏演示，Escape 退出。</translation>
    </message>
    <message>
        <source>&lt;b&gt;Export&lt;/b&gt;: %1 saves the current view as a PDF, SVG or PNG figure for slides, %2 copies it to the clipboard.</source>
        <translation>&lt;b&gt;导出&lt;/b&gt;：%1 把当前视图保存为用于幻灯片的 PDF、SVG 或 PNG 图像，%2 将其复制到剪贴板。</translation>
    </message>
    <message>
        <source>PosLab in six steps</source>
        <translation>六步上手 PosLab</translation>
    </message>
    <message>
        <source>Every key is listed under Help › Keyboard shortcuts (%1).</source>
        <translation>所有按键都列在“帮助 › 键盘快捷键”（%1）中。</translation>
    </message>
    <message>
        <source>&amp;Keyboard shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;Quick start</source>
        <translation>快速入门(&amp;Q)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
</context>
<context>
    <name>poslab::ui::LessonPlayer</name>
    <message>
        <source>Previous step (Page Up, Left)</source>
        <translation>上一步（Page Up、左方向键）</translation>
    </message>
    <message>
        <source>Next step (Page Down, Right, Space)</source>
        <translation>下一步（Page Down、右方向键、空格）</translation>
    </message>
    <message>
        <source>End the lesson</source>
        <translation>结束课程</translation>
    </message>
</context>
<context>
    <name>poslab::ui::MainWindow</name>
    <message>
        <source>Show view tab %1</source>
        <translation>显示第 %1 个视图标签页</translation>
    </message>
    <message>
        <source>refused: see the parameter panel</source>
        <translation>已拒绝：见参数面板</translation>
    </message>
    <message>
        <source>About PosLab</source>
        <translation>关于 PosLab</translation>
    </message>
    <message>
        <source>PosLab — a laboratory for Transformer positional encodings.
Every number is computed by the CPU core in double precision.</source>
        <translation>PosLab —— Transformer 位置编码实验室。
所有数值均由 CPU 核心以双精度计算。</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>computed in %1 ms, drawn in %2 ms</source>
        <translation>计算 %1 毫秒，绘制 %2 毫秒</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Copy parameters</source>
        <translation>复制参数(&amp;C)</translation>
    </message>
    <message>
        <source>Reset &amp;all parameters</source>
        <translation>重置全部参数(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Search encodings</source>
        <translation>搜索编码(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Dark theme</source>
        <translation>深色主题(&amp;D)</translation>
    </message>
    <message>
        <source>&amp;Colour map</source>
        <translation>色图(&amp;C)</translation>
    </message>
    <message>
        <source>Automatic (from the quantity: viridis, or diverging for signed values)</source>
        <translation>自动（由物理量决定：viridis；有正负的数值用发散色图）</translation>
    </message>
    <message>
        <source>Viridis (sequential)</source>
        <translation>Viridis（顺序色图）</translation>
    </message>
    <message>
        <source>Diverging, centred on 0 (red–white–blue; dark centre in the dark theme)</source>
        <translation>发散色图，以 0 为中心（红–白–蓝；深色主题下中心为深色）</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
    </message>
    <message>
        <source>Reset &amp;layout</source>
        <translation>重置布局(&amp;L)</translation>
    </message>
    <message>
        <source>Reset the &amp;Class</source>
        <translation>重置课堂(&amp;C)</translation>
    </message>
    <message>
        <source>Class reset: every page is back at its preset; lessons, comparisons and marks are cleared.</source>
        <translation>课堂已重置：每一页都回到预设值；课程、对比和标记均已清除。</translation>
    </message>
    <message>
        <source>Cancel the computation</source>
        <translation>取消计算</translation>
    </message>
    <message>
        <source>Encodings</source>
        <translation>编码</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Explanation</source>
        <translation>说明</translation>
    </message>
    <message>
        <source>&amp;Language</source>
        <translation>语言(&amp;L)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;About PosLab</source>
        <translation>关于 PosLab(&amp;A)</translation>
    </message>
    <message>
        <source>Auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>CPU (double)</source>
        <translation>CPU（双精度）</translation>
    </message>
    <message>
        <source>Vulkan</source>
        <translation>Vulkan</translation>
    </message>
    <message>
        <source>Compute backend: Auto (a GPU when it is faster), the CPU in double precision (the reference), or Vulkan (float32)</source>
        <translation>计算后端：自动（GPU 更快时使用 GPU）、CPU 双精度（参考结果）或 Vulkan（float32）</translation>
    </message>
    <message>
        <source>Vulkan: %1 (float32)</source>
        <translation>Vulkan:%1(float32)</translation>
    </message>
    <message>
        <source>The last result was computed on this Vulkan device in single precision; quantities without a shader use the CPU in double</source>
        <translation>上一个结果由此 Vulkan 设备以单精度计算；没有着色器的量由 CPU 以双精度计算</translation>
    </message>
    <message>
        <source>CPU — Vulkan unavailable: %1</source>
        <translation>CPU — Vulkan 不可用：%1</translation>
    </message>
    <message>
        <source>Vulkan was asked for but cannot be used; the CPU core computes in double precision</source>
        <translation>已请求 Vulkan 但无法使用；由 CPU 核心以双精度计算</translation>
    </message>
    <message>
        <source>The last result was computed by the CPU core in double precision</source>
        <translation>上一个结果由 CPU 核心以双精度计算</translation>
    </message>
    <message>
        <source>Vulkan is not available (%1); computing on the CPU</source>
        <translation>Vulkan 不可用（%1）；改用 CPU 计算</translation>
    </message>
    <message>
        <source>POSLAB_MEMORY_BUDGET = &apos;%1&apos; is not a size (such as 512MiB or 4GiB); the default memory budget of %2 applies</source>
        <translation>POSLAB_MEMORY_BUDGET = &apos;%1&apos; 不是一个大小（例如 512MiB 或 4GiB）；使用默认内存预算 %2</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Open a lesson</source>
        <translation>打开课程</translation>
    </message>
    <message>
        <source>PosLab lessons (*.json)</source>
        <translation>PosLab 课程 (*.json)</translation>
    </message>
    <message>
        <source>The lesson was not opened: %1</source>
        <translation>未能打开课程：%1</translation>
    </message>
    <message>
        <source>&amp;New Session</source>
        <translation>新建会话(&amp;N)</translation>
    </message>
    <message>
        <source>&amp;Open Session…</source>
        <translation>打开会话(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Save Session</source>
        <translation>保存会话(&amp;S)</translation>
    </message>
    <message>
        <source>Save Session &amp;As…</source>
        <translation>会话另存为(&amp;A)…</translation>
    </message>
    <message>
        <source>Le&amp;ssons</source>
        <translation>课程(&amp;S)</translation>
    </message>
    <message>
        <source>(no built-in lessons)</source>
        <translation>（没有内置课程）</translation>
    </message>
    <message>
        <source>Open &amp;Lesson File…</source>
        <translation>打开课程文件(&amp;L)…</translation>
    </message>
    <message>
        <source>&amp;Previous Step (Page Up)</source>
        <translation>上一步(&amp;P)（Page Up）</translation>
    </message>
    <message>
        <source>&amp;Next Step (Page Down)</source>
        <translation>下一步(&amp;N)（Page Down）</translation>
    </message>
    <message>
        <source>&amp;End the Lesson</source>
        <translation>结束课程(&amp;E)</translation>
    </message>
    <message>
        <source>unknown page &quot;%1&quot;</source>
        <translation>未知页面“%1”</translation>
    </message>
    <message>
        <source>the lesson has no steps</source>
        <translation>课程没有任何步骤</translation>
    </message>
    <message>
        <source>Compare with a model config</source>
        <translation>与一个模型配置比较</translation>
    </message>
    <message>
        <source>Model configs (*.json)</source>
        <translation>模型配置 (*.json)</translation>
    </message>
    <message>
        <source>Open &amp;Model Config…</source>
        <translation>打开模型配置(&amp;M)…</translation>
    </message>
    <message>
        <source>Recent &amp;Models</source>
        <translation>最近的模型(&amp;M)</translation>
    </message>
    <message>
        <source>Open a model config</source>
        <translation>打开模型配置</translation>
    </message>
    <message>
        <source>(none yet)</source>
        <translation>（暂无）</translation>
    </message>
    <message>
        <source>no model is open</source>
        <translation>没有打开任何模型</translation>
    </message>
    <message>
        <source>layers of kind &quot;%1&quot; have no RoPE: nothing to explore on the RoPE page</source>
        <translation>“%1”类的层没有 RoPE：在 RoPE 页面上没有可探索的内容</translation>
    </message>
    <message>
        <source>the RoPE page is not available</source>
        <translation>RoPE 页面不可用</translation>
    </message>
    <message>
        <source>model: %1</source>
        <translation>模型：%1</translation>
    </message>
    <message>
        <source>compared model: %1</source>
        <translation>比较的模型：%1</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>Setting %1 is unknown; using the default</source>
        <translation>设置 %1 无法识别；改用默认值</translation>
    </message>
    <message>
        <source>Settings %1 are unknown; using the defaults</source>
        <translation>设置 %1 无法识别；改用默认值</translation>
    </message>
    <message>
        <source>layers of kind &quot;%1&quot; carry no positions: nothing to explore</source>
        <translation>“%1”类的层不带位置信息：没有可探索的内容</translation>
    </message>
    <message>
        <source>s = %1 is past the largest length the views take (%2): they open at %2</source>
        <translation>s = %1 超过视图可取的最大长度（%2）：视图在 %2 处打开</translation>
    </message>
    <message>
        <source>the %1 page is not available</source>
        <translation>%1 页面不可用</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ModelChart</name>
    <message>
        <source>kept</source>
        <translation>保持</translation>
    </message>
    <message>
        <source>blended</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>interpolated</source>
        <translation>插值</translation>
    </message>
    <message>
        <source>(too small to draw)</source>
        <translation>（太小，无法绘制）</translation>
    </message>
    <message>
        <source>%1 of %2 pairs (from j = %3) have frequency 0: they do not rotate (drawn as × on the edge)</source>
        <translation>%2 对中有 %1 对（从 j = %3 起）频率为 0：它们不旋转（在边缘画作 ×）</translation>
    </message>
    <message>
        <source>Layers of kind &quot;%1&quot; carry no RoPE (NoPE): nothing rotates, so there are no frequencies or wavelengths.</source>
        <translation>“%1”类的层不带 RoPE（NoPE）：没有任何旋转，因此没有频率，也没有波长。</translation>
    </message>
    <message>
        <source>before scaling</source>
        <translation>缩放前</translation>
    </message>
    <message>
        <source>after scaling</source>
        <translation>缩放后</translation>
    </message>
    <message>
        <source>no scaling</source>
        <translation>未缩放</translation>
    </message>
    <message>
        <source>Frequency θⱼ per pair</source>
        <translation>每个维度对的频率 θⱼ</translation>
    </message>
    <message>
        <source>pair j</source>
        <translation>维度对 j</translation>
    </message>
    <message>
        <source>θⱼ (radians per position)</source>
        <translation>θⱼ（每个位置的弧度）</translation>
    </message>
    <message>
        <source>Wavelength 2π/θⱼ against the context</source>
        <translation>波长 2π/θⱼ 与上下文长度</translation>
    </message>
    <message>
        <source>wavelength (positions)</source>
        <translation>波长（位置数）</translation>
    </message>
    <message>
        <source>original context L = %1</source>
        <translation>原始上下文 L = %1</translation>
    </message>
    <message>
        <source>extended context = %1</source>
        <translation>扩展后的上下文 = %1</translation>
    </message>
    <message>
        <source>Query scale over position</source>
        <translation>查询缩放随位置的变化</translation>
    </message>
    <message>
        <source>position p (log)</source>
        <translation>位置 p（对数）</translation>
    </message>
    <message>
        <source>factor on the queries</source>
        <translation>查询的乘数</translation>
    </message>
    <message>
        <source>query scale</source>
        <translation>查询缩放</translation>
    </message>
    <message>
        <source>This kind does not scale its queries.</source>
        <translation>这一类层不缩放查询。</translation>
    </message>
    <message>
        <source>dashed: before scaling</source>
        <translation>虚线：缩放前</translation>
    </message>
    <message>
        <source>s ≤ L = %1: short_factor</source>
        <translation>s ≤ L = %1：short_factor</translation>
    </message>
    <message>
        <source>s &gt; L, from %1: long_factor</source>
        <translation>s &gt; L（从 %1 起）：long_factor</translation>
    </message>
    <message>
        <source>YaRN ramp: pairs %1 to %2</source>
        <translation>YaRN 渐变：第 %1 到第 %2 对</translation>
    </message>
    <message>
        <source>llama3 threshold L/%1 = %2</source>
        <translation>llama3 阈值 L/%1 = %2</translation>
    </message>
    <message>
        <source>llama3 band: λ from L/%1 = %2 to L/%3 = %4</source>
        <translation>llama3 过渡段：λ 从 L/%1 = %2 到 L/%3 = %4</translation>
    </message>
    <message>
        <source>extended context = %1 (factor × L)</source>
        <translation>扩展后的上下文 = %1（缩放因子 × L）</translation>
    </message>
    <message>
        <source>unscaled (ratio 1)</source>
        <translation>未缩放（比值 1）</translation>
    </message>
    <message>
        <source>linear (PI), 1/%1</source>
        <translation>线性（PI），1/%1</translation>
    </message>
    <message>
        <source>NTK-aware</source>
        <translation>NTK-aware</translation>
    </message>
    <message>
        <source>dynamic NTK, s = %1</source>
        <translation>动态 NTK，s = %1</translation>
    </message>
    <message>
        <source>YaRN</source>
        <translation>YaRN</translation>
    </message>
    <message>
        <source>llama3</source>
        <translation>llama3</translation>
    </message>
    <message>
        <source>LongRoPE, s ≤ L (short)</source>
        <translation>LongRoPE，s ≤ L（短表）</translation>
    </message>
    <message>
        <source>LongRoPE, s &gt; L (long)</source>
        <translation>LongRoPE，s &gt; L（长表）</translation>
    </message>
    <message>
        <source>proportional, p = %1 (chosen)</source>
        <translation>proportional，p = %1（为图选定）</translation>
    </message>
    <message>
        <source>proportional, p = %1</source>
        <translation>proportional，p = %1</translation>
    </message>
    <message>
        <source>No scaling in this kind: factor %1 chosen for the chart, d = %2, base %3, L = %4 → %5.</source>
        <translation>这一类层不做缩放：图中选用缩放因子 %1，d = %2，base %3，L = %4 → %5。</translation>
    </message>
    <message>
        <source>The model&apos;s d = %2, base %3, factor %1, L = %4 → %5.</source>
        <translation>本模型的 d = %2，base %3，缩放因子 %1，L = %4 → %5。</translation>
    </message>
    <message>
        <source>L = max_position_embeddings / factor.</source>
        <translation>L = max_position_embeddings / 缩放因子。</translation>
    </message>
    <message>
        <source>L = %1: the config gives no context length.</source>
        <translation>L = %1：配置中没有给出上下文长度。</translation>
    </message>
    <message>
        <source>LongRoPE: short_factor up to s = L = %1, long_factor from %2.</source>
        <translation>LongRoPE：s 不超过 L = %1 时用 short_factor，从 %2 起用 long_factor。</translation>
    </message>
    <message>
        <source>LongRoPE needs the model&apos;s short_factor and long_factor.</source>
        <translation>LongRoPE 需要模型自己的 short_factor 和 long_factor。</translation>
    </message>
    <message>
        <source>proportional: pairs j ≥ %1 do not rotate (×).</source>
        <translation>proportional：j ≥ %1 的维度对不旋转（×）。</translation>
    </message>
    <message>
        <source>Scaling methods: θ′ⱼ / θⱼ per pair</source>
        <translation>各缩放方法：每个维度对的 θ′ⱼ / θⱼ</translation>
    </message>
    <message>
        <source>θ′ⱼ / θⱼ (log)</source>
        <translation>θ′ⱼ / θⱼ（对数）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>%1 (this model)</source>
        <translation>%1（本模型）</translation>
    </message>
    <message>
        <source>This kind carries no RoPE (NoPE): no frequencies to scale.</source>
        <translation>这一类层不带 RoPE（NoPE）：没有可缩放的频率。</translation>
    </message>
    <message>
        <source>L = max_position_embeddings.</source>
        <translation>L = max_position_embeddings。</translation>
    </message>
    <message>
        <source>Each model&apos;s own scaling: θ′ⱼ / θⱼ per pair</source>
        <translation>各模型自己的缩放：每个维度对的 θ′ⱼ / θⱼ</translation>
    </message>
    <message>
        <source>%1 of %2 pairs turn fully</source>
        <translation>%2 个维度对中有 %1 个转满一圈</translation>
    </message>
    <message>
        <source>window W = %1 (%2 below)</source>
        <translation>窗口 W = %1（其下方：%2）</translation>
    </message>
    <message>
        <source>2π/W, window W = %1 (%2 above)</source>
        <translation>2π/W，窗口 W = %1（其上方：%2）</translation>
    </message>
    <message>
        <source>pairs turning fully inside the window</source>
        <translation>在窗口内转满一圈的维度对</translation>
    </message>
    <message>
        <source> (first)</source>
        <translation>（第一个）</translation>
    </message>
    <message>
        <source> (last)</source>
        <translation>（最后一个）</translation>
    </message>
    <message>
        <source> (middle)</source>
        <translation>（中间）</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1 (h = 0) … %2 (h = %3)</source>
        <translation>%1（h = 0）… %2（h = %3）</translation>
    </message>
    <message>
        <source>h = %1%2: m = %3</source>
        <translation>头 h = %1%2：m = %3</translation>
    </message>
    <message>
        <source>%1: all %2 heads</source>
        <translation>%1：全部 %2 个头</translation>
    </message>
    <message>
        <source>%1: heads h = %2 of %3</source>
        <translation>%1：%3 个头中的 h = %2</translation>
    </message>
    <message>
        <source>MPT&apos;s rule</source>
        <translation>MPT 规则</translation>
    </message>
    <message>
        <source>the paper&apos;s rule (BLOOM)</source>
        <translation>论文规则（BLOOM）</translation>
    </message>
    <message>
        <source>; causal: keys after the query are masked (−∞)</source>
        <translation>；因果：查询之后的键被屏蔽（−∞）</translation>
    </message>
    <message>
        <source>ALiBi: bias −mₕ·|i − j| per head, as a penalty (log–log)</source>
        <translation>ALiBi：每个头的偏置 −mₕ·|i − j|，画作惩罚（双对数）</translation>
    </message>
    <message>
        <source>distance |i − j| (log)</source>
        <translation>距离 |i − j|（对数）</translation>
    </message>
    <message>
        <source>−bias = mₕ · distance (log)</source>
        <translation>−偏置 = mₕ · 距离（对数）</translation>
    </message>
    <message>
        <source>distances up to L − 1 = %1</source>
        <translation>距离画到 L − 1 = %1</translation>
    </message>
    <message>
        <source>the config names no context length (ALiBi needs none): distances drawn up to %1</source>
        <translation>配置未给出上下文长度（ALiBi 不需要）：距离画到 %1</translation>
    </message>
    <message>
        <source>log–log: each head is a line of slope 1, its height the slope</source>
        <translation>双对数坐标：每个头是一条斜率为 1 的直线，高低即其斜率</translation>
    </message>
    <message>
        <source>key before the query (j &lt; i)</source>
        <translation>键在查询之前（j &lt; i）</translation>
    </message>
    <message>
        <source>key after the query (j &gt; i)</source>
        <translation>键在查询之后（j &gt; i）</translation>
    </message>
    <message>
        <source>exact: one bucket per distance below %1</source>
        <translation>精确区：%1 以下每个距离一个桶</translation>
    </message>
    <message>
        <source>from max_distance = %1 on: the last bucket</source>
        <translation>从 max_distance = %1 起：最后一个桶</translation>
    </message>
    <message>
        <source>num_buckets = %1, max_distance = %2: %3 buckets %4, %5 exact, the rest log-spaced up to max_distance; distance 0 is bucket 0</source>
        <translation>num_buckets = %1，max_distance = %2：%4 %3 个桶，其中 %5 个精确，其余按对数间隔直到 max_distance；距离 0 为桶 0</translation>
    </message>
    <message>
        <source>each way</source>
        <translation>每个方向</translation>
    </message>
    <message>
        <source>before the query</source>
        <translation>在查询之前</translation>
    </message>
    <message>
        <source>; causal: every key after the query is bucket 0</source>
        <translation>；因果：查询之后的每个键都在桶 0</translation>
    </message>
    <message>
        <source>T5: the bucket of j − i, kind &quot;%1&quot; (%2)</source>
        <translation>T5：j − i 的桶，“%1”类（%2）</translation>
    </message>
    <message>
        <source>bidirectional</source>
        <translation>双向</translation>
    </message>
    <message>
        <source>causal</source>
        <translation>因果</translation>
    </message>
    <message>
        <source>|j − i| (log)</source>
        <translation>|j − i|（对数）</translation>
    </message>
    <message>
        <source>bucket</source>
        <translation>桶</translation>
    </message>
    <message>
        <source>log x: the log-spaced buckets become equal steps</source>
        <translation>横轴取对数：按对数间隔的桶成为等宽的台阶</translation>
    </message>
    <message>
        <source>row p + %1, up to row n − 1 = %2</source>
        <translation>第 p + %1 行，直到第 n − 1 = %2 行</translation>
    </message>
    <message>
        <source>no row: p from %1 to s − 1 = %2</source>
        <translation>无对应行：p 从 %1 到 s − 1 = %2</translation>
    </message>
    <message>
        <source>no row: p ≥ n − offset = %1</source>
        <translation>无对应行：p ≥ n − 偏移 = %1</translation>
    </message>
    <message>
        <source>last row n − 1 = %1</source>
        <translation>最后一行 n − 1 = %1</translation>
    </message>
    <message>
        <source>; the model&apos;s s = %1 runs past the table by %2 positions</source>
        <translation>；模型的 s = %1 超出表 %2 个位置</translation>
    </message>
    <message>
        <source>Learned table: the row that position p reads</source>
        <translation>可学习位置表：位置 p 读取的行</translation>
    </message>
    <message>
        <source>position p</source>
        <translation>位置 p</translation>
    </message>
    <message>
        <source>table row</source>
        <translation>表行</translation>
    </message>
    <message>
        <source>clip(j − i, −%1, %1)</source>
        <translation>相对索引 clip(j − i, −%1, %1)</translation>
    </message>
    <message>
        <source>|j − i| &gt; k = %1: one shared row each side</source>
        <translation>|j − i| &gt; k = %1：每侧共用一行</translation>
    </message>
    <message>
        <source>clip k = %1 (max_position_embeddings − 1): %2 table rows, row = clip(j − i, −k, k) + k</source>
        <translation>截断距离 k = %1（max_position_embeddings − 1）：表有 %2 行，行号 = clip(j − i, −k, k) + k</translation>
    </message>
    <message>
        <source>; only |j − i| ≤ %1 is drawn, inside the clip</source>
        <translation>；只画出 |j − i| ≤ %1，位于截断距离以内</translation>
    </message>
    <message>
        <source>Shaw: the relative index clip(j − i, −k, k)</source>
        <translation>Shaw：相对索引 clip(j − i, −k, k)</translation>
    </message>
    <message>
        <source>offset j − i</source>
        <translation>偏移 j − i</translation>
    </message>
    <message>
        <source>clipped offset (table row − k)</source>
        <translation>截断后的偏移（表行 − k）</translation>
    </message>
    <message>
        <source>No kind of another encoding (ALiBi, T5, learned, Shaw) to draw.</source>
        <translation>没有其他编码（ALiBi、T5、可学习、Shaw）的层类可画。</translation>
    </message>
    <message>
        <source>%1 (%2) is not drawn: another encoding, not on these axes</source>
        <translation>%1（%2）未画出：编码不同，不在这些坐标轴上</translation>
    </message>
    <message>
        <source>%1 heads, slopes mₕ = %2, by %3 with bias_max B = %4</source>
        <translation>%1 个头，斜率 mₕ = %2，采用 %3，bias_max B = %4</translation>
    </message>
    <message>
        <source>distance i − j (log)</source>
        <translation>距离 i − j（对数）</translation>
    </message>
    <message>
        <source>row p, up to row n − 1 = %1</source>
        <translation>第 p 行，直到第 n − 1 = %1 行</translation>
    </message>
    <message>
        <source>no row: p ≥ n = %1</source>
        <translation>无对应行：p ≥ n = %1</translation>
    </message>
    <message>
        <source>n = %1 rows: position p reads row p; positions from %1 on have no row</source>
        <translation>n = %1 行：位置 p 读取第 p 行；从 %1 起的位置没有对应的行</translation>
    </message>
    <message>
        <source>n = %1 rows, index offset %2: position p reads row p + %2; positions from %3 on have no row (rows 0 to %4 are never read by a position)</source>
        <translation>n = %1 行，索引偏移 %2：位置 p 读取第 p + %2 行；从 %3 起的位置没有对应的行（第 0 至 %4 行不会被任何位置读取）</translation>
    </message>
    <message>
        <source>; inside the model&apos;s %1 positions |j − i| ≤ %2: no offset is clipped</source>
        <translation>；在模型的 %1 个位置之内 |j − i| ≤ %2：没有偏移被截断</translation>
    </message>
    <message>
        <source>T5: the bucket of j − i</source>
        <translation>T5：j − i 的桶</translation>
    </message>
    <message>
        <source>pair j = %1 of %2 (2j/d = %3)</source>
        <translation>维度对 j = %1（共 %2 对，2j/d = %3）</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <translation>%1 和 %2</translation>
    </message>
    <message>
        <source>model/%1: no query scale in %2</source>
        <translation>model/%1：%2 没有查询缩放</translation>
    </message>
    <message>
        <source>model/%1: %2 take no positions from ALiBi, T5, learned or Shaw; see model/frequencies</source>
        <translation>model/%1：%2 的位置不来自 ALiBi、T5、可学习位置表或 Shaw；请看 model/frequencies</translation>
    </message>
    <message>
        <source>model/%1: no RoPE in %2; see model/charts</source>
        <translation>model/%1：%2 没有 RoPE；请看 model/charts</translation>
    </message>
    <message>
        <source>The Model page&apos;s charts</source>
        <translation>模型页的图表</translation>
    </message>
    <message>
        <source>Scaling methods</source>
        <translation>缩放方法</translation>
    </message>
    <message>
        <source>What ALiBi, T5, learned or Shaw numbers imply</source>
        <translation>ALiBi、T5、可学习位置表或 Shaw 的数值意味着什么</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>%1, before scaling</source>
        <translation>%1，缩放前</translation>
    </message>
    <message>
        <source>2j/d (pair j over the d/2 pairs)</source>
        <translation>2j/d（维度对 j 除以 d/2 对）</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ModelKindText</name>
    <message>
        <source>linear attention</source>
        <translation>线性注意力</translation>
    </message>
    <message>
        <source>Mamba</source>
        <translation>Mamba</translation>
    </message>
    <message>
        <source>convolution</source>
        <translation>卷积</translation>
    </message>
    <message>
        <source>not attention</source>
        <translation>非注意力层</translation>
    </message>
    <message>
        <source>RoPE</source>
        <translation>RoPE</translation>
    </message>
    <message>
        <source>M-RoPE (multimodal RoPE)</source>
        <translation>M-RoPE（多模态 RoPE）</translation>
    </message>
    <message>
        <source>ALiBi</source>
        <translation>ALiBi</translation>
    </message>
    <message>
        <source>T5 relative buckets</source>
        <translation>T5 相对位置分桶</translation>
    </message>
    <message>
        <source>learned absolute</source>
        <translation>可学习的绝对位置编码</translation>
    </message>
    <message>
        <source>Shaw relative positions</source>
        <translation>Shaw 相对位置表示</translation>
    </message>
    <message>
        <source>NoPE</source>
        <translation>NoPE</translation>
    </message>
    <message>
        <source>no positions</source>
        <translation>无位置信息</translation>
    </message>
    <message>
        <source>, window %1</source>
        <translation>，窗口 %1</translation>
    </message>
    <message>
        <source>no positions (%1)</source>
        <translation>无位置信息（%1）</translation>
    </message>
    <message>
        <source>NoPE (attention without positions)</source>
        <translation>NoPE（不带位置的注意力）</translation>
    </message>
    <message>
        <source>%1, base %2</source>
        <translation>%1，base %2</translation>
    </message>
    <message>
        <source>%1 = %2</source>
        <translation>%1 = %2</translation>
    </message>
    <message>
        <source>sections [%1]</source>
        <translation>分段 [%1]</translation>
    </message>
    <message>
        <source>: </source>
        <translation>：</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>T5</source>
        <translation>T5</translation>
    </message>
    <message>
        <source>Learned</source>
        <translation>可学习位置编码</translation>
    </message>
    <message>
        <source>Shaw</source>
        <translation>Shaw</translation>
    </message>
    <message>
        <source>on %1 of %2 layers</source>
        <translation>用于 %2 层中的 %1 层</translation>
    </message>
    <message>
        <source>%1 NoPE</source>
        <translation>%1 层 NoPE</translation>
    </message>
    <message>
        <source>%1 without positions (not attention)</source>
        <translation>%1 层不带位置信息（非注意力）</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ModelPage</name>
    <message>
        <source>nothing</source>
        <translation>无</translation>
    </message>
    <message>
        <source>a config file…</source>
        <translation>配置文件…</translation>
    </message>
    <message>
        <source>no model config</source>
        <translation>没有模型配置</translation>
    </message>
    <message>
        <source>%1 has no layer kind &quot;%2&quot;</source>
        <translation>%1 没有“%2”这一类层</translation>
    </message>
    <message>
        <source>Presets</source>
        <translation>预设</translation>
    </message>
    <message>
        <source>Open Model Config…</source>
        <translation>打开模型配置…</translation>
    </message>
    <message>
        <source>Compare with:</source>
        <translation>比较对象：</translation>
    </message>
    <message>
        <source>Explore in RoPE</source>
        <translation>在 RoPE 中探索</translation>
    </message>
    <message>
        <source>Open the RoPE page with this kind&apos;s parameters: every view then follows the model</source>
        <translation>用这一类层的参数打开 RoPE 页面：之后所有视图都跟随该模型</translation>
    </message>
    <message>
        <source>Layers of %1 (click a layer to select its kind)</source>
        <translation>%1 的层（点击一层以选中它所属的类）</translation>
    </message>
    <message>
        <source>Layers (click a layer to select its kind)</source>
        <translation>层（点击一层以选中它所属的类）</translation>
    </message>
    <message>
        <source>Layers of %1</source>
        <translation>%1 的层</translation>
    </message>
    <message>
        <source>No model</source>
        <translation>没有模型</translation>
    </message>
    <message>
        <source>pick a preset, open a config.json or drop one on the window</source>
        <translation>选择一个预设、打开一个 config.json，或把它拖到窗口上</translation>
    </message>
    <message>
        <source>%1 vs %2</source>
        <translation>%1 对比 %2</translation>
    </message>
    <message>
        <source>quantity</source>
        <translation>量</translation>
    </message>
    <message>
        <source>value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Notes of the config:</source>
        <translation>配置的说明：</translation>
    </message>
    <message>
        <source>%1, layers of kind &quot;%2&quot;: no RoPE (NoPE). Nothing rotates, so there are no frequencies or wavelengths; %3</source>
        <translation>%1，“%2”类的层：没有 RoPE（NoPE）。没有任何旋转，因此没有频率，也没有波长；%3</translation>
    </message>
    <message>
        <source>the position reaches these layers only through the query scale below.</source>
        <translation>位置只能通过下面的查询缩放影响这些层。</translation>
    </message>
    <message>
        <source>position reaches them only through the layers around.</source>
        <translation>位置只能通过周围的层影响它们。</translation>
    </message>
    <message>
        <source>No model: pick a preset on the left or open a config.json.</source>
        <translation>没有模型：请在左侧选择一个预设，或打开一个 config.json。</translation>
    </message>
    <message>
        <source> — named by %1</source>
        <translation>——依据 %1 判定</translation>
    </message>
    <message>
        <source>Positions of %1: %2</source>
        <translation>%1 的位置编码：%2</translation>
    </message>
    <message>
        <source>Positions: %1</source>
        <translation>位置编码：%1</translation>
    </message>
    <message>
        <source>Explore in %1</source>
        <translation>在 %1 中探索</translation>
    </message>
    <message>
        <source>Open the %1 page with this kind&apos;s parameters: every view then follows the model</source>
        <translation>用这一类层的参数打开 %1 页面：随后每个视图都跟随该模型</translation>
    </message>
    <message>
        <source>Layers of this kind carry no positions: nothing to explore</source>
        <translation>这一类层不带位置信息：没有可探索的内容</translation>
    </message>
    <message>
        <source>The two kinds agree on every row.</source>
        <translation>两类层在每一行上都相同。</translation>
    </message>
    <message>
        <source>≠ %1 rows differ: %2</source>
        <translation>≠ 有 %1 行不同：%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>⚠ What the reader noticed in the config:</source>
        <translation>⚠ 读取配置时注意到的情况（读取器原文）：</translation>
    </message>
    <message>
        <source>%1, layers of kind &quot;%2&quot;: no positions. They are not softmax attention (%3): nothing in them sees where a token is; the attention layers around them carry the position.</source>
        <translation>%1，“%2”类的层：没有位置信息。它们不是 softmax 注意力（%3）：其中没有任何部分知道词元的位置；位置由它们周围的注意力层携带。</translation>
    </message>
    <message>
        <source>a linear bias per head, added to the scores</source>
        <translation>每个头一个线性偏置，加到注意力分数上</translation>
    </message>
    <message>
        <source>a learned bias per distance bucket and head</source>
        <translation>每个距离桶和每个头一个可学习的偏置</translation>
    </message>
    <message>
        <source>a learned vector per position, added to the input</source>
        <translation>每个位置一个可学习的向量，加到输入上</translation>
    </message>
    <message>
        <source>learned vectors per clipped relative distance</source>
        <translation>每个截断后的相对距离一个可学习的向量</translation>
    </message>
    <message>
        <source>%1, layers of kind &quot;%2&quot;: positions by %3 (%4), drawn below. &quot;Explore in %5&quot; opens its page with this model&apos;s numbers: %6.</source>
        <translation>%1，“%2”类的层：位置来自 %3（%4），见下图。“在 %5 中探索”会用该模型的数值打开它的页面：%6。</translation>
    </message>
    <message>
        <source>Show or hide the presets (hidden while two models share a narrow page)</source>
        <translation>显示或隐藏预设（两个模型共用较窄的页面时隐藏）</translation>
    </message>
    <message>
        <source>There is no model to export: pick a preset or open a config.json.</source>
        <translation>没有可导出的模型：请选择一个预设，或打开一个 config.json。</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ModelText</name>
    <message>
        <source>no model loaded</source>
        <translation>未加载模型</translation>
    </message>
    <message>
        <source>layer %1: %2</source>
        <translation>第 %1 层：%2</translation>
    </message>
    <message>
        <source>model</source>
        <translation>模型</translation>
    </message>
    <message>
        <source>NoPE (no rotation)</source>
        <translation>NoPE（不旋转）</translation>
    </message>
    <message>
        <source>%1, base %2</source>
        <translation>%1，base %2</translation>
    </message>
    <message>
        <source>layer kind</source>
        <translation>层的类别</translation>
    </message>
    <message>
        <source>layers</source>
        <translation>层数</translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
    <message>
        <source>RoPE type</source>
        <translation>RoPE 类型</translation>
    </message>
    <message>
        <source>none (NoPE)</source>
        <translation>无（NoPE）</translation>
    </message>
    <message>
        <source>base θ</source>
        <translation>base θ</translation>
    </message>
    <message>
        <source>%1 of head dim %2</source>
        <translation>%1（头维度 %2）</translation>
    </message>
    <message>
        <source> (%1 of %2 pairs rotate)</source>
        <translation>（%2 对中有 %1 对旋转）</translation>
    </message>
    <message>
        <source>rotary dim</source>
        <translation>旋转维度</translation>
    </message>
    <message>
        <source>pairing</source>
        <translation>配对方式</translation>
    </message>
    <message>
        <source>interleaved</source>
        <translation>交错（interleaved）</translation>
    </message>
    <message>
        <source>half (rotate_half)</source>
        <translation>对半（rotate_half）</translation>
    </message>
    <message>
        <source>factor</source>
        <translation>缩放因子</translation>
    </message>
    <message>
        <source>original context L</source>
        <translation>原始上下文 L</translation>
    </message>
    <message>
        <source>extended context</source>
        <translation>扩展后的上下文</translation>
    </message>
    <message>
        <source>attention factor</source>
        <translation>注意力因子</translation>
    </message>
    <message>
        <source>logit multiplier</source>
        <translation>得分乘数</translation>
    </message>
    <message>
        <source>pairs kept</source>
        <translation>保持的对数</translation>
    </message>
    <message>
        <source>pairs blended</source>
        <translation>混合的对数</translation>
    </message>
    <message>
        <source>pairs interpolated</source>
        <translation>插值的对数</translation>
    </message>
    <message>
        <source>query scale</source>
        <translation>查询缩放</translation>
    </message>
    <message>
        <source>%1 — %2 · layers: %3</source>
        <translation>%1 — %2 · 层数：%3</translation>
    </message>
    <message>
        <source>sequence length s</source>
        <translation>序列长度 s</translation>
    </message>
    <message>
        <source>the default</source>
        <translation>默认</translation>
    </message>
    <message>
        <source>%1 — from %2</source>
        <translation>%1——来自 %2</translation>
    </message>
    <message>
        <source>log_L(p+1) where p+1 &gt; L = %1</source>
        <translation>当 p+1 &gt; L = %1 时为 log_L(p+1)</translation>
    </message>
    <message>
        <source>q·k dim (MLA)</source>
        <translation>q·k 维度（MLA）</translation>
    </message>
    <message>
        <source>%1 (softmax scale 1/√%1)</source>
        <translation>%1（softmax 缩放 1/√%1）</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置编码</translation>
    </message>
    <message>
        <source>sliding window</source>
        <translation>滑动窗口</translation>
    </message>
    <message>
        <source>%1 tokens</source>
        <translation>%1 个词元</translation>
    </message>
    <message>
        <source>none (full attention)</source>
        <translation>无（全注意力）</translation>
    </message>
    <message>
        <source>pairs turning fully in the window</source>
        <translation>在窗口内转满一圈的维度对</translation>
    </message>
    <message>
        <source>%1 of %2 pairs</source>
        <translation>%2 个维度对中的 %1 个</translation>
    </message>
    <message>
        <source>NoPE layers</source>
        <translation>NoPE 层</translation>
    </message>
    <message>
        <source>sliding-window layers</source>
        <translation>滑动窗口层</translation>
    </message>
    <message>
        <source>layers without positions</source>
        <translation>不带位置信息的层</translation>
    </message>
    <message>
        <source>%1 (factor × L)</source>
        <translation>%1（缩放因子 × L）</translation>
    </message>
    <message>
        <source>max_position_embeddings = %1; factor × L = %2 × %3 is larger</source>
        <translation>max_position_embeddings = %1；缩放因子 × L = %2 × %3 更大</translation>
    </message>
</context>
<context>
    <name>poslab::ui::PageWidget</name>
    <message>
        <source>Overview</source>
        <translation>总览</translation>
    </message>
    <message>
        <source>Next tab</source>
        <translation>下一个标签页</translation>
    </message>
    <message>
        <source>Previous tab</source>
        <translation>上一个标签页</translation>
    </message>
    <message>
        <source>More views ▾</source>
        <translation>更多视图 ▾</translation>
    </message>
    <message>
        <source>The views that are not tabs: the one chosen takes the last tab</source>
        <translation>未放在标签页上的视图：选中的视图占用最后一个标签页</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ParamPanel</name>
    <message>
        <source>Choose a .npy file</source>
        <translation>选择 .npy 文件</translation>
    </message>
    <message>
        <source>NumPy arrays (*.npy)</source>
        <translation>NumPy 数组 (*.npy)</translation>
    </message>
    <message>
        <source>Allowed: %1</source>
        <translation>允许取值：%1</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>默认值：%1</translation>
    </message>
    <message>
        <source>Reset to the page&apos;s value (%1)</source>
        <translation>恢复本页的预设值（%1）</translation>
    </message>
    <message>
        <source>Parameters of %1</source>
        <translation>%1 的参数</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ParamPopup</name>
    <message>
        <source>Drag, or press ← →; Esc closes</source>
        <translation>拖动，或按 ← →；按 Esc 关闭</translation>
    </message>
    <message>
        <source>Click a value; Esc closes</source>
        <translation>点选一个取值；按 Esc 关闭</translation>
    </message>
</context>
<context>
    <name>poslab::ui::Presenter</name>
    <message>
        <source>The presenter view needs a second screen (a projector); on one screen, use presentation mode (%1).</source>
        <translation>演讲者视图需要第二个屏幕（投影仪）；只有一个屏幕时，请使用演示模式（%1）。</translation>
    </message>
    <message>
        <source>Presenter view on %1; Esc there or %2 closes it</source>
        <translation>演讲者视图已在 %1 上打开；在该屏幕按 Esc 或按 %2 关闭</translation>
    </message>
    <message>
        <source>Presen&amp;ter view</source>
        <translation>演讲者视图(&amp;T)</translation>
    </message>
    <message>
        <source>Show the figure, its formula and parameters full screen on the second screen</source>
        <translation>在第二个屏幕上全屏显示图、公式和参数</translation>
    </message>
</context>
<context>
    <name>poslab::ui::PresenterCanvas</name>
    <message>
        <source>No model is open on the Model page.</source>
        <translation>模型页上没有打开的模型。</translation>
    </message>
    <message>
        <source>Computing…</source>
        <translation>计算中…</translation>
    </message>
</context>
<context>
    <name>poslab::ui::PresenterWindow</name>
    <message>
        <source>PosLab — presenter view</source>
        <translation>PosLab — 演讲者视图</translation>
    </message>
</context>
<context>
    <name>poslab::ui::RotationWidget</name>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>position m = %1 (blue)   position k = %2 (red)   k − m = %3</source>
        <translation>位置 m = %1（蓝）   位置 k = %2（红）   k − m = %3</translation>
    </message>
    <message>
        <source>pair j = %1</source>
        <translation>维度对 j = %1</translation>
    </message>
    <message>
        <source>angle = %1°</source>
        <translation>夹角 = %1°</translation>
    </message>
</context>
<context>
    <name>poslab::ui::Session</name>
    <message>
        <source>&quot;%1&quot; must be an integer from %2 to %3</source>
        <translation>“%1”必须是 %2 到 %3 之间的整数</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be a string</source>
        <translation>“%1”必须是字符串</translation>
    </message>
    <message>
        <source>&quot;%1&quot; must be one of: %2</source>
        <translation>“%1”必须是以下之一：%2</translation>
    </message>
    <message>
        <source>&quot;views&quot; must be an array</source>
        <translation>“views”必须是数组</translation>
    </message>
    <message>
        <source>%1 must be an object</source>
        <translation>%1 必须是对象</translation>
    </message>
    <message>
        <source>%1: the page %2 has no view &quot;%3&quot; on tab %4</source>
        <translation>%1：页面 %2 的第 %4 个标签页上没有视图“%3”</translation>
    </message>
    <message>
        <source>%1: &quot;state&quot; must be an object</source>
        <translation>%1：“state”必须是对象</translation>
    </message>
    <message>
        <source>not a PosLab session (%1 at byte %2)</source>
        <translation>不是 PosLab 会话（第 %2 字节处：%1）</translation>
    </message>
    <message>
        <source>not a PosLab session (the top level is not a JSON object)</source>
        <translation>不是 PosLab 会话（顶层不是 JSON 对象）</translation>
    </message>
    <message>
        <source>not a PosLab session (no integer &quot;format&quot;)</source>
        <translation>不是 PosLab 会话（没有整数“format”）</translation>
    </message>
    <message>
        <source>written by a newer PosLab (format %1; this version reads up to %2)</source>
        <translation>由更新版本的 PosLab 写入（格式 %1；本版本最多读取格式 %2）</translation>
    </message>
    <message>
        <source>unknown session format %1</source>
        <translation>未知的会话格式 %1</translation>
    </message>
    <message>
        <source>&quot;page&quot; must be a string</source>
        <translation>“page”必须是字符串</translation>
    </message>
    <message>
        <source>unknown page &quot;%1&quot;</source>
        <translation>未知页面“%1”</translation>
    </message>
    <message>
        <source>the page %1 has no view &quot;%2&quot;</source>
        <translation>页面 %1 没有视图“%2”</translation>
    </message>
    <message>
        <source>&quot;params&quot; must be an object</source>
        <translation>“params”必须是对象</translation>
    </message>
    <message>
        <source>cannot write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>no recovery folder</source>
        <translation>没有恢复文件夹</translation>
    </message>
    <message>
        <source>%1: no &quot;config&quot; text</source>
        <translation>%1：没有 &quot;config&quot; 文本</translation>
    </message>
    <message>
        <source>%1: the embedded config is refused: %2</source>
        <translation>%1：内嵌的配置被拒绝：%2</translation>
    </message>
    <message>
        <source>%1: the config has no layer kind &quot;%2&quot;</source>
        <translation>%1：配置中没有“%2”这一类层</translation>
    </message>
    <message>
        <source>&quot;model&quot; must be an object</source>
        <translation>&quot;model&quot; 必须是一个对象</translation>
    </message>
    <message>
        <source>model: &quot;shown&quot; must be true or false</source>
        <translation>model：&quot;shown&quot; 必须是 true 或 false</translation>
    </message>
    <message>
        <source>model: &quot;compare&quot; must be an object</source>
        <translation>model：&quot;compare&quot; 必须是一个对象</translation>
    </message>
    <message>
        <source>model: the config is refused at seq_len %1</source>
        <translation>model：配置在 seq_len %1 下被拒绝</translation>
    </message>
    <message>
        <source>not a PosLab session (%1)</source>
        <translation>不是 PosLab 会话（%1）</translation>
    </message>
    <message>
        <source>a file of that name is in the way</source>
        <translation>同名文件占用了该路径</translation>
    </message>
    <message>
        <source>Autosave is off: cannot create %1 (%2)</source>
        <translation>自动保存已关闭：无法创建 %1（%2）</translation>
    </message>
    <message>
        <source>Autosave is off in this window: another running PosLab autosaves to %1</source>
        <translation>本窗口的自动保存已关闭：另一个正在运行的 PosLab 正在自动保存到 %1</translation>
    </message>
    <message>
        <source>Autosave is off: cannot write in %1</source>
        <translation>自动保存已关闭：无法写入 %1</translation>
    </message>
</context>
<context>
    <name>poslab::ui::SessionController</name>
    <message>
        <source>Autosave failed: %1</source>
        <translation>自动保存失败：%1</translation>
    </message>
    <message>
        <source>Open a session</source>
        <translation>打开会话</translation>
    </message>
    <message>
        <source>PosLab sessions (*.poslab)</source>
        <translation>PosLab 会话 (*.poslab)</translation>
    </message>
    <message>
        <source>The session was not opened: %1</source>
        <translation>未能打开会话：%1</translation>
    </message>
    <message>
        <source>Save the session</source>
        <translation>保存会话</translation>
    </message>
    <message>
        <source>The session was not saved: %1</source>
        <translation>未能保存会话：%1</translation>
    </message>
    <message>
        <source>untitled</source>
        <translation>未命名</translation>
    </message>
    <message>
        <source>Unsaved changes</source>
        <translation>未保存的更改</translation>
    </message>
    <message>
        <source>The session &quot;%1&quot; has unsaved changes. Save them?</source>
        <translation>会话“%1”有未保存的更改。要保存吗？</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>Clear the list</source>
        <translation>清空列表</translation>
    </message>
    <message>
        <source>there is no session to recover</source>
        <translation>没有可恢复的会话</translation>
    </message>
    <message>
        <source>Recover the session</source>
        <translation>恢复会话</translation>
    </message>
    <message>
        <source>PosLab did not close normally last time. Recover the session autosaved at %1?</source>
        <translation>PosLab 上次没有正常关闭。要恢复 %1 自动保存的会话吗？</translation>
    </message>
    <message>
        <source>The session could not be recovered: %1
The file is kept at %2.</source>
        <translation>无法恢复会话：%1
文件保留在 %2。</translation>
    </message>
</context>
<context>
    <name>poslab::ui::SweepProgress</name>
    <message>
        <source>Recording the sweep</source>
        <translation>正在录制扫描</translation>
    </message>
    <message>
        <source>Computing %1 frames…</source>
        <translation>正在计算 %1 帧…</translation>
    </message>
    <message>
        <source>Drawing frame %1 of %2…</source>
        <translation>正在绘制第 %1 帧（共 %2 帧）…</translation>
    </message>
</context>
<context>
    <name>poslab::ui::SweepRun</name>
    <message>
        <source>The sweep was cancelled.</source>
        <translation>扫描已取消。</translation>
    </message>
</context>
<context>
    <name>poslab::ui::SweepScales</name>
    <message>
        <source>one colour scale for all %1 frames</source>
        <translation>%1 帧共用一个色标</translation>
    </message>
</context>
<context>
    <name>poslab::ui::SweepSection</name>
    <message>
        <source>Record a sweep</source>
        <translation>录制参数扫描</translation>
    </message>
    <message>
        <source>Parameter</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>log steps</source>
        <translation>对数步长</translation>
    </message>
    <message>
        <source>linear steps</source>
        <translation>线性步长</translation>
    </message>
    <message>
        <source>From → to</source>
        <translation>从 → 到</translation>
    </message>
    <message>
        <source>Animated GIF</source>
        <translation>GIF 动画</translation>
    </message>
    <message>
        <source>PDF, a page per frame</source>
        <translation>PDF，每帧一页</translation>
    </message>
    <message>
        <source>Folder of PNG frames</source>
        <translation>PNG 帧文件夹</translation>
    </message>
    <message>
        <source>MP4 video</source>
        <translation>MP4 视频</translation>
    </message>
    <message>
        <source>MP4 needs ffmpeg</source>
        <translation>MP4 需要 ffmpeg</translation>
    </message>
    <message>
        <source>frames as</source>
        <translation>帧，输出为</translation>
    </message>
    <message>
        <source>Frames</source>
        <translation>帧数</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ViewWidget</name>
    <message>
        <source>⚠ Not updated: a value was refused</source>
        <translation>⚠ 未更新：有参数值被拒绝</translation>
    </message>
    <message>
        <source>m = %1</source>
        <translation>m = %1</translation>
    </message>
    <message>
        <source>Pause</source>
        <translation>暂停</translation>
    </message>
    <message>
        <source>Play</source>
        <translation>播放</translation>
    </message>
    <message>
        <source>head</source>
        <translation>注意力头</translation>
    </message>
    <message>
        <source>dimensions</source>
        <translation>维度</translation>
    </message>
    <message>
        <source>channels</source>
        <translation>通道</translation>
    </message>
    <message>
        <source>Channels to draw as images, separated by commas</source>
        <translation>要画成图像的通道，用逗号分隔</translation>
    </message>
    <message>
        <source>patches</source>
        <translation>图块</translation>
    </message>
    <message>
        <source>Patches h·W + w to compare with all, separated by commas</source>
        <translation>要与所有图块比较的图块编号 h·W + w，用逗号分隔</translation>
    </message>
    <message>
        <source>Columns to draw as waves, separated by commas</source>
        <translation>要画成波形的列，用逗号分隔</translation>
    </message>
    <message>
        <source>k − m</source>
        <translation>k − m</translation>
    </message>
    <message>
        <source>Position m of the first vector</source>
        <translation>第一个向量的位置 m</translation>
    </message>
    <message>
        <source>Offset k − m of the second vector</source>
        <translation>第二个向量相对的偏移 k − m</translation>
    </message>
    <message>
        <source>B changes</source>
        <translation>B 修改</translation>
    </message>
    <message>
        <source>Quantity to compare</source>
        <translation>要对比的量</translation>
    </message>
    <message>
        <source>Value of the parameter in configuration B</source>
        <translation>配置 B 中该参数的取值</translation>
    </message>
    <message>
        <source>Export this view as a figure for slides (PDF, SVG or PNG)</source>
        <translation>把此视图导出为用于幻灯片的图像（PDF、SVG 或 PNG）</translation>
    </message>
    <message>
        <source>distance</source>
        <translation>距离</translation>
    </message>
    <message>
        <source>positions</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>The window to draw, typed (empty: everything). The wheel zooms, a drag pans, a double-click shows everything again.</source>
        <translation>要绘制的窗口，可直接输入（留空表示全部）。滚轮缩放，拖动平移，双击恢复全部。</translation>
    </message>
    <message>
        <source>from</source>
        <translation>从</translation>
    </message>
    <message>
        <source>to</source>
        <translation>到</translation>
    </message>
    <message>
        <source>log x</source>
        <translation>对数 x</translation>
    </message>
    <message>
        <source>A logarithmic distance axis</source>
        <translation>对数距离轴</translation>
    </message>
    <message>
        <source>show</source>
        <translation>显示</translation>
    </message>
    <message>
        <source>auto</source>
        <translation>自动</translation>
    </message>
    <message>
        <source>angle m·θⱼ</source>
        <translation>角度 m·θⱼ</translation>
    </message>
    <message>
        <source>angle mod 2π</source>
        <translation>角度 mod 2π</translation>
    </message>
    <message>
        <source>cos</source>
        <translation>cos</translation>
    </message>
    <message>
        <source>sin</source>
        <translation>sin</translation>
    </message>
    <message>
        <source>What the cells show; auto: the angle up to 4096 positions, then cos (the angle itself only grows)</source>
        <translation>格子显示的内容；自动：4096 个位置以内显示角度，更多位置时显示 cos（角度本身只会不断增大）</translation>
    </message>
</context>
<context>
    <name>poslab::ui::ZoomControls</name>
    <message>
        <source>Zoom in (wheel up; then drag to move around)</source>
        <translation>放大（滚轮向上；放大后拖动可平移）</translation>
    </message>
    <message>
        <source>Zoom out (wheel down)</source>
        <translation>缩小（滚轮向下）</translation>
    </message>
    <message>
        <source>Show everything (double-click)</source>
        <translation>显示全部（双击）</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Show everything</source>
        <translation>显示全部</translation>
    </message>
</context>
</TS>
