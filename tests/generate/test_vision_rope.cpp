// The vision RoPE tables against numpy's float32 np.cos / np.sin (Debian's python3-numpy), the
// way optimum-rbln >= 0.12 builds them (make_vision_rope_goldens.py): every position a
// level-1120 image can have, both vision head sizes, float32 bits and the bf16 tables the
// vision graph gets.
#include "generate/bf16.h"
#include "generate/numpy_trig.h"
#include "generate/vision_inputs.h"
#include "test_paths.h"

#include <QTest>

#include <cstring>
#include <fstream>
#include <limits>
#include <nlohmann/json.hpp>

using namespace facet::generate;

namespace {

const std::string kRopeDir = (facet::test::dataDir() / "vision_rope").string() + "/";

std::vector<float> loadFloats(const std::string& name) {
    std::ifstream in(kRopeDir + name, std::ios::binary | std::ios::ate);
    if (!in)
        qFatal("missing golden %s", (kRopeDir + name).c_str());
    const auto bytes = std::size_t(in.tellg());
    std::vector<float> out(bytes / sizeof(float));
    in.seekg(0);
    in.read(reinterpret_cast<char*>(out.data()), std::streamsize(bytes));
    return out;
}

std::uint32_t bits(float v) {
    std::uint32_t b = 0;
    std::memcpy(&b, &v, sizeof b);
    return b;
}

nlohmann::json ropeMeta() {
    std::ifstream in(kRopeDir + "meta.json");
    return nlohmann::json::parse(in);
}

// Table row of a position: 0..n-2 for 0..n-2, the last row for -1 (the script's order).
std::size_t rowOf(std::int64_t position, std::size_t rows) {
    return position < 0 ? rows - 1 : static_cast<std::size_t>(position);
}

} // namespace

class TestVisionRope : public QObject {
    Q_OBJECT
private slots:
    void initTestCase() {
        if (!ropeMeta().at("numpy_simd_trig").get<bool>())
            QSKIP("this CPU makes numpy call libm for float32 cos/sin (no FMA3/AVX512F): the "
                  "golden is not the reference optimum-rbln computes on an x86-64 server");
    }

    // f32(inv_freq * position) and numpy's cos/sin of it, bit for bit, over the whole table.
    void float32TablesEqualNumpy() {
        const nlohmann::json meta = ropeMeta(); // kept alive: the loop walks into it
        QCOMPARE(meta.at("tables").size(), std::size_t{2});
        for (const auto& table : meta.at("tables")) {
            const std::string name = table.at("name");
            const int headDim = table.at("head_dim");
            const auto inv = visionRopeInverseFrequencies(headDim, table.at("theta").get<double>());
            const auto wantInv = loadFloats(name + "_inv.bin");
            QCOMPARE(inv.size(), wantInv.size());
            for (std::size_t j = 0; j < inv.size(); ++j)
                QCOMPARE(bits(inv[j]), bits(wantInv[j]));
            const auto angles = loadFloats(name + "_angle.bin");
            const auto cos = loadFloats(name + "_cos.bin");
            const auto sin = loadFloats(name + "_sin.bin");
            const std::size_t width = static_cast<std::size_t>(headDim / 2);
            const std::size_t rows = angles.size() / width;
            QCOMPARE(rows, std::size_t{10081});
            int wrong = 0;
            for (std::size_t r = 0; r < rows; ++r) {
                const float position = r + 1 == rows ? -1.0f : static_cast<float>(r);
                for (std::size_t c = 0; c < width; ++c) {
                    const std::size_t at = r * width + c;
                    const float angle = inv[c % inv.size()] * position;
                    if (bits(angle) != bits(angles[at]) ||
                        bits(numpyCosF32(angle)) != bits(cos[at]) ||
                        bits(numpySinF32(angle)) != bits(sin[at])) {
                        if (wrong++ < 5)
                            qWarning("%s position %g channel %zu: angle %a cos %a sin %a, numpy "
                                     "%a %a %a",
                                     name.c_str(), double(position), c, double(angle),
                                     double(numpyCosF32(angle)), double(numpySinF32(angle)),
                                     double(angles[at]), double(cos[at]), double(sin[at]));
                    }
                }
            }
            QCOMPARE(wrong, 0);
        }
    }

    // The bf16 tables the vision graph gets: x part then y part, each [f, f].
    void bf16TablesEqualNumpyRounded() {
        const nlohmann::json meta = ropeMeta(); // kept alive: the loop walks into it
        QCOMPARE(meta.at("tables").size(), std::size_t{2});
        for (const auto& table : meta.at("tables")) {
            const std::string name = table.at("name");
            const int headDim = table.at("head_dim");
            const auto cosWant = loadFloats(name + "_cos.bin");
            const auto sinWant = loadFloats(name + "_sin.bin");
            const std::size_t half = static_cast<std::size_t>(headDim / 2);
            const std::size_t rows = cosWant.size() / half;
            // Every position on x, paired with a scattered y, and padding (-1, -1).
            std::vector<std::int64_t> positions;
            for (std::int64_t p = -1; p + 1 < static_cast<std::int64_t>(rows); ++p) {
                positions.push_back(p);
                positions.push_back(p < 0 ? -1 : (p * 7919 + 13) % std::int64_t(rows - 1));
            }
            std::vector<std::uint16_t> cos, sin;
            buildVisionRope(positions, headDim, table.at("theta").get<double>(), cos, sin);
            int wrong = 0;
            for (std::size_t p = 0; p < positions.size() / 2; ++p)
                for (std::size_t axis = 0; axis < 2; ++axis) {
                    const std::size_t row = rowOf(positions[2 * p + axis], rows);
                    for (std::size_t c = 0; c < half; ++c) {
                        const std::size_t at = p * std::size_t(headDim) + axis * half + c;
                        wrong += cos[at] != floatToBf16(cosWant[row * half + c]);
                        wrong += sin[at] != floatToBf16(sinWant[row * half + c]);
                    }
                }
            QCOMPARE(wrong, 0);
        }
    }

    // Positions far apart (no patch grid: the tables per distinct value would be huge) are taken
    // value by value, with the same function: each entry equals numpy's cos/sin of its angle.
    void sparsePositionsEqualTheirOwnAngles() {
        const int headDim = 72;
        const auto inv = visionRopeInverseFrequencies(headDim, 100.0);
        const std::vector<std::int64_t> positions = {0,
                                                     3,
                                                     50000000,
                                                     7,
                                                     -1,
                                                     -1,
                                                     12,
                                                     49999999,
                                                     std::numeric_limits<std::int64_t>::min(),
                                                     std::numeric_limits<std::int64_t>::max()};
        std::vector<std::uint16_t> cos, sin;
        buildVisionRope(positions, headDim, 100.0, cos, sin);
        QCOMPARE(cos.size(), positions.size() / 2 * std::size_t(headDim));
        const std::size_t half = headDim / 2, quarter = half / 2;
        int wrong = 0;
        for (std::size_t p = 0; p < positions.size() / 2; ++p)
            for (std::size_t axis = 0; axis < 2; ++axis)
                for (std::size_t c = 0; c < half; ++c) {
                    const float angle =
                        inv[c % quarter] * static_cast<float>(positions[2 * p + axis]);
                    const std::size_t at = p * std::size_t(headDim) + axis * half + c;
                    wrong += cos[at] != floatToBf16(numpyCosF32(angle));
                    wrong += sin[at] != floatToBf16(numpySinF32(angle));
                }
        QCOMPARE(wrong, 0);
    }
};

QTEST_GUILESS_MAIN(TestVisionRope)
#include "test_vision_rope.moc"
