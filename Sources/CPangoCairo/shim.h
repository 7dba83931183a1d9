#include <pango/pangocairo.h>
#include <cairo.h>
#include <cairo-pdf.h>

/// The base direction of `text` (its first strong character), as Pango's `pango_find_base_dir`
/// gives it. Pango 1.44 deprecated that function, pointing at fribidi, which the wallet does not
/// otherwise use; the call stays here, out of sight of Swift's warnings-as-errors build.
static inline PangoDirection wallet_base_direction(const char *text) {
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wdeprecated-declarations"
    return pango_find_base_dir(text, -1);
#pragma GCC diagnostic pop
}
