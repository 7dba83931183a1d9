#include <zip.h>
#include <dlfcn.h>
#include <stdio.h>

// libzip is not linked: linking it would load it and OpenSSL's libcrypto into every wallet
// process (1.6 MB resident and about 5 ms of start-up, measured with dlopen) for the rare import
// of a password-protected zip. `wallet_libzip_load` opens it with dlopen the first time, and
// Swift calls libzip through the function pointers of `wallet_libzip` (a direct call would not
// link). The types and constants still come from <zip.h>.

/// Every libzip function the wallet calls.
#define WALLET_LIBZIP_FUNCTIONS(X) \
    X(zip_error_init) X(zip_error_init_with_code) X(zip_error_fini) X(zip_error_code_zip) \
    X(zip_error_code_system) X(zip_error_strerror) X(zip_source_buffer_create) X(zip_source_free) \
    X(zip_open_from_source) X(zip_discard) X(zip_get_num_entries) X(zip_get_name) \
    X(zip_name_locate) X(zip_stat_init) X(zip_stat_index) X(zip_encryption_method_supported) \
    X(zip_fopen_index_encrypted) X(zip_fread) X(zip_fclose) X(zip_get_error) X(zip_file_get_error)

#define WALLET_LIBZIP_FIELD(name) __typeof__(&name) name;

/// libzip's entry points, each field named and typed as the function it points to.
typedef struct wallet_libzip {
    WALLET_LIBZIP_FUNCTIONS(WALLET_LIBZIP_FIELD)
} wallet_libzip;

/// Debian 12's soname (package libzip4).
#define WALLET_LIBZIP_SONAME "libzip.so.4"

/// Opens libzip and fills `api`: 0 on success, else -1 with the loader's message in `message`.
static inline int wallet_libzip_load(wallet_libzip *api, char *message, size_t size) {
    void *handle = dlopen(WALLET_LIBZIP_SONAME, RTLD_NOW | RTLD_LOCAL);
    if (handle == NULL) {
        const char *reason = dlerror();
        snprintf(message, size, "%s", reason != NULL ? reason : WALLET_LIBZIP_SONAME " not found");
        return -1;
    }
#define WALLET_LIBZIP_LOOKUP(name) \
    api->name = (__typeof__(&name))dlsym(handle, #name); \
    if (api->name == NULL) { \
        snprintf(message, size, "%s lacks %s", WALLET_LIBZIP_SONAME, #name); \
        dlclose(handle); \
        return -1; \
    }
    WALLET_LIBZIP_FUNCTIONS(WALLET_LIBZIP_LOOKUP)
#undef WALLET_LIBZIP_LOOKUP
    return 0;
}
