#include "core/support/userfiles.h"

#include <algorithm>
#include <filesystem>
#include <stdexcept>
#include <system_error>
#include <vector>

namespace facet::app {
namespace fs = std::filesystem;

bool makePrivateDir(const QString& path) {
    const fs::path target = fs::absolute(path.toStdString()).lexically_normal();
    std::error_code ec;
    std::vector<fs::path> missing; // the folders this call creates, innermost first
    for (fs::path p = target; !fs::exists(p, ec) && p.has_relative_path(); p = p.parent_path())
        missing.push_back(p);
    fs::create_directories(target, ec);
    if (ec || !fs::is_directory(target, ec))
        return false;
    if (missing.empty())
        missing.push_back(target);
    for (const auto& p : missing)
        fs::permissions(p, fs::perms::owner_all, ec);
    return true;
}

void makePrivate(QFileDevice& file) {
    file.setPermissions(QFileDevice::ReadOwner | QFileDevice::WriteOwner);
}

void removeTreeInside(const QString& path, const QString& root) {
    const fs::path target = fs::absolute(path.toStdString()).lexically_normal();
    std::error_code ec;
    const fs::file_status status = fs::symlink_status(target, ec);
    if (ec || !fs::exists(status))
        return;                   // nothing there
    if (fs::is_symlink(status)) { // the link goes, what it points to stays
        fs::remove(target, ec);
        return;
    }
    // Inside the root by its real path: the folders above may be links (a data folder moved to
    // another disk), so compare canonical forms.
    const fs::path realRoot = fs::canonical(root.toStdString(), ec);
    const fs::path realTarget = fs::canonical(target, ec);
    const auto [rootEnd, unused] =
        std::mismatch(realRoot.begin(), realRoot.end(), realTarget.begin(), realTarget.end());
    (void)unused;
    if (ec || realRoot.empty() || rootEnd != realRoot.end() || realTarget == realRoot)
        throw std::runtime_error(path.toStdString() + ": not deleted: it is not inside " +
                                 root.toStdString());
    // remove_all removes symbolic links themselves and does not follow them.
    fs::remove_all(realTarget, ec);
    if (ec)
        throw std::runtime_error(path.toStdString() + ": cannot delete: " + ec.message());
}

} // namespace facet::app
