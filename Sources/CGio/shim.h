// GLib and GIO (opened at their first call, Sources/CLibrariesOnDemand): GChecksum for the SHA-1
// digests of a pass's manifest, GDBus for desktop notifications.
#include <gio/gio.h>
