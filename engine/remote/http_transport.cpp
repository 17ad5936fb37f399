#include "remote/http_transport.h"

#include <curl/curl.h>

#include <algorithm>
#include <exception>
#include <memory>
#include <mutex>

namespace facet::remote {

namespace {

using Clock = std::chrono::steady_clock;

// How long one wait on the socket may last: the bound on how late Stop and the timeouts act.
constexpr int kPollMs = 20;

void globalInit() {
    static std::once_flag once; // curl_global_init is not thread-safe before libcurl 7.84
    std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

struct Transfer {
    CURL* easy = nullptr;
    const BodyHandler* onBody = nullptr;
    HttpResult* result = nullptr;
    std::size_t maxBody = 0; // a kept 2xx body (GET)
    Clock::time_point lastByte;
    std::exception_ptr failure; // thrown by onBody; rethrown once libcurl has returned
    bool tooLarge = false;      // a 2xx body passed maxBody
};

// Keeps what fits of `data` in the result's body; false once `limit` is reached.
bool keep(HttpResult& result, const char* data, std::size_t length, std::size_t limit) {
    const std::size_t room = limit - std::min(limit, result.body.size());
    result.body.append(data, std::min(room, length));
    return length <= room;
}

std::size_t onWrite(char* data, std::size_t size, std::size_t count, void* user) {
    auto* t = static_cast<Transfer*>(user);
    const std::size_t length = size * count;
    t->lastByte = Clock::now();
    t->result->bodyStarted = true;
    long status = 0;
    curl_easy_getinfo(t->easy, CURLINFO_RESPONSE_CODE, &status);
    const bool ok = status >= 200 && status < 300;
    if (t->onBody && ok) {
        try {
            (*t->onBody)({data, length});
        } catch (...) {
            t->failure = std::current_exception();
            return 0; // aborts the transfer (CURLE_WRITE_ERROR)
        }
    } else if (ok) {
        if (!keep(*t->result, data, length, t->maxBody)) {
            t->tooLarge = true;
            return 0; // nothing more is read
        }
    } else if (!keep(*t->result, data, length, kMaxErrorBodyBytes)) {
        t->result->bodyCut = true; // the start is enough for the message
        return 0;
    }
    return length;
}

struct EasyDeleter {
    void operator()(CURL* c) const { curl_easy_cleanup(c); }
};
struct MultiDeleter {
    void operator()(CURLM* m) const { curl_multi_cleanup(m); }
};
struct ListDeleter {
    void operator()(curl_slist* l) const { curl_slist_free_all(l); }
};

bool unreachable(CURLcode code) {
    switch (code) {
    case CURLE_COULDNT_RESOLVE_HOST:
    case CURLE_COULDNT_RESOLVE_PROXY:
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT: // only the connect timeout is set on the handle
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_PEER_FAILED_VERIFICATION:
    case CURLE_SSL_CACERT_BADFILE:
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT:
        return true;
    default:
        return false;
    }
}

HttpResult perform(const std::string& url, const std::string* postBody, bool acceptEventStream,
                   const HttpOptions& options, const BodyHandler* onBody,
                   const std::atomic<bool>& stop) {
    globalInit();
    HttpResult result;
    const std::unique_ptr<CURL, EasyDeleter> easy(curl_easy_init());
    const std::unique_ptr<CURLM, MultiDeleter> multi(curl_multi_init());
    if (!easy || !multi) {
        result.outcome = HttpResult::Outcome::Unreachable;
        result.transportError = "libcurl could not start a transfer";
        return result;
    }
    curl_slist* list = nullptr;
    list = curl_slist_append(list, "Expect:"); // no 100-continue round trip for image bodies
    if (postBody)
        list = curl_slist_append(list, "Content-Type: application/json");
    list = curl_slist_append(list, acceptEventStream ? "Accept: text/event-stream"
                                                     : "Accept: application/json");
    if (!options.apiKey.empty())
        list = curl_slist_append(list, ("Authorization: Bearer " + options.apiKey).c_str());
    const std::unique_ptr<curl_slist, ListDeleter> headers(list);

    Transfer transfer;
    transfer.easy = easy.get();
    transfer.onBody = onBody;
    transfer.result = &result;
    transfer.maxBody = options.maxBodyBytes;
    char errorBuffer[CURL_ERROR_SIZE] = {};
    CURL* e = easy.get();
    curl_easy_setopt(e, CURLOPT_URL, url.c_str());
    curl_easy_setopt(e, CURLOPT_HTTPHEADER, headers.get());
    curl_easy_setopt(e, CURLOPT_NOSIGNAL, 1L); // called from worker threads
    curl_easy_setopt(e, CURLOPT_CONNECTTIMEOUT_MS,
                     static_cast<long>(options.connectTimeout.count()));
    curl_easy_setopt(e, CURLOPT_WRITEFUNCTION, &onWrite);
    curl_easy_setopt(e, CURLOPT_WRITEDATA, &transfer);
    curl_easy_setopt(e, CURLOPT_ERRORBUFFER, errorBuffer);
    curl_easy_setopt(e, CURLOPT_PROTOCOLS_STR, "http,https");
    curl_easy_setopt(e, CURLOPT_USERAGENT, "Facet/0.1 (remote engine)");
    if (postBody) {
        curl_easy_setopt(e, CURLOPT_POST, 1L);
        curl_easy_setopt(e, CURLOPT_POSTFIELDS, postBody->data());
        curl_easy_setopt(e, CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(postBody->size()));
    }
    curl_multi_add_handle(multi.get(), e);

    const auto started = Clock::now();
    transfer.lastByte = started;
    // (No deadline is a POST's own: ms::max() would overflow in the nanosecond comparison.)
    const bool hasDeadline = options.deadline.count() > 0 || !postBody;
    const std::chrono::milliseconds deadline =
        options.deadline.count() > 0 ? options.deadline
                                     : options.connectTimeout + options.firstByteTimeout;
    result.deadline = hasDeadline ? deadline : std::chrono::milliseconds{0};
    bool cancelled = false, timedOut = false, pastDeadline = false;
    int running = 1;
    for (;;) {
        if (curl_multi_perform(multi.get(), &running) != CURLM_OK || !running)
            break;
        if (stop.load()) {
            cancelled = true;
            break;
        }
        const auto now = Clock::now();
        if (now - transfer.lastByte > options.firstByteTimeout) {
            timedOut = true;
            break;
        }
        if (hasDeadline && now - started > deadline) {
            pastDeadline = true;
            break;
        }
        int ready = 0;
        curl_multi_poll(multi.get(), nullptr, 0, kPollMs, &ready);
    }
    CURLcode code = CURLE_OK;
    int queued = 0;
    while (CURLMsg* message = curl_multi_info_read(multi.get(), &queued))
        if (message->msg == CURLMSG_DONE)
            code = message->data.result;
    curl_easy_getinfo(e, CURLINFO_RESPONSE_CODE, &result.status);
    if (char* type = nullptr;
        curl_easy_getinfo(e, CURLINFO_CONTENT_TYPE, &type) == CURLE_OK && type)
        result.contentType = type;
    curl_multi_remove_handle(multi.get(), e); // closes the connection of an unfinished transfer
    if (transfer.failure)
        std::rethrow_exception(transfer.failure);

    if (cancelled) {
        result.outcome = HttpResult::Outcome::Cancelled;
    } else if (timedOut) {
        result.outcome = HttpResult::Outcome::TimedOut;
    } else if (pastDeadline) {
        result.outcome = HttpResult::Outcome::Deadline;
    } else if (transfer.tooLarge) {
        result.outcome = HttpResult::Outcome::TooLarge;
    } else if (result.bodyCut) {
        result.outcome = HttpResult::Outcome::Complete; // the status and the body's start
    } else if (code != CURLE_OK) {
        result.transportError = errorBuffer[0] ? errorBuffer : curl_easy_strerror(code);
        result.outcome = unreachable(code) && result.status == 0 ? HttpResult::Outcome::Unreachable
                                                                 : HttpResult::Outcome::Cut;
    }
    return result;
}

} // namespace

HttpResult httpGet(const std::string& url, const HttpOptions& options,
                   const std::atomic<bool>& stop) {
    return perform(url, nullptr, false, options, nullptr, stop);
}

HttpResult httpPostStream(const std::string& url, const std::string& jsonBody,
                          const HttpOptions& options, const BodyHandler& onBody,
                          const std::atomic<bool>& stop) {
    return perform(url, &jsonBody, true, options, &onBody, stop);
}

std::string describeRequest(std::string_view method, const std::string& url) {
    const auto scheme = url.find("://");
    const auto path = url.find('/', scheme == std::string::npos ? 0 : scheme + 3);
    return std::string(method) + " " + (path == std::string::npos ? "/" : url.substr(path));
}

} // namespace facet::remote
