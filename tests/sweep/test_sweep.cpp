// engine/sweep without a model: agreement on hand-made answer pairs, the word-diff counts, the
// recommendation on a synthetic table, runs.jsonl's resume rules (torn last line, other
// settings, a damaged middle line), and the report's escaping of hostile answers.
#include "sweep/agreement.h"
#include "sweep/report.h"
#include "sweep/run_log.h"
#include "sweep/summary.h"
#include "sweep/thumbnail.h"
#include "sweep/word_diff.h"

#include "common/error.h"
#include "image/png_encode.h"
#include "test_paths.h"

#include <QTest>

#include <nlohmann/json.hpp>

#include <fstream>
#include <sstream>

using namespace facet::sweep;

namespace {

RunRecord run(const std::string& image, int level, const std::string& answer, double ttft = 100,
              int softTokens = 0) {
    RunRecord r;
    r.key = {image, "What word is written in the image?", level};
    r.answer = answer;
    r.finishReason = "stop_token";
    r.softTokens = softTokens ? softTokens : level;
    r.ttftMs = ttft;
    r.totalMs = ttft + 50;
    return r;
}

std::string readAll(const std::filesystem::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::stringstream s;
    s << in.rdbuf();
    return s.str();
}

std::filesystem::path freshDir(const char* name) {
    const auto dir = facet::test::dataDir() / name;
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

SweepSettings settings() {
    return {"/models/demo", "greedy", 64, true};
}

} // namespace

class TestSweep : public QObject {
    Q_OBJECT
private slots:
    void agreementOnHandMadePairs() {
        struct Pair {
            const char* reference;
            const char* answer;
            bool same;
        };
        const Pair pairs[] = {
            {"ROOM.", "ROOM.", true},
            {"ROOM.", "room", true},                         // case, final punctuation
            {"A  green\tcircle.", " a green circle ", true}, // spacing
            {"Green.", "Green!?", true},
            {"3 shapes: a red star.", "3 shapes: a red star", true},
            {"ÉCOLE.", "école", true},   // Unicode case folding
            {"Straße", "STRASSE", true}, // full folding (ß -> ss)
            {"ROOM.", "ROAM.", false},
            {"3.", "4.", false},
            {"A square.", "A blue square.", false},
            {"Yes, the word.", "Yes the word.", false}, // inner punctuation counts
            {"", "", true},
            {"", "Green.", false},
        };
        for (const Pair& p : pairs)
            QVERIFY2(compareAnswers(p.reference, p.answer).same == p.same,
                     (std::string(p.reference) + " | " + p.answer).c_str());
        QCOMPARE(normalizeAnswer("  The  word\n ROOM. "), std::string("the word room"));
        QCOMPARE(normalizeAnswer("Yes !"), std::string("yes"));
        // Agreeing answers differ in no word; one word of four replaced is a quarter.
        QCOMPARE(compareAnswers("ROOM.", "room").differingWords, 0.0);
        QCOMPARE(compareAnswers("a red big star", "a blue big star").differingWords, 0.25);
        QCOMPARE(compareAnswers("one two", "").differingWords, 1.0);
    }

    void wordDiffCountsAndSpans() {
        const WordDiffCount c = countWordDiff("the cat sat", "the dog sat on it");
        QCOMPARE(c.baselineWords, std::size_t(3));
        QCOMPARE(c.words, std::size_t(5));
        QCOMPARE(c.shared, std::size_t(2));
        QCOMPARE(c.differingFraction(), 1.0 - 2.0 / 5.0);
        // U+3000 (ideographic space) separates words, as QChar::isSpace says.
        const auto spans = diffWords("가 나", "가\u3000다");
        QCOMPARE(spans.size(), std::size_t(2));
        QCOMPARE(spans[0], (WordSpan{"가\u3000", false}));
        QCOMPARE(spans[1], (WordSpan{"다", true}));
    }

    void recommendationOnSyntheticTable() {
        // 10 image-question pairs; 1120 the reference. 70 agrees on 6, 140 on 9, 280 on 10.
        std::vector<RunRecord> runs;
        for (int i = 0; i < 10; ++i) {
            const std::string img = "img" + std::to_string(i) + ".png";
            runs.push_back(run(img, 1120, "WORD" + std::to_string(i) + ".", 2400));
            runs.push_back(run(img, 280, "word" + std::to_string(i), 400));
            runs.push_back(run(img, 140, i < 9 ? "WORD" + std::to_string(i) : "other", 300));
            runs.push_back(run(img, 70, i < 6 ? "WORD" + std::to_string(i) : "?", 200));
        }
        SweepSummary s = summarize(runs, {70, 140, 280, 1120}, 1120, 0.95);
        QCOMPARE(s.levels.size(), std::size_t(4));
        QCOMPARE(s.levels[0].agreement, 0.6);
        QCOMPARE(s.levels[1].agreement, 0.9);
        QCOMPARE(s.levels[2].agreement, 1.0);
        QCOMPARE(s.levels[3].agreement, 1.0);
        QCOMPARE(s.levels[2].medianTtftMs, 400.0);
        QVERIFY(s.recommendation.level);
        QCOMPARE(*s.recommendation.level, 280);
        QCOMPARE(s.recommendation.text,
                 std::string("280 agrees with 1120 on 100% of 10 answers (threshold 95%) with 4× "
                             "fewer image tokens, first token 0.4 s instead of 2.4 s (median), "
                             "0.5 s instead of 2.5 s a run."));
        // A lower threshold picks the cheaper level that reaches it.
        s = summarize(runs, {70, 140, 280, 1120}, 1120, 0.9);
        QCOMPARE(*s.recommendation.level, 140);
        // Nothing reaches it: said so, with the best level.
        runs.erase(std::remove_if(runs.begin(), runs.end(),
                                  [](const RunRecord& r) { return r.key.level == 280; }),
                   runs.end());
        s = summarize(runs, {70, 140, 1120}, 1120, 0.95);
        QVERIFY(!s.recommendation.level);
        QCOMPARE(s.recommendation.text,
                 std::string("No level cheaper than 1120 agrees with it on 95% of the answers "
                             "(best: 140 at 90%); keep 1120."));
        // Failed runs are counted apart and never compared.
        runs.push_back(run("img0.png", 70, ""));
        runs.back().error = "device failed";
        runs.erase(std::find_if(runs.begin(), runs.end(), [](const RunRecord& r) {
            return r.key.level == 70 && r.key.image == "img0.png" && !r.error;
        }));
        s = summarize(runs, {70, 140, 1120}, 1120, 0.95);
        QCOMPARE(s.levels[0].errors, 1);
        QCOMPARE(s.levels[0].compared, 9);
        // p95 by nearest rank over 20 values 1..20 is the 19th.
        std::vector<RunRecord> ranked;
        for (int i = 1; i <= 20; ++i)
            ranked.push_back(run("i" + std::to_string(i), 70, "x", i));
        QCOMPARE(summarize(ranked, {70}, 70, 0.95).levels[0].p95TtftMs, 19.0);
    }

    void cheapestAgreeingInCompare() {
        const auto v = cheapestAgreeing(
            {{70, "ROAM.", 64, 150}, {280, "Room.", 280, 400}, {1120, "ROOM.", 1120, 2400}});
        QVERIFY(v && v->level);
        QCOMPARE(v->level->level, 280);
        QCOMPARE(v->text, std::string("280 gives the same answer as 1120 with 4× fewer image "
                                      "tokens, first token 0.4 s instead of 2.4 s"));
        const auto none = cheapestAgreeing({{70, "A.", 64, 150}, {1120, "B.", 1120, 2400}});
        QVERIFY(none && !none->level);
        QCOMPARE(none->text, std::string("no lower level gives the same answer as 1120"));
        QVERIFY(!cheapestAgreeing({{70, "A.", 64, 150}}));
    }

    void runLogResumesAfterTornLine() {
        const auto dir = freshDir("torn");
        const auto file = dir / "runs.jsonl";
        {
            RunLog log = RunLog::open(file, settings());
            log.append(run("a.png", 70, "ROOM."));
            log.append(run("a.png", 280, "ROOM."));
        }
        const std::string whole = readAll(file);
        // kill -9 inside the third write: half a line, no newline.
        {
            std::ofstream out(file, std::ios::app | std::ios::binary);
            out << "{\"type\":\"run\",\"image\":\"a.png\",\"question\":\"What wo";
        }
        RunLog log = RunLog::open(file, settings());
        QCOMPARE(log.runs().size(), std::size_t(2));
        QVERIFY(log.droppedBytes() > 0);
        QCOMPARE(readAll(file), whole); // cut back to the last whole line
        log.append(run("a.png", 1120, "ROOM."));
        RunLog again = RunLog::open(file, settings());
        QCOMPARE(again.runs().size(), std::size_t(3));
        QCOMPARE(again.droppedBytes(), std::size_t(0));
        QCOMPARE(again.runs().back().key.level, 1120);
        // A failed run is kept but not done; a later success for the key wins.
        RunRecord failed = run("b.png", 70, "");
        failed.error = "b.png: device failed";
        again.append(failed);
        again.append(run("b.png", 70, "ROOM."));
        const auto last = latest(again.runs());
        QCOMPARE(last.size(), std::size_t(4));
        QVERIFY(std::all_of(last.begin(), last.end(), [](const RunRecord& r) { return r.done(); }));
    }

    void runLogRefusesOtherSettingsAndDamage() {
        const auto dir = freshDir("settings");
        const auto file = dir / "runs.jsonl";
        { RunLog log = RunLog::open(file, settings()); }
        SweepSettings other = settings();
        other.sampling = "seed 7";
        try {
            (void)RunLog::open(file, other);
            QFAIL("other settings accepted");
        } catch (const facet::Error& e) {
            QVERIFY2(std::string(e.what()).find(
                         "runs.jsonl: written by a sweep with other settings") != std::string::npos,
                     e.what());
        }
        // A damaged line that is not the last is not a torn write: refused, never dropped.
        {
            std::ofstream out(file, std::ios::app | std::ios::binary);
            out << "garbage\n" << runToJson(run("a.png", 70, "x")).dump() << "\n";
        }
        try {
            (void)RunLog::open(file, settings());
            QFAIL("damaged line accepted");
        } catch (const facet::Error& e) {
            QVERIFY2(std::string(e.what()).find("line 2: not a JSON object") != std::string::npos,
                     e.what());
        }
    }

    void reportEscapesHostileStrings() {
        const std::string hostile =
            "<script>alert('x')</script><img src=x onerror=alert(1)> & \"q\"";
        SweepResults r;
        r.settings = settings();
        r.levels = {70, 1120};
        r.reference = 1120;
        r.images = 1;
        r.questions = {"What is <b>this</b>?"};
        r.plannedRuns = 2;
        RunRecord ref = run("dir/<evil>.png", 1120, "ROOM.");
        ref.key.question = r.questions[0];
        RunRecord bad = run("dir/<evil>.png", 70, hostile);
        bad.key.question = r.questions[0];
        r.runs = {bad, ref};
        r.skipped = {{"x<y>.png", "x<y>.png: not an image <svg onload=alert(1)>"}};
        r.summary = summarize(r.runs, r.levels, r.reference, 0.95);
        const std::string html = reportHtml(r, [](const std::string&) {
            return std::string("javascript:alert(1)"); // never placed into src
        });
        for (const char* raw :
             {"<script", "<img src=x", "<b>this", "<evil>", "<svg onload", "javascript:"})
            QVERIFY2(html.find(raw) == std::string::npos, raw);
        QVERIFY(html.find("&lt;script&gt;alert(&#39;x&#39;)&lt;/script&gt;") != std::string::npos);
        QVERIFY(html.find("&amp; &quot;q&quot;") != std::string::npos);
        QVERIFY(html.find("What is &lt;b&gt;this&lt;/b&gt;?") != std::string::npos);
        QVERIFY(html.find("<svg xmlns=") != std::string::npos); // the plot
        QVERIFY(html.find("Disagreements (1)") != std::string::npos);
        // CSV: quoted, quotes doubled, a formula defused.
        QCOMPARE(csvField("=1+2"), std::string("\"'=1+2\""));
        QCOMPARE(csvField("say \"hi\"\nnow"), std::string("\"say \"\"hi\"\"\nnow\""));
        const std::string csv = runsCsv(r);
        QVERIFY(
            csv.find("\"<script>alert('x')</script><img src=x onerror=alert(1)> & \"\"q\"\"\"") !=
            std::string::npos);
    }

    void thumbnailIsAPngDataUri() {
        const std::vector<std::uint8_t> rgb(4 * 3 * 3, 200);
        const auto png = facet::image::encodePng(rgb.data(), 4, 3);
        QCOMPARE(png[1], std::uint8_t('P'));
        QCOMPARE(base64({'M', 'a'}), std::string("TWE="));
        QCOMPARE(base64({'M', 'a', 'n'}), std::string("TWFu"));
        // Decoded back by the engine's own PNG path (stb_image), every pixel as written.
        const auto file = freshDir("thumb") / "t.png";
        std::ofstream(file, std::ios::binary)
            .write(reinterpret_cast<const char*>(png.data()), std::streamsize(png.size()));
        const std::string uri = thumbnailDataUri(file, 96);
        QVERIFY(uri.rfind("data:image/png;base64,iVBORw0KGgo", 0) == 0);
        QCOMPARE(uri.substr(22), base64(png)); // 4x3 is kept as it is: re-encoded the same
    }
};

QTEST_APPLESS_MAIN(TestSweep)
#include "test_sweep.moc"
