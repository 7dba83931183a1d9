#include <poppler/glib/poppler.h>
#include <dlfcn.h>

// poppler-glib is not linked: linked, it and its ~50 dependencies (NSS, OpenJPEG, LCMS, ...) were
// resident in every wallet process, though only a scan of a PDF uses it. Swift opens it with
// OnDemandLibrary and fills `wallet_poppler` with `wallet_poppler_fill`; each field's type is the
// function's own, taken from <poppler.h> with __typeof__, so the compiler checks every call
// against the installed header. Its headers include each other by relative name, and GLib's and
// Cairo's paths come from CPangoCairo's pkg-config flags (a pkgConfig setting here would link it).

/// Every poppler-glib function the wallet calls.
#define WALLET_POPPLER_FUNCTIONS(X) \
    X(poppler_document_new_from_bytes) X(poppler_document_get_n_pages) \
    X(poppler_document_get_page) X(poppler_page_get_size) X(poppler_page_render)

#define WALLET_POPPLER_FIELD(name) __typeof__(&name) name;

/// poppler-glib's entry points, each field named and typed as the function it points to.
typedef struct wallet_poppler {
    WALLET_POPPLER_FUNCTIONS(WALLET_POPPLER_FIELD)
} wallet_poppler;

/// Debian 12's soname (package libpoppler-glib8).
#define WALLET_POPPLER_SONAME "libpoppler-glib.so.8"

/// Fills `api` from the library `handle` (a `dlopen` handle): NULL on success, else the name of
/// the first function the library lacks.
static inline const char *wallet_poppler_fill(wallet_poppler *api, void *handle) {
#define WALLET_POPPLER_LOOKUP(name) \
    if ((api->name = (__typeof__(&name))dlsym(handle, #name)) == NULL) return #name;
    WALLET_POPPLER_FUNCTIONS(WALLET_POPPLER_LOOKUP)
#undef WALLET_POPPLER_LOOKUP
    return NULL;
}
