// The repetition guard (generate/repetition_guard.h) on token sequences: the loops the demo
// model writes on real photos are caught, legitimate replies tokenized by the real Gemma 4
// tokenizer are not, and on random sequences with planted loops the incremental rule stops at
// exactly the token a brute-force scan of every suffix names.
#include "generate/repetition_guard.h"
#include "test_paths.h"
#include "text/tokenizer.h"

#include <QTest>

#include <random>
#include <string>
#include <vector>

using facet::generate::RepetitionGuard;

namespace {

const facet::text::Tokenizer& tokenizer() {
    static const auto t = facet::text::Tokenizer::load(facet::test::sourceDir() / "resources" /
                                                       "gemma4-tokenizer" / "tokenizer.json");
    return t;
}

// 1-based index of the id at which the guard first fires, 0 when it never does.
int firstStop(const std::vector<std::int32_t>& ids) {
    RepetitionGuard guard;
    for (std::size_t i = 0; i < ids.size(); ++i)
        if (guard.push(ids[i]))
            return static_cast<int>(i) + 1;
    return 0;
}

// The rule written out directly: the shortest prefix whose tail of some length S is one
// p-gram repeated (ids[j] == ids[j - p] over the tail), S >= max(32, 4p), p <= 64.
int bruteForceStop(const std::vector<std::int32_t>& ids) {
    for (std::size_t n = 1; n <= ids.size(); ++n) {
        for (int p = 1; p <= 64; ++p) {
            const std::size_t span = static_cast<std::size_t>(std::max(32, 4 * p));
            if (span > n)
                continue;
            bool periodic = true;
            for (std::size_t j = n - span + static_cast<std::size_t>(p); j < n && periodic; ++j)
                periodic = ids[j] == ids[j - static_cast<std::size_t>(p)];
            if (periodic)
                return static_cast<int>(n);
        }
    }
    return 0;
}

} // namespace

class TestRepetitionGuard : public QObject {
    Q_OBJECT
private slots:
    // What the demo model answered on a real photo (the Rust embedded book's f3.jpg at 280,
    // greedy): "III can only only only answer answer … questions questions …" to 512 tokens.
    void demoModelLoopIsCaught() {
        std::string reply = "III can only only only";
        for (int i = 0; i < 10; ++i)
            reply += " answer";
        for (int i = 0; i < 200; ++i)
            reply += " questions";
        const auto ids = tokenizer().encode(reply);
        const int stop = firstStop(ids);
        QVERIFY(stop > 0);
        // " questions" is one token: the guard fires on its 32nd copy in a row, about 50 tokens
        // into a reply that would have run to 512.
        std::string before = "III can only only only";
        for (int i = 0; i < 10; ++i)
            before += " answer";
        QCOMPARE(tokenizer().encode(" questions").size(), std::size_t{1});
        QCOMPARE(stop, static_cast<int>(tokenizer().encode(before).size()) + 32);
        QCOMPARE(stop, bruteForceStop(ids));
        RepetitionGuard guard;
        for (int i = 0; i < stop; ++i)
            guard.push(ids[static_cast<std::size_t>(i)]);
        QCOMPARE(guard.period(), 1);
    }

    void repeatedPhraseIsCaught() {
        std::string reply = "The image shows";
        for (int i = 0; i < 20; ++i)
            reply += " a red car parked next to a house.";
        const auto ids = tokenizer().encode(reply);
        QVERIFY(firstStop(ids) > 0);
        QCOMPARE(firstStop(ids), bruteForceStop(ids));
    }

    void legitimateRepliesAreNotCaught() {
        std::vector<std::string> replies;
        std::string list;
        for (int i = 1; i <= 60; ++i)
            list += std::to_string(i) + ". ";
        replies.push_back(list); // "1. 2. 3. …": never periodic, the numbers differ
        std::string items;
        for (int i = 1; i <= 20; ++i)
            items += std::to_string(i) + ". A red apple.\n";
        replies.push_back(items); // the same item three+ times, but numbered
        replies.push_back("It is very very big. I can can see it. Ha ha ha ha ha ha!");
        replies.push_back("| a | b | c | d | e | f |\n|---|---|---|---|---|---|\n"
                          "| 1 | 2 | 3 | 4 | 5 | 6 |\n");
        replies.push_back("Yes. Yes. Yes. The sign says STOP STOP STOP.");
        replies.push_back("The word \"buffalo\" appears: Buffalo buffalo Buffalo buffalo buffalo "
                          "buffalo Buffalo buffalo.");
        for (const std::string& reply : replies) {
            const auto ids = tokenizer().encode(reply);
            QVERIFY2(firstStop(ids) == 0, reply.c_str());
            QCOMPARE(bruteForceStop(ids), 0);
        }
    }

    void thresholdsAreExact() {
        // 31 equal ids after a distinct one: not yet; the 32nd: stop.
        std::vector<std::int32_t> ids{7};
        ids.insert(ids.end(), 31, 5);
        QCOMPARE(firstStop(ids), 0);
        ids.push_back(5);
        QCOMPARE(firstStop(ids), 33);
        // A 10-gram three times and one id short of the fourth: not yet (40 ids needed).
        std::vector<std::int32_t> gram{1, 2, 3, 4, 5, 6, 7, 8, 9, 10};
        std::vector<std::int32_t> loop;
        for (int r = 0; r < 4; ++r)
            loop.insert(loop.end(), gram.begin(), gram.end());
        QCOMPARE(firstStop({loop.begin(), loop.end() - 1}), 0);
        QCOMPARE(firstStop(loop), 40);
        // A 65-gram is beyond kMaxPeriod: four copies are not caught.
        std::vector<std::int32_t> longGram(65);
        for (int i = 0; i < 65; ++i)
            longGram[static_cast<std::size_t>(i)] = 1000 + i;
        std::vector<std::int32_t> longLoop;
        for (int r = 0; r < 4; ++r)
            longLoop.insert(longLoop.end(), longGram.begin(), longGram.end());
        QCOMPARE(firstStop(longLoop), 0);
    }

    void matchesBruteForceOnRandomSequences() {
        std::mt19937 rng(55);
        for (int trial = 0; trial < 400; ++trial) {
            std::vector<std::int32_t> ids;
            const int vocab = 2 + static_cast<int>(rng() % 40); // small: accidental repeats too
            const int total = 50 + static_cast<int>(rng() % 300);
            while (static_cast<int>(ids.size()) < total) {
                if (rng() % 4 == 0) { // plant a loop of a random n-gram
                    const int p = 1 + static_cast<int>(rng() % 70);
                    const int copies = 1 + static_cast<int>(rng() % 6);
                    std::vector<std::int32_t> gram(static_cast<std::size_t>(p));
                    for (auto& g : gram)
                        g = static_cast<std::int32_t>(rng() % static_cast<unsigned>(vocab));
                    for (int c = 0; c < copies; ++c)
                        ids.insert(ids.end(), gram.begin(), gram.end());
                } else {
                    ids.push_back(static_cast<std::int32_t>(rng() % static_cast<unsigned>(vocab)));
                }
            }
            QCOMPARE(firstStop(ids), bruteForceStop(ids));
        }
    }
};

QTEST_GUILESS_MAIN(TestRepetitionGuard)
#include "test_repetition_guard.moc"
