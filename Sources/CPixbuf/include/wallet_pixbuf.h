#pragma once

#include <gdk-pixbuf/gdk-pixbuf.h>

// gdk-pixbuf is not linked: linked, it and the codecs it links (libjpeg, libtiff) were resident in
// every wallet process, though only a scan or a card image taken in decodes with it. Swift opens
// it with OnDemandLibrary and fills `wallet_pixbuf` with `wallet_pixbuf_fill`; each field's type
// is the function's own, taken from <gdk-pixbuf/gdk-pixbuf.h> with __typeof__, so the compiler
// checks every call against the installed header.
//
// gdk-pixbuf's headers include each other as <gdk-pixbuf/...>, so they need its directory on the
// include path; a package's pkgConfig setting would also link the library, so this C target's
// include/gdk-pixbuf is a link to Debian's /usr/include/gdk-pixbuf-2.0/gdk-pixbuf (package
// libgdk-pixbuf-2.0-dev) instead, and GLib's paths come from CPangoCairo's pkg-config flags.

/// Every gdk-pixbuf function the wallet calls.
#define WALLET_PIXBUF_FUNCTIONS(X) \
    X(gdk_pixbuf_get_file_info) X(gdk_pixbuf_format_get_name) X(gdk_pixbuf_new_from_file) \
    X(gdk_pixbuf_new_from_file_at_scale) X(gdk_pixbuf_apply_embedded_orientation) \
    X(gdk_pixbuf_scale_simple) X(gdk_pixbuf_add_alpha) X(gdk_pixbuf_get_n_channels) \
    X(gdk_pixbuf_get_has_alpha) X(gdk_pixbuf_get_width) X(gdk_pixbuf_get_height) \
    X(gdk_pixbuf_get_rowstride) X(gdk_pixbuf_read_pixels) X(gdk_pixbuf_get_byte_length)

#define WALLET_PIXBUF_FIELD(name) __typeof__(&name) name;

/// gdk-pixbuf's entry points, each field named and typed as the function it points to.
typedef struct wallet_pixbuf {
    WALLET_PIXBUF_FUNCTIONS(WALLET_PIXBUF_FIELD)
} wallet_pixbuf;

/// Debian 12's soname (package libgdk-pixbuf-2.0-0).
#define WALLET_PIXBUF_SONAME "libgdk_pixbuf-2.0.so.0"

/// Fills `api` from the library `handle` (a `dlopen` handle): NULL on success, else the name of
/// the first function the library lacks.
const char *wallet_pixbuf_fill(wallet_pixbuf *api, void *handle);
