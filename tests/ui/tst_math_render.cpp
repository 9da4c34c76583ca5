// Painting typeset maths (ui/math): ink inside the reported box, colour, SVG as glyph outlines
// (no raw TeX), PDF, mixed prose and maths with wrapping (Chinese too), the raw-TeX detector,
// and a gallery of ~20 formulas at 32 px and 14 px (written to $POSLAB_MATH_GALLERY/gallery.png
// when that variable names a folder, for looking at).
#include <QBuffer>
#include <QDir>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QPdfWriter>
#include <QProcess>
#include <QRegularExpression>
#include <QStandardPaths>
#include <QSvgGenerator>
#include <QTemporaryDir>
#include <QTest>
#include <cmath>

#include "ui/math/math_formula.h"
#include "ui/math/math_text.h"

using namespace poslab::ui::math;

namespace {

// The bounding box of the pixels darker than the background, or a null rect.
QRect inkBounds(const QImage& img) {
    int x0 = img.width(), y0 = img.height(), x1 = -1, y1 = -1;
    for (int y = 0; y < img.height(); ++y) {
        for (int x = 0; x < img.width(); ++x) {
            if (qGray(img.pixel(x, y)) > 200) continue;
            x0 = std::min(x0, x);
            y0 = std::min(y0, y);
            x1 = std::max(x1, x);
            y1 = std::max(y1, y);
        }
    }
    return x1 < 0 ? QRect() : QRect(QPoint(x0, y0), QPoint(x1, y1));
}

const char* const kGallery[] = {
    R"(\theta_j = \mathrm{base}^{-2j/d},\quad j = 0, 1, \ldots, \tfrac{d}{2} - 1)",
    R"((R_m q)^\top (R_k k) = q^\top R_{k-m}\, k)",
    R"(R_{\theta, m} = \begin{pmatrix} \cos m\theta & -\sin m\theta \\ \sin m\theta & \cos m\theta \end{pmatrix})",
    R"(g(x) = 2\sum_{j=0}^{d/2-1} \cos(x\theta_j))",
    R"(\displaystyle g(x) = 2\sum_{j=0}^{d/2-1} \cos(x\theta_j))",
    R"(\gamma(r) = \begin{cases} 0 & r < \alpha \\ 1 & r > \beta \\ \dfrac{r - \alpha}{\beta - \alpha} & \text{otherwise} \end{cases})",
    R"(\theta_j' = \bigl(1 - \gamma(r_j)\bigr)\frac{\theta_j}{s} + \gamma(r_j)\,\theta_j)",
    R"(\mathrm{softmax}\Bigl(\frac{q_i^\top k_j}{\sqrt{d}} - m_h\,|i - j|\Bigr))",
    R"(m_h = 2^{-8h/H},\qquad h = 1, \ldots, H)",
    R"(\displaystyle \operatorname{softmax}(x)_i = \frac{e^{x_i}}{\sum_{k} e^{x_k}})",
    R"(\lambda_j = \frac{2\pi}{\theta_j} = 2\pi\, b^{2j/d})",
    R"(\left\langle P_m, P_n \right\rangle = \sum_j \cos\bigl((m-n)\,\omega_j\bigr))",
    R"(\displaystyle \frac{2}{d}\sum_i \cos(x\theta_i) \approx \int_0^1 \cos\bigl(x\,\theta(t)\bigr)\,dt)",
    R"(\zeta_j = \frac{2j + \gamma d}{(1+\gamma)\,d},\quad \hat{x} = \frac{x - \bar{x}}{\sqrt{\sigma^2 + \epsilon}})",
    R"(\vec{v} \cdot \nabla f \le \|v\|\,\|\nabla f\|,\quad \tilde{\theta} \ne \dot{\theta})",
    R"(\sqrt[3]{x^2 + y^2} \times \sqrt{\frac{a}{b}} \ge 0)",
    R"(\displaystyle \lim_{n\to\infty} \prod_{k=1}^{n} \left(1 + \frac{1}{k^2}\right))",
    R"(\text{频率 } \omega_j \text{ 随维度 } j \text{ 按几何级数递减})",
    R"(W \begin{bmatrix} x \\ p \end{bmatrix} = W_I x + W_P p,\quad x \in \mathbb{R}^d)",
    R"(\mathbf{A} = \left[ \frac{\partial f_i}{\partial x_j} \right]_{i,j},\quad \pi/(2\theta_{\min}) \approx 14617)",
};

}  // namespace

class TestMathRender : public QObject {
    Q_OBJECT

private slots:
    void inkInsideBox_data() {
        QTest::addColumn<QString>("tex");
        QTest::addColumn<double>("px");
        for (const char* g : kGallery) {
            QTest::newRow(qPrintable(QStringLiteral("32 %1").arg(QString::fromUtf8(g).left(40))))
                << QString::fromUtf8(g) << 32.0;
            QTest::newRow(qPrintable(QStringLiteral("14 %1").arg(QString::fromUtf8(g).left(40))))
                << QString::fromUtf8(g) << 14.0;
        }
    }
    void inkInsideBox() {
        // The painted ink fills the box the layout reports: it starts within a few pixels of
        // each side (italic overhangs aside) and never goes far outside.
        QFETCH(QString, tex);
        QFETCH(double, px);
        const MathFormula f(tex);
        QVERIFY2(f.isValid(), qPrintable(f.error()));
        const int margin = 40;
        const QRectF box = f.boundingRect(px).translated(margin, margin + f.ascent(px));
        QImage img(int(box.right()) + 2 * margin, int(box.bottom()) + 2 * margin,
                   QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            p.setRenderHint(QPainter::Antialiasing);
            f.paint(p, QPointF(margin, margin + f.ascent(px)), px, Qt::black);
        }
        const QRect ink = inkBounds(img);
        QVERIFY(!ink.isNull());
        const double tol = 0.3 * px + 2;  // side bearings of big delimiters, italic overhangs
        QVERIFY2(ink.top() >= box.top() - 2 && ink.bottom() <= box.bottom() + 2,
                 qPrintable(QStringLiteral("ink %1..%2 box %3..%4")
                                .arg(ink.top())
                                .arg(ink.bottom())
                                .arg(box.top())
                                .arg(box.bottom())));
        QVERIFY(ink.top() <= box.top() + tol && ink.bottom() >= box.bottom() - tol);
        const QString h = QStringLiteral("ink x %1..%2 box x %3..%4")
                              .arg(ink.left())
                              .arg(ink.right())
                              .arg(box.left())
                              .arg(box.right());
        QVERIFY2(ink.left() >= box.left() - tol && ink.right() <= box.right() + tol, qPrintable(h));
        QVERIFY2(ink.left() <= box.left() + tol && ink.right() >= box.right() - tol, qPrintable(h));
    }

    void paintsInTheGivenColour() {
        const MathFormula f(QStringLiteral("\\frac{a}{b}"));
        QImage img(60, 60, QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            f.paint(p, QPointF(10, 30), 24, QColor(200, 0, 0));
        }
        int red = 0, other = 0;  // anti-aliased edges blend red into white: still red-dominant
        for (int y = 0; y < img.height(); ++y) {
            for (int x = 0; x < img.width(); ++x) {
                const QColor c = img.pixelColor(x, y);
                if (c == Qt::white) continue;
                (c.red() > c.green() && c.red() > c.blue() ? red : other)++;
            }
        }
        QVERIFY(red > 20);
        QCOMPARE(other, 0);
    }

    void scalesWithPixelSize() {
        const MathFormula f(QStringLiteral("\\sum_{j} \\frac{x_j^2}{\\sqrt{d}}"));
        const QSizeF a = f.size(16), b = f.size(32);
        QVERIFY(qAbs(b.width() - 2 * a.width()) < 0.5);
        QVERIFY(qAbs(b.height() - 2 * a.height()) < 0.5);
    }

    void unusablePixelSizes() {
        const MathFormula f(QStringLiteral("x^2"));
        QImage img(20, 20, QImage::Format_ARGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        for (double px : {0.0, -3.0, std::nan(""), 1e9, 0.1}) {
            QCOMPARE(f.size(px), QSizeF(0, 0));
            f.paint(p, QPointF(5, 15), px, Qt::black);
        }
        p.end();
        QVERIFY(inkBounds(img).isNull());
        QVERIFY(f.size(0.5).width() > 0);
    }

    void svgHasGlyphsNotTex_data() {
        QTest::addColumn<QString>("tex");
        QTest::newRow("rope") << R"(\theta_j = \mathrm{base}^{-2j/d})";
        QTest::newRow("frac") << R"(\frac{q^\top k}{\sqrt{d}})";
        QTest::newRow("text zh") << R"(\text{频率} \omega_j)";
    }
    void svgHasGlyphsNotTex() {
        QFETCH(QString, tex);
        const MathFormula f(tex);
        QBuffer buf;
        buf.open(QIODevice::WriteOnly);
        QSvgGenerator gen;
        gen.setOutputDevice(&buf);
        gen.setSize(QSize(400, 100));
        gen.setViewBox(QRect(0, 0, 400, 100));
        {
            QPainter p(&gen);
            f.paint(p, QPointF(10, 60), 24, Qt::black);
        }
        const QString svg = QString::fromUtf8(buf.data());
        // Glyph runs become outlines (one path per size); <text> only for \text{} prose.
        QVERIFY2(svg.count(QLatin1String("<path")) >= 2, "glyphs as outlines");
        const QRegularExpression textElement(QStringLiteral("<text[^>]*>([^<]*)</text>"));
        for (auto it = textElement.globalMatch(svg); it.hasNext();) {
            const QString content = it.next().captured(1).trimmed();
            QVERIFY2(content.isEmpty() || tex.contains(content), qPrintable(content));
        }
        QVERIFY(!hasRawTex(svg));
        for (const char* raw : {"\\theta", "\\frac", "\\sqrt", "\\mathrm", "base^", "\\text"})
            QVERIFY2(!svg.contains(QLatin1String(raw)), raw);
        if (tex.contains(QLatin1String("频率"))) QVERIFY(svg.contains(QStringLiteral("频率")));
        // One element for the whole formula, when asked for.
        QBuffer one;
        one.open(QIODevice::WriteOnly);
        QSvgGenerator single;
        single.setOutputDevice(&one);
        single.setSize(QSize(400, 100));
        {
            QPainter p(&single);
            p.fillPath(f.path(24).translated(10, 60), Qt::black);
        }
        QCOMPARE(QString::fromUtf8(one.data()).count(QLatin1String("<path")), 1);
    }

    void pdfRenders() {
        const MathFormula f(QStringLiteral("\\left(\\sum_{j=0}^{n} \\frac{1}{j!}\\right)^2"),
                            MathMode::Display);
        QBuffer buf;
        buf.open(QIODevice::WriteOnly);
        {
            QPdfWriter pdf(&buf);
            pdf.setResolution(300);
            QPainter p(&pdf);
            f.paint(p, QPointF(200, 400), 60, Qt::black);
        }
        QVERIFY(buf.data().startsWith("%PDF"));
        QVERIFY(buf.data().size() > 2000);
        QVERIFY(!buf.data().contains("\\sum"));
    }

    void pdfMatchesRaster() {
        // The PDF, rasterised by poppler at the writer's resolution (1 device unit = 1 px), inks
        // the same box as the formula painted on an image: glyph sizes, script baselines and
        // rules survive the PDF engine.
        const QString pdftoppm = QStandardPaths::findExecutable(QStringLiteral("pdftoppm"));
        if (pdftoppm.isEmpty()) QSKIP("pdftoppm (poppler-utils, scripts/setup) is not installed");
        const MathFormula f(QStringLiteral("x^{2^{2}}_{i_{j}} + \\sqrt{\\frac{a}{b}}"));
        QTemporaryDir dir;
        const QString pdfPath = dir.filePath(QStringLiteral("f.pdf"));
        const int dpi = 150;
        {
            QPdfWriter pdf(pdfPath);
            pdf.setResolution(dpi);
            QPainter p(&pdf);
            f.paint(p, QPointF(100, 200), 40, Qt::black);
        }
        QProcess::execute(
            pdftoppm, {QStringLiteral("-r"), QString::number(dpi), QStringLiteral("-png"),
                       QStringLiteral("-singlefile"), pdfPath, dir.filePath(QStringLiteral("f"))});
        const QImage fromPdf(dir.filePath(QStringLiteral("f.png")));
        QVERIFY(!fromPdf.isNull());
        QImage raster(fromPdf.size(), QImage::Format_ARGB32);
        raster.fill(Qt::white);
        {
            QPainter p(&raster);
            p.setRenderHint(QPainter::Antialiasing);
            f.paint(p, QPointF(100, 200), 40, Qt::black);
        }
        const QRect a = inkBounds(fromPdf), b = inkBounds(raster);
        QVERIFY(!a.isNull() && !b.isNull());
        QVERIFY2(qAbs(a.width() - b.width()) <= 2 && qAbs(a.height() - b.height()) <= 2,
                 qPrintable(QStringLiteral("pdf %1x%2 image %3x%4")
                                .arg(a.width())
                                .arg(a.height())
                                .arg(b.width())
                                .arg(b.height())));
    }

    void mixedTextWraps_data() {
        QTest::addColumn<QString>("text");
        QTest::newRow("en")
            << R"(With $\theta_j = \mathrm{base}^{-2j/d}$ and $d = 128$, the score is $g(x) = 2\sum_j \cos(x\theta_j)$ at distance $x$; the bound $\pi/(2\theta_{\min})$ moves out as the base grows.)";
        QTest::newRow("zh")
            << R"(取 $\theta_j = \mathrm{base}^{-2j/d}$ 就得到 Transformer 的位置表，在这里验证一下：$P P^\top$ 的每条对角线都是常数，两个位置的相似度只取决于它们相隔多远。)";
    }
    void mixedTextWraps() {
        QFETCH(QString, text);
        const MathText t(text);
        QVERIFY2(t.isValid(), qPrintable(t.error()));
        QVERIFY(t.formulaCount() >= 2);
        const double px = 16;
        const QSizeF line = t.size(px);
        const QSizeF wrapped = t.size(px, 260);
        QVERIFY(wrapped.width() <= 260 + 1e-6);
        QVERIFY2(wrapped.height() > 2.5 * px * 1.0 && wrapped.height() > line.height() * 2,
                 "wraps into several lines");
        QImage img(300, int(wrapped.height()) + 20, QImage::Format_ARGB32);
        img.fill(Qt::white);
        {
            QPainter p(&img);
            p.setRenderHint(QPainter::Antialiasing);
            t.paint(p, QPointF(10, 10), px, 260, Qt::black);
        }
        const QRect ink = inkBounds(img);
        QVERIFY(!ink.isNull());
        QVERIFY2(ink.right() <= 10 + 260 + 3 && ink.bottom() <= 10 + wrapped.height() + 3,
                 "ink inside the wrapped size");
        QVERIFY(ink.bottom() > 10 + wrapped.height() * 0.6);
        if (!qEnvironmentVariableIsEmpty("POSLAB_MATH_GALLERY"))
            img.save(QDir(qEnvironmentVariable("POSLAB_MATH_GALLERY"))
                         .filePath(QStringLiteral("text_%1.png").arg(QTest::currentDataTag())));
    }

    void mixedTextErrors() {
        QVERIFY(!MathText(QStringLiteral("an unclosed $x^2")).isValid());
        QVERIFY(MathText(QStringLiteral("a price of \\$5")).isValid());
        QCOMPARE(MathText(QStringLiteral("a price of \\$5")).formulaCount(), 0);
        const MathText bad(QStringLiteral("good $x$ then $\\frac{a}$"));
        QVERIFY(!bad.isValid());
        QVERIFY2(bad.error().contains(QLatin1String("formula at position 15")),
                 qPrintable(bad.error()));
        QVERIFY(bad.size(14).width() > 0);  // still laid out
    }

    void rawTexDetector_data() {
        QTest::addColumn<QString>("text");
        QTest::addColumn<bool>("raw");
        QTest::newRow("base^(") << "θ_j = base^(−2j/d)" << true;
        QTest::newRow("R_{") << "qᵀ R_{k−m} k" << true;
        QTest::newRow("e^{") << "p_m = e^{imθ}" << true;
        QTest::newRow("frac") << "a \\frac12 b" << true;
        QTest::newRow("sqrt(") << "sqrt(d)" << true;
        QTest::newRow("in maths") << "with $\\mathrm{base}^{-2j/d}$ here" << false;
        QTest::newRow("plain subscripts") << "θ_j and ω_j" << false;
        QTest::newRow("escaped dollar") << "\\$5 and $x_{1}$" << false;
        QTest::newRow("odd dollar") << "costs $5, x_{1}" << true;
        QTest::newRow("after maths") << "$x$ then y^{2}" << true;
        QTest::newRow("chinese") << "取 $\\theta_j$ 就得到" << false;
    }
    void rawTexDetector() {
        QFETCH(QString, text);
        QFETCH(bool, raw);
        QCOMPARE(hasRawTex(text), raw);
    }

    void gallery() {
        // ~20 formulas at 32 px and at 14 px, one per row (inline style unless the formula
        // says \displaystyle): a visual check (the PNG) and a property: every row inks something.
        double h = 20, w = 0;
        std::vector<MathFormula> fs;
        for (const char* g : kGallery) fs.emplace_back(QString::fromUtf8(g));
        for (const MathFormula& f : fs) {
            h += std::max(f.ascent(32), f.ascent(14)) + std::max(f.descent(32), f.descent(14)) + 12;
            w = std::max(w, f.width(32) + f.width(14) + 80);
        }
        QImage img(int(w), int(h), QImage::Format_ARGB32);
        img.fill(Qt::white);
        QPainter p(&img);
        p.setRenderHint(QPainter::Antialiasing);
        double y = 10;
        for (const MathFormula& f : fs) {
            QVERIFY2(f.isValid(), qPrintable(f.error()));
            const double row =
                std::max(f.ascent(32), f.ascent(14)) + std::max(f.descent(32), f.descent(14));
            const double base = y + std::max(f.ascent(32), f.ascent(14));
            f.paint(p, QPointF(20, base), 32, Qt::black);
            f.paint(p, QPointF(60 + f.width(32), base), 14, QColor(20, 40, 140));
            p.setPen(QColor(230, 230, 230));
            p.drawLine(QPointF(0, y + row + 6), QPointF(w, y + row + 6));
            const QRect ink = inkBounds(img.copy(0, int(y), int(w), int(std::ceil(row)) + 1));
            QVERIFY(!ink.isNull());
            y += row + 12;
        }
        p.end();
        if (!qEnvironmentVariableIsEmpty("POSLAB_MATH_GALLERY")) {
            QDir().mkpath(qEnvironmentVariable("POSLAB_MATH_GALLERY"));
            QVERIFY(img.save(
                QDir(qEnvironmentVariable("POSLAB_MATH_GALLERY")).filePath("gallery.png")));
        }
    }
};

QTEST_MAIN(TestMathRender)
#include "tst_math_render.moc"
