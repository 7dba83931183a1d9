// GIO: the session D-Bus, for desktop notifications.
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <gio/gio.h>

#define WALLET_LIBRARY "libgio-2.0.so.0"
#define WALLET_PACKAGE "libglib2.0-0"
#include "forward.h"

WALLET_FORWARD(GDBusConnection *, g_bus_get_sync, (GBusType bus_type, GCancellable *cancellable, GError **error), (bus_type, cancellable, error))
WALLET_FORWARD(GVariant *, g_dbus_connection_call_sync, (GDBusConnection *connection, const gchar *bus_name, const gchar *object_path, const gchar *interface_name, const gchar *method_name, GVariant *parameters, const GVariantType *reply_type, GDBusCallFlags flags, gint timeout_msec, GCancellable *cancellable, GError **error), (connection, bus_name, object_path, interface_name, method_name, parameters, reply_type, flags, timeout_msec, cancellable, error))
WALLET_FORWARD(guint, g_dbus_connection_signal_subscribe, (GDBusConnection *connection, const gchar *sender, const gchar *interface_name, const gchar *member, const gchar *object_path, const gchar *arg0, GDBusSignalFlags flags, GDBusSignalCallback callback, gpointer user_data, GDestroyNotify user_data_free_func), (connection, sender, interface_name, member, object_path, arg0, flags, callback, user_data, user_data_free_func))
