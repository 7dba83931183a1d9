#ifndef WALLET_WINDOW_H
#define WALLET_WINDOW_H

/* The wallet's desktop window (GTK 4) behind a small C surface: Swift imports only this header,
   never GTK's, which keeps its compile times low. No GTK type appears here.

   The window lives in a shared library of its own (libWalletWindow.so, the CWalletWindow target),
   which the wallet loads with dlopen only when it opens a window: with GTK linked into the
   executable every command loaded GTK's libraries too (bench/results.md has the figures). */

/* The library's file name, and the names of the two functions the wallet looks up in it. */
extern const char *const wallet_window_library_name;
extern const char *const wallet_window_open_display_symbol;
extern const char *const wallet_window_run_symbol;

/* One card as the window shows it. Strings are UTF-8 and may be empty, never NULL. */
typedef struct wallet_window_card {
    const char *store;
    const char *number;
    /* Note, balance, expiry...: lines separated by '\n'. */
    const char *details;
    /* Barcode modules row by row, quiet zone included, 1 = dark; NULL when the card has none. */
    const unsigned char *modules;
    int columns;
    int rows;
    /* For a linear code (rows == 1): bar height in modules; the bars stretch to it or to what fits. */
    int bar_height_modules;
    /* The card's color as 0xRRGGBB (the band above the store name). */
    unsigned int color;
    int favorite;
    /* The card's logo as PNG bytes (drawn on the band in the card's color, and beside its name in
       the overview); NULL when the card has none. */
    const unsigned char *logo_png;
    int logo_png_length;
} wallet_window_card;

/* What the window reports while it runs. */
typedef enum wallet_window_event {
    /* A card page (index >= 0) or the overview (index -1) was drawn; module_size is the barcode's
       device pixels per module (0: no barcode). */
    WALLET_WINDOW_SHOWN = 0,
    /* The person picked a card in the overview (the app records a use). */
    WALLET_WINDOW_OPENED = 1,
} wallet_window_event;

typedef void (*wallet_window_callback)(void *context, wallet_window_event event, int index, int module_size);

/* Connects to the display. 0 when there is none (no DISPLAY / WAYLAND_DISPLAY, or it refused). */
int wallet_window_open_display(void);
typedef int (*wallet_window_open_display_function)(void);

/* Shows `cards` and runs until the window closes (Esc, q or the window manager). `start` is the
   card shown first, or -1 for the overview list (favorites as given, first). Returns 0, or -1 when
   the display cannot be opened. */
int wallet_window_run(const wallet_window_card *cards, int count, int start, const char *title,
                      wallet_window_callback callback, void *context);
typedef int (*wallet_window_run_function)(const wallet_window_card *cards, int count, int start, const char *title,
                                          wallet_window_callback callback, void *context);

#endif
