#ifndef WALLET_LIBRARIES_ON_DEMAND_H
#define WALLET_LIBRARIES_ON_DEMAND_H

// Pango, cairo, GLib, GObject, GIO, zint, libqrencode and libpng are not linked into the wallet:
// linked, they and the ~35 libraries behind them (fontconfig, freetype, harfbuzz, X11, xcb,
// pixman, libmount, selinux ...) were loaded and relocated by every wallet process before main,
// most of a `wallet --help` (bench/results.md, "Why the release flags and the on-demand
// libraries"), although only drawing a barcode or widget, writing a PNG, notifying and hashing a
// pass's manifest call them.
//
// Instead this target defines each function the wallet calls, under the library's own name and
// signature, as a forwarder: its first call opens the library (dlopen) and looks the function up
// (dlsym); every later call jumps through the pointer found. Swift code calls the functions as
// before (through CPangoCairo, CGio, CZint, CQREncode and CPNG, which still give the headers); the
// forwarders are hidden, so the executable exports none of them and the libraries' own calls never
// come back through them. A function the wallet starts to call needs one WALLET_FORWARD line in the
// file of its library (cairo.c, pango.c, pango_cairo.c, glib.c, gobject.c, gio.c, zint.c,
// qrencode.c, png.c); without it the link fails with an undefined symbol, or, where the library is
// still named to the linker, `make release` fails its LD_BIND_NOW=1 check.

/// The function `name` of the library `soname`, opened on the first call of any of its
/// functions (`*handle` caches it). When the library cannot be opened or lacks the function,
/// prints one line saying so and which Debian package provides it, and exits with status 127,
/// as the dynamic loader would have done at start-up had the library been linked.
void *wallet_on_demand_function(void **handle, const char *soname, const char *package, const char *name);

#endif
