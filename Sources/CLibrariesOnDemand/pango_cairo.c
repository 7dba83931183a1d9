// PangoCairo: Pango's text laid out and drawn on a cairo canvas.
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <pango/pangocairo.h>

#define WALLET_LIBRARY "libpangocairo-1.0.so.0"
#define WALLET_PACKAGE "libpangocairo-1.0-0"
#include "forward.h"

WALLET_FORWARD(void, pango_cairo_context_set_font_options, (PangoContext *context, const cairo_font_options_t *options), (context, options))
WALLET_FORWARD(PangoLayout *, pango_cairo_create_layout, (cairo_t *cr), (cr))
WALLET_FORWARD(void, pango_cairo_show_layout, (cairo_t *cr, PangoLayout *layout), (cr, layout))
