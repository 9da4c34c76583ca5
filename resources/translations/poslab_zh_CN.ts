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
        <source>monotone bound x &lt; %1</source>
        <translation>单调界限 x &lt; %1</translation>
    </message>
    <message>
        <source>original length L = %1</source>
        <translation>原始长度 L = %1</translation>
    </message>
    <message>
        <source>max = %1</source>
        <translation>最大值 = %1</translation>
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
        <source>Search encodings (Ctrl+F)</source>
        <translation>搜索编码 (Ctrl+F)</translation>
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
        <source>1:%1</source>
        <translation>1:%1</translation>
    </message>
</context>
<context>
    <name>poslab::ui::MainWindow</name>
    <message>
        <source>refused: see the parameter panel</source>
        <translation>已拒绝:见参数面板</translation>
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
        <translation>计算 %1 毫秒,绘制 %2 毫秒</translation>
    </message>
    <message>
        <source>Export the current view</source>
        <translation>导出当前视图</translation>
    </message>
    <message>
        <source>PNG images (*.png)</source>
        <translation>PNG 图像 (*.png)</translation>
    </message>
    <message>
        <source>Export</source>
        <translation>导出</translation>
    </message>
    <message>
        <source>Could not write %1</source>
        <translation>无法写入 %1</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Export view image…</source>
        <translation>导出视图图像(&amp;E)…</translation>
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
        <source>Automatic (viridis, or RdBu for signed values)</source>
        <translation>自动(viridis;有正负的数值用 RdBu)</translation>
    </message>
    <message>
        <source>Viridis (sequential)</source>
        <translation>Viridis(顺序色图)</translation>
    </message>
    <message>
        <source>RdBu (diverging, centred on 0)</source>
        <translation>RdBu(发散色图,以 0 为中心)</translation>
    </message>
    <message>
        <source>&amp;Presentation mode</source>
        <translation>演示模式(&amp;P)</translation>
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
        <translation>CPU(双精度)</translation>
    </message>
    <message>
        <source>Vulkan</source>
        <translation>Vulkan</translation>
    </message>
    <message>
        <source>Compute backend: Auto (a GPU when it is faster), the CPU in double precision (the reference), or Vulkan (float32)</source>
        <translation>计算后端:自动(GPU 更快时使用 GPU)、CPU 双精度(参考结果)或 Vulkan(float32)</translation>
    </message>
    <message>
        <source>Vulkan: %1 (float32)</source>
        <translation>Vulkan:%1(float32)</translation>
    </message>
    <message>
        <source>The last result was computed on this Vulkan device in single precision; quantities without a shader use the CPU in double</source>
        <translation>上一个结果由此 Vulkan 设备以单精度计算;没有着色器的量由 CPU 以双精度计算</translation>
    </message>
    <message>
        <source>CPU — Vulkan unavailable: %1</source>
        <translation>CPU — Vulkan 不可用:%1</translation>
    </message>
    <message>
        <source>Vulkan was asked for but cannot be used; the CPU core computes in double precision</source>
        <translation>已请求 Vulkan 但无法使用;由 CPU 核心以双精度计算</translation>
    </message>
    <message>
        <source>The last result was computed by the CPU core in double precision</source>
        <translation>上一个结果由 CPU 核心以双精度计算</translation>
    </message>
    <message>
        <source>Vulkan is not available (%1); computing on the CPU</source>
        <translation>Vulkan 不可用(%1);改用 CPU 计算</translation>
    </message>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
</context>
<context>
    <name>poslab::ui::PageWidget</name>
    <message>
        <source>Overview</source>
        <translation>总览</translation>
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
        <translation>允许取值:%1</translation>
    </message>
    <message>
        <source>Default: %1</source>
        <translation>默认值:%1</translation>
    </message>
    <message>
        <source>Reset to the default (%1)</source>
        <translation>恢复默认值(%1)</translation>
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
    <name>poslab::ui::RotationWidget</name>
    <message>
        <source>computing…</source>
        <translation>计算中…</translation>
    </message>
    <message>
        <source>position m = %1 (blue)   position k = %2 (red)   k − m = %3</source>
        <translation>位置 m = %1(蓝)   位置 k = %2(红)   k − m = %3</translation>
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
    <name>poslab::ui::ViewWidget</name>
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
        <translation>要画成图像的通道,用逗号分隔</translation>
    </message>
    <message>
        <source>patches</source>
        <translation>图块</translation>
    </message>
    <message>
        <source>Patches h·W + w to compare with all, separated by commas</source>
        <translation>要与所有图块比较的图块编号 h·W + w,用逗号分隔</translation>
    </message>
    <message>
        <source>Columns to draw as waves, separated by commas</source>
        <translation>要画成波形的列,用逗号分隔</translation>
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
</context>
</TS>