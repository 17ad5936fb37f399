#include "TryIt/demosamples.h"

#include "Attachments/attachmentmodel.h"

#include <QFileInfo>
#include <QUrl>

#include <algorithm>

namespace facet::ui {

DemoSamples::DemoSamples(QObject* parent) : QAbstractListModel(parent) {}

int DemoSamples::rowCount(const QModelIndex& parent) const {
    return parent.isValid() ? 0 : static_cast<int>(samples_.size());
}

QVariant DemoSamples::data(const QModelIndex& index, int role) const {
    if (!checkIndex(index, CheckIndexOption::IndexIsValid | CheckIndexOption::ParentIsInvalid))
        return {};
    const DemoSample& s = samples_.at(index.row());
    switch (role) {
    case Qt::DisplayRole:
    case QuestionRole:
        return s.question;
    case ImagePathRole:
        return s.imagePath;
    case ImageNameRole:
        return QFileInfo(s.imagePath).fileName();
    case ImageUrlRole:
        return QUrl::fromLocalFile(s.imagePath);
    case LevelRole:
        return s.level;
    case CompareWithLevelRole:
        return s.compareWithLevel;
    default:
        return {};
    }
}

QHash<int, QByteArray> DemoSamples::roleNames() const {
    return {{QuestionRole, "question"},   {ImagePathRole, "imagePath"},
            {ImageNameRole, "imageName"}, {ImageUrlRole, "imageUrl"},
            {LevelRole, "level"},         {CompareWithLevelRole, "compareWithLevel"}};
}

void DemoSamples::load(const QString& folder) {
    DemoSampleList read = readDemoSamples(folder);
    beginResetModel();
    folder_ = folder;
    samples_ = std::move(read.samples);
    problems_ = std::move(read.problems);
    endResetModel();
    emit countChanged();
}

bool DemoSamples::attach(int row, AttachmentModel* attachments) const {
    if (!attachments || row < 0 || row >= samples_.size())
        return false;
    const DemoSample& s = samples_.at(row);
    attachments->clear();
    if (!attachments->addFiles({s.imagePath}).isEmpty())
        return false;
    attachments->setImageLevel(0, s.level);
    return true;
}

QString DemoSamples::question(int row) const {
    return row >= 0 && row < samples_.size() ? samples_.at(row).question : QString();
}

QVariantList DemoSamples::compareLevels(int row) const {
    if (row < 0 || row >= samples_.size() || samples_.at(row).compareWithLevel == 0)
        return {};
    const DemoSample& s = samples_.at(row);
    return {std::min(s.level, s.compareWithLevel), std::max(s.level, s.compareWithLevel)};
}

} // namespace facet::ui
