// GLib and GIO (already in every wallet process through Pango): GChecksum for the SHA-1
// digests of a pass's manifest, GDBus for desktop notifications.
#include <gio/gio.h>
