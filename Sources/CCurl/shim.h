#define CURL_DISABLE_TYPECHECK 1
#include <curl/curl.h>
#include <dlfcn.h>

// libcurl is not linked: linked, it and its TLS stack (OpenSSL, nghttp2, libssh2, ldap, ...)
// would load into every wallet process, and only the commands that pull passes talk to the
// network. Swift opens it with OnDemandLibrary the first time, fills `wallet_curl` with
// `wallet_curl_fill` and calls it through those function pointers, each typed with
// __typeof__. Types and constants still come from <curl/curl.h>.

/// Every libcurl function the wallet calls.
#define WALLET_CURL_FUNCTIONS(X) \
    X(curl_easy_init) X(curl_easy_setopt) X(curl_easy_perform) X(curl_easy_getinfo) \
    X(curl_easy_cleanup) X(curl_easy_strerror) X(curl_slist_append) X(curl_slist_free_all)

#define WALLET_CURL_FIELD(name) __typeof__(&name) name;

/// libcurl's entry points, each field named and typed as the function it points to.
typedef struct wallet_curl {
    WALLET_CURL_FUNCTIONS(WALLET_CURL_FIELD)
} wallet_curl;

/// Debian 12's soname (package libcurl4).
#define WALLET_CURL_SONAME "libcurl.so.4"

/// Fills `api` from the library `handle` (a `dlopen` handle, opened by Swift's OnDemandLibrary):
/// NULL on success, else the name of the first function the library lacks.
static inline const char *wallet_curl_fill(wallet_curl *api, void *handle) {
#define WALLET_CURL_LOOKUP(name) \
    if ((api->name = (__typeof__(&name))dlsym(handle, #name)) == NULL) return #name;
    WALLET_CURL_FUNCTIONS(WALLET_CURL_LOOKUP)
#undef WALLET_CURL_LOOKUP
    return NULL;
}

// curl_easy_setopt and curl_easy_getinfo are variadic, which Swift cannot call: one typed
// wrapper per kind of argument, compiled here in C.

typedef size_t (*wallet_curl_data_callback)(char *data, size_t size, size_t count, void *context);

static inline CURLcode wallet_curl_set_long(const wallet_curl *api, CURL *handle, CURLoption option, long value) {
    return api->curl_easy_setopt(handle, option, value);
}

static inline CURLcode wallet_curl_set_offset(const wallet_curl *api, CURL *handle, CURLoption option, curl_off_t value) {
    return api->curl_easy_setopt(handle, option, value);
}

static inline CURLcode wallet_curl_set_pointer(const wallet_curl *api, CURL *handle, CURLoption option, const void *value) {
    return api->curl_easy_setopt(handle, option, value);
}

static inline CURLcode wallet_curl_set_callback(const wallet_curl *api, CURL *handle, CURLoption option, wallet_curl_data_callback value) {
    return api->curl_easy_setopt(handle, option, value);
}

static inline CURLcode wallet_curl_get_long(const wallet_curl *api, CURL *handle, CURLINFO info, long *value) {
    return api->curl_easy_getinfo(handle, info, value);
}
