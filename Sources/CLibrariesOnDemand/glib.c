// GLib: SHA-1 for pass manifests, GVariant and the main loop of notifications, GError.
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <glib.h>

#define WALLET_LIBRARY "libglib-2.0.so.0"
#define WALLET_PACKAGE "libglib2.0-0"
#include "forward.h"

WALLET_FORWARD(GBytes *, g_bytes_new, (gconstpointer data, gsize size), (data, size))
WALLET_FORWARD(void, g_bytes_unref, (GBytes *bytes), (bytes))
WALLET_FORWARD(void, g_checksum_free, (GChecksum *checksum), (checksum))
WALLET_FORWARD(const gchar *, g_checksum_get_string, (GChecksum *checksum), (checksum))
WALLET_FORWARD(GChecksum *, g_checksum_new, (GChecksumType checksum_type), (checksum_type))
WALLET_FORWARD(void, g_checksum_update, (GChecksum *checksum, const guchar *data, gssize length), (checksum, data, length))
WALLET_FORWARD(gchar *, g_compute_checksum_for_data, (GChecksumType checksum_type, const guchar *data, gsize length), (checksum_type, data, length))
WALLET_FORWARD(void, g_error_free, (GError *error), (error))
WALLET_FORWARD(void, g_free, (gpointer mem), (mem))
WALLET_FORWARD(GMainContext *, g_main_context_new, (void), ())
WALLET_FORWARD(void, g_main_context_push_thread_default, (GMainContext *context), (context))
WALLET_FORWARD(GMainLoop *, g_main_loop_new, (GMainContext *context, gboolean is_running), (context, is_running))
WALLET_FORWARD(void, g_main_loop_run, (GMainLoop *loop), (loop))
WALLET_FORWARD(GVariant *, g_variant_get_child_value, (GVariant *value, gsize index_), (value, index_))
WALLET_FORWARD(const gchar *, g_variant_get_string, (GVariant *value, gsize *length), (value, length))
WALLET_FORWARD(guint32, g_variant_get_uint32, (GVariant *value), (value))
WALLET_FORWARD(gsize, g_variant_n_children, (GVariant *value), (value))
WALLET_FORWARD(GVariant *, g_variant_new_array, (const GVariantType *child_type, GVariant *const *children, gsize n_children), (child_type, children, n_children))
WALLET_FORWARD(GVariant *, g_variant_new_dict_entry, (GVariant *key, GVariant *value), (key, value))
WALLET_FORWARD(GVariant *, g_variant_new_int32, (gint32 value), (value))
WALLET_FORWARD(GVariant *, g_variant_new_string, (const gchar *string), (string))
WALLET_FORWARD(GVariant *, g_variant_new_strv, (const gchar *const *strv, gssize length), (strv, length))
WALLET_FORWARD(GVariant *, g_variant_new_tuple, (GVariant *const *children, gsize n_children), (children, n_children))
WALLET_FORWARD(GVariant *, g_variant_new_uint32, (guint32 value), (value))
WALLET_FORWARD(GVariant *, g_variant_new_variant, (GVariant *value), (value))
WALLET_FORWARD(void, g_variant_unref, (GVariant *value), (value))
