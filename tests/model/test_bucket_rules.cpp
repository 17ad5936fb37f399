// optimum-rbln's compile-time bucket rules (configuration_gemma4.py) and the run-time bucket
// choice, table-driven: each row is one combination with the problems it must (or must not)
// produce. Includes the vendor tutorial's examples.
#include "model/bucket_rules.h"

#include <QTest>

using namespace facet::model;
using Ints = std::vector<std::int64_t>;
using Strings = std::vector<std::string>;
Q_DECLARE_METATYPE(Ints)
Q_DECLARE_METATYPE(Strings)
Q_DECLARE_METATYPE(BucketKey)

class BucketRulesTest : public QObject {
    Q_OBJECT
private slots:
    void rules_data() {
        QTest::addColumn<Ints>("levels");
        QTest::addColumn<Ints>("buckets");
        QTest::addColumn<BucketKey>("key");
        // Fragments each expected problem must contain, one per problem; empty = accepted.
        QTest::addColumn<Strings>("problems");
        const auto S = BucketKey::Singular;
        const auto P = BucketKey::Plural;
        QTest::newRow("tutorial [384,640,1152] serves all five levels")
            << Ints{1120, 560, 280, 140, 70} << Ints{1152, 640, 384} << S << Strings{};
        QTest::newRow("default derivation for all five levels")
            << Ints{1120, 560, 280, 140, 70} << Ints{128, 256, 384, 640, 1152} << S << Strings{};
        QTest::newRow("single level 280 with 384") << Ints{280} << Ints{384} << S << Strings{};
        QTest::newRow("exact fit 640 for 560 and 384 for 280")
            << Ints{560, 280} << Ints{640, 384} << S << Strings{};
        QTest::newRow("int-valued bucket (one element)") << Ints{70} << Ints{128} << S << Strings{};
        QTest::newRow("duplicates are de-duplicated like optimum")
            << Ints{280} << Ints{384, 384} << S << Strings{};
        QTest::newRow("tutorial: [128,384] with [280] has unused 128")
            << Ints{280} << Ints{128, 384} << S
            << Strings{"image_prefill_chunk_size: buckets [128] are never used"};
        QTest::newRow("unused larger bucket")
            << Ints{280} << Ints{384, 1152} << S << Strings{"buckets [1152] are never used"};
        QTest::newRow("shadowed middle bucket") << Ints{1120, 70} << Ints{128, 640, 1152} << S
                                                << Strings{"buckets [640] are never used"};
        QTest::newRow("tutorial: single bucket below the largest level")
            << Ints{1120, 280} << Ints{640} << S
            << Strings{"the largest bucket (640) is smaller than the largest max_soft_tokens "
                       "(1120)"};
        QTest::newRow("bucket 1024 below level 1120")
            << Ints{1120} << Ints{1024} << S << Strings{"need at least 1152"};
        QTest::newRow("not a multiple of 128")
            << Ints{280} << Ints{400} << S << Strings{"400 is not a positive multiple of 128"};
        QTest::newRow("zero and negative buckets")
            << Ints{280} << Ints{0, -128, 384} << S
            << Strings{"0 is not a positive multiple of 128", "-128 is not a positive multiple"};
        QTest::newRow("level outside the supported set")
            << Ints{300} << Ints{384} << S
            << Strings{"vision_tower.max_soft_tokens: 300 is not a Gemma 4 detail level"};
        QTest::newRow("no buckets")
            << Ints{280} << Ints{} << S << Strings{"no image-prefill bucket is compiled"};
        QTest::newRow("no levels")
            << Ints{} << Ints{384} << S << Strings{"no detail level is compiled"};
        QTest::newRow("plural key (alpha): unused bucket allowed")
            << Ints{280} << Ints{384, 1152} << P << Strings{};
        QTest::newRow("plural key (alpha): largest bucket still checked")
            << Ints{1120} << Ints{640} << P
            << Strings{"image_prefill_chunk_sizes: the largest bucket (640)"};
        QTest::newRow("plural key (alpha): multiple of 128 still checked")
            << Ints{280} << Ints{300} << P
            << Strings{"image_prefill_chunk_sizes: 300 is not a positive multiple of 128"};
    }
    void rules() {
        QFETCH(Ints, levels);
        QFETCH(Ints, buckets);
        QFETCH(BucketKey, key);
        QFETCH(Strings, problems);
        const auto got = bucketProblems(levels, buckets, key);
        QString all;
        for (const auto& p : got)
            all += QString::fromStdString(p) + "\n";
        QVERIFY2(got.size() == problems.size(), qPrintable(all));
        for (size_t i = 0; i < problems.size(); ++i)
            QVERIFY2(got[i].find(problems[i]) != std::string::npos, qPrintable(all));
    }

    void defaultDerivation_data() {
        QTest::addColumn<Ints>("levels");
        QTest::addColumn<BucketKey>("rule");
        QTest::addColumn<Ints>("buckets");
        QTest::newRow("v0.11: one per level")
            << Ints{1120, 560, 280, 140, 70} << BucketKey::Singular
            << Ints{128, 256, 384, 640, 1152};
        QTest::newRow("v0.11: default level 280") << Ints{280} << BucketKey::Singular << Ints{384};
        QTest::newRow("alpha: keep the largest (n+1)/2")
            << Ints{1120, 560, 280, 140, 70} << BucketKey::Plural << Ints{384, 640, 1152};
        QTest::newRow("alpha: two levels keep one")
            << Ints{560, 280} << BucketKey::Plural << Ints{640};
    }
    void defaultDerivation() {
        QFETCH(Ints, levels);
        QFETCH(BucketKey, rule);
        QFETCH(Ints, buckets);
        QCOMPARE(defaultImagePrefillBuckets(levels, rule), buckets);
        // Whatever the rule derives must pass its own validation.
        QVERIFY(bucketProblems(levels, buckets, rule).empty());
    }

    void selection_data() {
        QTest::addColumn<Ints>("buckets");
        QTest::addColumn<qint64>("softTokens");
        QTest::addColumn<qint64>("bucket"); // 0 = none
        const Ints tutorial{384, 640, 1152};
        QTest::newRow("70 -> 384") << tutorial << qint64(70) << qint64(384);
        QTest::newRow("140 -> 384") << tutorial << qint64(140) << qint64(384);
        QTest::newRow("280 -> 384") << tutorial << qint64(280) << qint64(384);
        QTest::newRow("560 -> 640") << tutorial << qint64(560) << qint64(640);
        QTest::newRow("1120 -> 1152") << tutorial << qint64(1120) << qint64(1152);
        QTest::newRow("exactly 640 -> 640") << tutorial << qint64(640) << qint64(640);
        QTest::newRow("385 -> 640") << tutorial << qint64(385) << qint64(640);
        QTest::newRow("1 -> 384") << tutorial << qint64(1) << qint64(384);
        QTest::newRow("1153 -> none") << tutorial << qint64(1153) << qint64(0);
        QTest::newRow("unsorted input") << Ints{1152, 384, 640} << qint64(500) << qint64(640);
        QTest::newRow("no buckets") << Ints{} << qint64(1) << qint64(0);
    }
    void selection() {
        QFETCH(Ints, buckets);
        QFETCH(qint64, softTokens);
        QFETCH(qint64, bucket);
        const auto got = selectBucket(buckets, softTokens);
        QCOMPARE(got.value_or(0), bucket);
    }
};

QTEST_APPLESS_MAIN(BucketRulesTest)
#include "test_bucket_rules.moc"
