#include "common/error.h"

#include <utility>

namespace facet {

namespace {

std::shared_ptr<const ErrorInfo> makeInfo(ErrorKind kind, const std::string& message) {
    auto info = std::make_shared<ErrorInfo>();
    info->kind = kind;
    info->message = message;
    return info;
}

} // namespace

Error::Error(const std::string& message)
    : std::runtime_error(message), info_(makeInfo(ErrorKind::Other, message)) {}

Error::Error(const char* message) : Error(std::string(message)) {}

Error::Error(ErrorKind kind, const std::string& message)
    : std::runtime_error(message), info_(makeInfo(kind, message)) {}

Error::Error(ErrorInfo info)
    : std::runtime_error(info.message), info_(std::make_shared<const ErrorInfo>(std::move(info))) {
    if (info_->message.empty())
        throw std::invalid_argument("facet::Error without a message");
}

Error fileError(const std::filesystem::path& file, const std::string& reason) {
    ErrorInfo info;
    info.kind = ErrorKind::File;
    info.message = file.string() + ": " + reason;
    info.path = file;
    return Error(std::move(info));
}

ErrorInfo errorInfo(const std::exception& e) {
    if (const auto* error = dynamic_cast<const Error*>(&e))
        return error->info();
    ErrorInfo info;
    info.kind = ErrorKind::Internal;
    info.message = e.what();
    return info;
}

ErrorInfo errorInfo(ErrorKind kind, std::string message) {
    ErrorInfo info;
    info.kind = kind;
    info.message = std::move(message);
    return info;
}

const char* toString(ErrorKind kind) {
    switch (kind) {
    case ErrorKind::BadInput:
        return "bad-input";
    case ErrorKind::File:
        return "file";
    case ErrorKind::ModelFolder:
        return "model-folder";
    case ErrorKind::Device:
        return "device";
    case ErrorKind::Server:
        return "server";
    case ErrorKind::Cancelled:
        return "cancelled";
    case ErrorKind::Internal:
        return "internal";
    case ErrorKind::Other:
        break;
    }
    return "other";
}

} // namespace facet
