// Pango: the text of every snapshot.
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <pango/pango.h>

#define WALLET_LIBRARY "libpango-1.0.so.0"
#define WALLET_PACKAGE "libpango-1.0-0"
#include "forward.h"

WALLET_FORWARD(PangoAttribute *, pango_attr_font_features_new, (const char *features), (features))
WALLET_FORWARD(void, pango_attr_list_insert, (PangoAttrList *list, PangoAttribute *attr), (list, attr))
WALLET_FORWARD(PangoAttrList *, pango_attr_list_new, (void), ())
WALLET_FORWARD(void, pango_attr_list_unref, (PangoAttrList *list), (list))
WALLET_FORWARD(PangoDirection, pango_find_base_dir, (const gchar *text, gint length), (text, length))
WALLET_FORWARD(void, pango_font_description_free, (PangoFontDescription *desc), (desc))
WALLET_FORWARD(PangoFontDescription *, pango_font_description_new, (void), ())
WALLET_FORWARD(void, pango_font_description_set_absolute_size, (PangoFontDescription *desc, double size), (desc, size))
WALLET_FORWARD(void, pango_font_description_set_family, (PangoFontDescription *desc, const char *family), (desc, family))
WALLET_FORWARD(void, pango_font_description_set_weight, (PangoFontDescription *desc, PangoWeight weight), (desc, weight))
WALLET_FORWARD(void, pango_layout_context_changed, (PangoLayout *layout), (layout))
WALLET_FORWARD(PangoContext *, pango_layout_get_context, (PangoLayout *layout), (layout))
WALLET_FORWARD(void, pango_layout_get_extents, (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect), (layout, ink_rect, logical_rect))
WALLET_FORWARD(void, pango_layout_get_pixel_extents, (PangoLayout *layout, PangoRectangle *ink_rect, PangoRectangle *logical_rect), (layout, ink_rect, logical_rect))
WALLET_FORWARD(int, pango_layout_get_unknown_glyphs_count, (PangoLayout *layout), (layout))
WALLET_FORWARD(void, pango_layout_set_alignment, (PangoLayout *layout, PangoAlignment alignment), (layout, alignment))
WALLET_FORWARD(void, pango_layout_set_attributes, (PangoLayout *layout, PangoAttrList *attrs), (layout, attrs))
WALLET_FORWARD(void, pango_layout_set_ellipsize, (PangoLayout *layout, PangoEllipsizeMode ellipsize), (layout, ellipsize))
WALLET_FORWARD(void, pango_layout_set_font_description, (PangoLayout *layout, const PangoFontDescription *desc), (layout, desc))
WALLET_FORWARD(void, pango_layout_set_height, (PangoLayout *layout, int height), (layout, height))
WALLET_FORWARD(void, pango_layout_set_single_paragraph_mode, (PangoLayout *layout, gboolean setting), (layout, setting))
WALLET_FORWARD(void, pango_layout_set_text, (PangoLayout *layout, const char *text, int length), (layout, text, length))
WALLET_FORWARD(void, pango_layout_set_width, (PangoLayout *layout, int width), (layout, width))
WALLET_FORWARD(void, pango_layout_set_wrap, (PangoLayout *layout, PangoWrapMode wrap), (layout, wrap))
