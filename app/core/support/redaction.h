#pragma once
// Secrets kept out of what the app shows, stores and logs (issue #56 item 9): a server URL typed
// as http://user:password@host/ and an API key echoed back by a server (an error body that quotes
// the Authorization header) must not reach the settings file, the log or a notice.
#include <QString>

namespace facet::app {

// The URL with its password replaced by "***" ("http://ann:***@host:8000/v1"); the user name is
// kept (it says which account). A URL without a password comes back unchanged.
[[nodiscard]] QString redactedUrl(const QString& url);

// The URL without user name or password, for what is stored: the password belongs in the
// keyring with the API key.
[[nodiscard]] QString urlWithoutCredentials(const QString& url);

// A URL split for keeping: the URL with its user name but without the password (what the
// settings file holds: "http://ann@host:8000/v1"), and the password alone (what the keyring
// holds). withUrlPassword() puts them together again for the connection. A URL without a
// password comes back unchanged / an empty password.
[[nodiscard]] QString urlWithoutPassword(const QString& url);
[[nodiscard]] QString urlPassword(const QString& url);
[[nodiscard]] QString withUrlPassword(const QString& url, const QString& password);
// The URL names a user but no password: one kept for it can be put back.
[[nodiscard]] bool urlLacksPassword(const QString& url);

// Free text (an error, a log line): every "scheme://user:password@" password, every
// "Bearer TOKEN" and every occurrence of `apiKey` (when not empty) replaced by "***".
[[nodiscard]] QString redactedText(const QString& text, const QString& apiKey = {});

} // namespace facet::app
