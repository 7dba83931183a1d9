// GObject: the reference counts of pixbufs, documents and D-Bus connections.
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <glib-object.h>

#define WALLET_LIBRARY "libgobject-2.0.so.0"
#define WALLET_PACKAGE "libglib2.0-0"
#include "forward.h"

WALLET_FORWARD(void, g_object_unref, (gpointer object), (object))
