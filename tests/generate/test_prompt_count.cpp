// Engine::countPrompt (the context meter's number) against what the engine then does: for 50
// random conversations — history of random length, images of random sizes at random levels,
// texts with non-ASCII words, system prompt and thinking switched at random — the count must
// equal the prompt tokens, image tokens and KV-cache positions of the engine's own run of the
// same request on the simulator (Stats, as the run reported them), also when the run is
// refused for not fitting max_seq_len.
#include "sim_fixture.h"

#include <QTest>

#include <random>

using namespace facet::generate;
using gentest::image;
using gentest::text;

namespace {

std::string randomText(std::mt19937& rng, int words) {
    static const char* vocab[] = {"the",   "red",  "square", "what", "is",    "in",    "this",
                                  "photo", "한글", "café",   "3.",   "1990.", "count", "circles",
                                  "and",   "blue", "<turn>", "word", "\n",    "sign",  "?"};
    std::string out;
    for (int i = 0; i < words; ++i) {
        if (i > 0)
            out += ' ';
        out += vocab[rng() % (sizeof vocab / sizeof vocab[0])];
    }
    return out;
}

std::vector<UserPart> randomUserTurn(std::mt19937& rng,
                                     const std::vector<std::filesystem::path>& pool) {
    static const int levels[] = {70, 140, 280};
    std::vector<UserPart> parts;
    const int images = static_cast<int>(rng() % 3);
    for (int i = 0; i < images; ++i)
        parts.push_back(image(pool[rng() % pool.size()], levels[rng() % 3]));
    parts.push_back(text(randomText(rng, 1 + static_cast<int>(rng() % 40))));
    return parts;
}

} // namespace

class TestPromptCount : public QObject {
    Q_OBJECT
private slots:
    void countEqualsTheEnginesRunForRandomConversations() {
        const std::atomic<bool> stop{false};
        const auto engine =
            Engine::load({gentest::simModelDir("sim-model-count"), 0, {}, true}, {}, stop);
        const std::vector<std::filesystem::path> pool{
            gentest::testImage(64, 64, 1),    gentest::testImage(300, 200, 2),
            gentest::testImage(97, 513, 3),   gentest::testImage(640, 480, 4),
            gentest::testImage(1000, 250, 5), gentest::testImage(33, 33, 6)};
        std::mt19937 rng(5555);
        int overflowing = 0;
        for (int trial = 0; trial < 50; ++trial) {
            Request request;
            if (rng() % 3 == 0)
                request.systemPrompt = randomText(rng, 12);
            request.enableThinking = rng() % 4 == 0;
            const int exchanges = static_cast<int>(rng() % 5);
            for (int k = 0; k < exchanges; ++k) {
                Turn user;
                user.parts = randomUserTurn(rng, pool);
                Turn model;
                model.role = Turn::Role::Model;
                model.modelText = randomText(rng, static_cast<int>(rng() % 60));
                request.history.push_back(user);
                request.history.push_back(model);
            }
            request.newUserTurn = randomUserTurn(rng, pool);
            request.sampling.doSample = false;
            request.sampling.maxNewTokens = 1;

            const PromptCount count = engine->countPrompt(request);
            gentest::Recorder run;
            engine->createSession()->generate(request, run, stop); // fresh: nothing reused
            QVERIFY(run.stats.has_value());
            const QString where = QString("trial %1").arg(trial);
            if (run.error) {
                QVERIFY2(run.stats->finishReason == FinishReason::ContextFull, run.error->c_str());
                QVERIFY2(count.positions > 2048, qPrintable(where));
                ++overflowing;
            } else {
                QCOMPARE(run.stats->reusedTokens, 0);
                QCOMPARE(run.stats->tokensPrefilled, count.promptTokens);
            }
            QVERIFY2(run.stats->promptTokens == count.promptTokens, qPrintable(where));
            QVERIFY2(run.stats->imageTokens == count.imageTokens, qPrintable(where));
            QVERIFY2(run.stats->kvPositions == count.positions,
                     qPrintable(where + QString(": engine %1, count %2")
                                            .arg(run.stats->kvPositions)
                                            .arg(count.positions)));
            // Padding for image buckets makes positions exceed the tokens whenever an image is
            // in the prompt; the count must not be the bare token count.
            QVERIFY(count.positions >= count.promptTokens);
        }
        qInfo("%d of 50 conversations did not fit max_seq_len 2048", overflowing);
    }

    // A follow-up turn in the session that ran the turns before reuses their KV cache: its
    // prefill is planned from the cached length and padding, not from 0, so a fresh count can
    // be off by a chunk's padding. Session::countPrompt must equal that run.
    void sessionCountEqualsTheFollowUpRun() {
        const std::atomic<bool> stop{false};
        const auto engine =
            Engine::load({gentest::simModelDir("sim-model-count"), 0, {}, true}, {}, stop);
        const std::vector<std::filesystem::path> pool{gentest::testImage(64, 64, 1),
                                                      gentest::testImage(300, 200, 2),
                                                      gentest::testImage(97, 513, 3)};
        std::mt19937 rng(777);
        int reused = 0;
        int freshDiffers = 0;
        for (int trial = 0; trial < 20; ++trial) {
            const auto session = engine->createSession();
            Request request;
            request.sampling.doSample = false;
            request.sampling.maxNewTokens = 1 + static_cast<int>(rng() % 12);
            request.newUserTurn = randomUserTurn(rng, pool);
            for (int turn = 0; turn < 3; ++turn) {
                const PromptCount count = session->countPrompt(request);
                gentest::Recorder run;
                session->generate(request, run, stop);
                QVERIFY(run.stats.has_value());
                const QString where = QString("trial %1 turn %2").arg(trial).arg(turn);
                QVERIFY2(run.stats->kvPositions == count.positions,
                         qPrintable(where + QString(": engine %1, count %2")
                                                .arg(run.stats->kvPositions)
                                                .arg(count.positions)));
                QVERIFY2(run.stats->promptTokens == count.promptTokens, qPrintable(where));
                if (run.error)
                    break;
                if (run.stats->reusedTokens > 0)
                    ++reused;
                // What the next turn sends: this turn and its reply as history.
                Turn user;
                user.parts = request.newUserTurn;
                Turn model;
                model.role = Turn::Role::Model;
                model.modelText = run.content;
                request.history.push_back(user);
                request.history.push_back(model);
                request.newUserTurn = randomUserTurn(rng, pool);
                if (engine->countPrompt(request).positions !=
                    session->countPrompt(request).positions)
                    ++freshDiffers;
            }
        }
        QVERIFY2(reused > 0, "no follow-up reused the cache: the test tests nothing");
        qInfo("%d follow-ups reused the cache; the fresh count differed for %d", reused,
              freshDiffers);
    }

    void refusesWhatGenerateRefuses() {
        const std::atomic<bool> stop{false};
        const auto engine =
            Engine::load({gentest::simModelDir("sim-model-count"), 0, {}, true}, {}, stop);
        Request request;
        request.newUserTurn = {image(gentest::testImage(64, 64, 1), 1120), text("?")};
        QVERIFY_THROWS_EXCEPTION(facet::Error, (void)engine->countPrompt(request));
    }
};

QTEST_GUILESS_MAIN(TestPromptCount)
#include "test_prompt_count.moc"
