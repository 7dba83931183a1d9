#include <zip.h>
#include <dlfcn.h>

// libzip is not linked: linking it would load it and OpenSSL's libcrypto into every wallet
// process (bench/results.md, "Reference measurements") for the rare import of a
// password-protected zip. Swift opens it with OnDemandLibrary the first time, fills
// `wallet_libzip` with `wallet_libzip_fill` and calls libzip through those function pointers,
// each typed with __typeof__ (a direct call would not link). The types and constants still come from <zip.h>.

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

/// Fills `api` from the library `handle` (a `dlopen` handle, opened by Swift's OnDemandLibrary):
/// NULL on success, else the name of the first function the library lacks.
static inline const char *wallet_libzip_fill(wallet_libzip *api, void *handle) {
#define WALLET_LIBZIP_LOOKUP(name) \
    if ((api->name = (__typeof__(&name))dlsym(handle, #name)) == NULL) return #name;
    WALLET_LIBZIP_FUNCTIONS(WALLET_LIBZIP_LOOKUP)
#undef WALLET_LIBZIP_LOOKUP
    return NULL;
}
