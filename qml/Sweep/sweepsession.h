#pragma once
// Sweep…: which detail level do these images need? Every image (files, and folders searched
// recursively) x question x level, greedy, through the engine worker one image and question at a
// time — a comparison of the levels it still lacks (generate/compare.h), so the image is
// preprocessed once and the prompt prefix reused, as `facet-cli sweep` runs locally. Each ended
// run is appended to OUT/runs.jsonl at once (engine/sweep/run_log.h); Stop, a crash or quitting
// loses at most the runs in progress, and starting the same sweep again (Resume: the last
// sweep's choices are kept in the settings) goes on where it stopped. At the end the per-level
// summary and the recommendation (engine/sweep/summary.h, the CLI's) are shown and summary.json,
// runs.csv and report.html written beside the log. Scanning the images, opening the log and
// writing the report (it decodes every image for its thumbnail) run on a thread pool; the GUI
// thread only appends one line per run.
#include "Sweep/sweepmodel.h"
#include "sweep/image_scan.h"
#include "sweep/run_log.h"

#include <QHash>
#include <QObject>
#include <QStringList>
#include <QThreadPool>
#include <QVariantList>
#include <QtQml/qqmlregistration.h>

#include <memory>
#include <string>
#include <vector>

namespace facet::app {
class EngineClient;
}

namespace facet::ui {

class ChatSession;

class SweepSession : public QObject {
    Q_OBJECT
    QML_ELEMENT
    QML_UNCREATABLE("Owned by the application")
    // Scanning the images or running: Start is off, Stop is on.
    Q_PROPERTY(bool busy READ busy NOTIFY stateChanged)
    Q_PROPERTY(bool running READ running NOTIFY stateChanged)
    Q_PROPERTY(int done READ done NOTIFY progressChanged)
    Q_PROPERTY(int total READ total NOTIFY progressChanged)
    Q_PROPERTY(QString currentImage READ currentImage NOTIFY progressChanged)
    // A sentence on where the sweep stands ("Stopped: 12 of 30 runs kept in …").
    Q_PROPERTY(QString status READ status NOTIFY stateChanged)
    Q_PROPERTY(QString outFolder READ outFolder NOTIFY stateChanged)
    Q_PROPERTY(QStringList skipped READ skipped NOTIFY stateChanged)
    // The reasons the images left out were skipped, one after the other.
    Q_PROPERTY(QString skippedText READ skippedText NOTIFY stateChanged)
    // Per level: {level, runs, compared, agreeing, agreement, medianTtftMs, meanImageTokens,
    // reference, recommended}, ascending; filled in live.
    Q_PROPERTY(QVariantList summary READ summary NOTIFY resultsChanged)
    Q_PROPERTY(QString recommendation READ recommendation NOTIFY resultsChanged)
    Q_PROPERTY(bool reportReady READ reportReady NOTIFY stateChanged)
    Q_PROPERTY(facet::ui::SweepModel* runs READ runs CONSTANT)
    // The last sweep started did not finish every run: Resume offers it again.
    Q_PROPERTY(bool canResume READ canResume NOTIFY stateChanged)
    Q_PROPERTY(QStringList lastInputs READ lastInputs NOTIFY stateChanged)
    Q_PROPERTY(QString lastQuestions READ lastQuestions NOTIFY stateChanged)
    Q_PROPERTY(QList<int> lastLevels READ lastLevels NOTIFY stateChanged)
public:
    SweepSession(app::EngineClient& engine, ChatSession& chat, QObject* parent = nullptr);
    ~SweepSession() override;

    bool busy() const { return preparing_ || job_ != 0; }
    bool running() const { return job_ != 0; }
    int done() const { return done_; }
    int total() const { return total_; }
    QString currentImage() const { return currentImage_; }
    QString status() const { return status_; }
    QString outFolder() const { return outFolder_; }
    QStringList skipped() const { return skipped_; }
    QString skippedText() const { return skipped_.join(QStringLiteral("; ")); }
    QVariantList summary() const { return summary_; }
    QString recommendation() const { return recommendation_; }
    bool reportReady() const { return reportReady_; }
    SweepModel* runs() const { return runs_; }
    bool canResume() const;
    QStringList lastInputs() const;
    QString lastQuestions() const;
    QList<int> lastLevels() const;

    // Every compiled level of the loaded model.
    Q_INVOKABLE QList<int> defaultLevels() const;
    // A new folder for a sweep's files: <app data>/sweeps/<date-time>.
    Q_INVOKABLE QString newOutFolder() const;
    // Why these choices cannot be swept now ("" when they can). `questions`: one a line.
    Q_INVOKABLE QString startProblem(const QStringList& inputs, const QString& questions,
                                     const QList<int>& levels) const;
    // `inputs`: files and folders, as paths or file URLs. The highest level is the reference.
    // False, with a notice, when refused; the images are scanned off the GUI thread and the
    // runs start when that ends.
    Q_INVOKABLE bool start(const QStringList& inputs, const QString& questions,
                           const QList<int>& levels, const QString& outFolder);
    // The last sweep again, in its folder: the runs in its runs.jsonl are not run again.
    Q_INVOKABLE bool resume();
    Q_INVOKABLE void stop();
    Q_INVOKABLE bool openOutFolder() const;
    // Quitting: the run in progress is stopped (its runs.jsonl keeps every ended one).
    void stopForQuit();

signals:
    void stateChanged();
    void progressChanged();
    void resultsChanged();
    void notice(const QString& message);

private:
    struct Job {
        std::string image;
        std::string question;
        std::vector<int> levels; // still to run, ascending
    };
    struct Prepared; // what the scan found and the opened log (sweepsession.cpp)
    void prepared(const std::shared_ptr<Prepared>& p);
    void runNext();
    void onRunEnded(quint64 id, int column, const QJsonObject& stats, const QString& reply,
                    const QString& error);
    void onJobEnded(quint64 id, const QString& error);
    void finish();
    void updateSummary();
    void setStatus(const QString& status);

    app::EngineClient& engine_;
    ChatSession& chat_;
    SweepModel* runs_;
    QThreadPool pool_; // scans and reports; waited for on destruction
    bool preparing_ = false;
    bool stopping_ = false;
    quint64 job_ = 0;
    Job current_;
    QHash<int, QString> streamed_; // column -> content streamed so far
    std::vector<Job> jobs_;
    std::unique_ptr<sweep::RunLog> log_;
    sweep::SweepSettings settings_;
    std::vector<std::string> images_;
    std::vector<std::string> questions_;
    QList<int> levels_;
    int done_ = 0;
    int total_ = 0;
    QString currentImage_;
    QString status_;
    QString outFolder_;
    QStringList skipped_;
    std::vector<sweep::SkippedImage> skippedImages_;
    QVariantList summary_;
    QString recommendation_;
    bool reportReady_ = false;
    int reportGeneration_ = 0;
};

} // namespace facet::ui
