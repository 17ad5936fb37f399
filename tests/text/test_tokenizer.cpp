// The Gemma 4 tokenizer against the reference encodings of encode_cases.json (produced by the
// Hugging Face tokenizer) and round-trip properties.
#include "text/tokenizer.h"
#include "text_test_support.h"

#include <QTest>

#include <nlohmann/json.hpp>

using namespace facet::text;
using facet::text::test::gemmaTokenizer;

class TokenizerTest : public QObject {
    Q_OBJECT
private slots:
    void referenceEncodings();
    void specialTokenIds();
    void addedTokensSplitFirst();
};

static QString idsToString(const std::vector<int32_t>& ids) {
    QStringList parts;
    for (int32_t id : ids)
        parts << QString::number(id);
    return parts.join(' ');
}

void TokenizerTest::referenceEncodings() {
    const auto cases =
        nlohmann::json::parse(test::readText(test::resourceDir() / "encode_cases.json"))["cases"];
    QCOMPARE(cases.size(), size_t{46});
    int failures = 0;
    for (const auto& c : cases) {
        const std::string text = c["text"].get<std::string>();
        const auto expected = c["ids"].get<std::vector<int32_t>>();
        const auto actual = gemmaTokenizer().encode(text);
        if (actual != expected) {
            ++failures;
            qWarning("mismatch for %s\n  expected %s\n  actual   %s",
                     nlohmann::json(text).dump().c_str(), qPrintable(idsToString(expected)),
                     qPrintable(idsToString(actual)));
        }
    }
    QCOMPARE(failures, 0);
}

void TokenizerTest::specialTokenIds() {
    const Tokenizer& t = gemmaTokenizer();
    QCOMPARE(t.vocabSize(), size_t{262144});
    QCOMPARE(*t.tokenToId("<bos>"), 2);
    QCOMPARE(*t.tokenToId("<|turn>"), 105);
    QCOMPARE(*t.tokenToId("<turn|>"), 106);
    QCOMPARE(*t.tokenToId("<|image|>"), 258880);
    QCOMPARE(*t.tokenToId("<0x00>"), 238);
    QVERIFY(t.isSpecial(106));
    QVERIFY(!t.isSpecial(100)); // <|channel> is a user-defined, non-special token
    QVERIFY(t.isByteToken(238));
    QVERIFY(!t.isByteToken(107));
}

void TokenizerTest::addedTokensSplitFirst() {
    const Tokenizer& t = gemmaTokenizer();
    const auto ids = t.encode("<|turn>user\nHi<turn|>\n<|image><|image|><|image|><image|>");
    const std::vector<int32_t> head{105, 2364, 107};
    QVERIFY(std::equal(head.begin(), head.end(), ids.begin()));
    const std::vector<int32_t> tail{106, 107, 255999, 258880, 258880, 258882};
    QVERIFY(std::equal(tail.rbegin(), tail.rend(), ids.rbegin()));
}

QTEST_APPLESS_MAIN(TokenizerTest)
#include "test_tokenizer.moc"
