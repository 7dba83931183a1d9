#ifndef WINDOW_LOGO_H
#define WINDOW_LOGO_H

/* A card's logo in the window: decoded from the PNG bytes the wallet stored, drawn by a GTK
   drawing area as large as fits, proportions kept. */
#include "wallet_window.h"

#include <gtk/gtk.h>

/* A logo as an area draws it: on the card page's band, or on a chip of the card's color in an
   overview row (a pass's logo is made for its background color, often white on it). */
typedef struct logo_art {
    cairo_surface_t *surface;  /* NULL: nothing to draw */
    unsigned int chip_color;   /* 0xRRGGBB of the chip behind the logo */
    int on_chip;
} logo_art;

/* The card's logo decoded by GDK into a cairo surface, or NULL when it has none (or its bytes do
   not decode: the wallet re-encodes every stored image, so that would be a damaged database; the
   page goes on without it). */
cairo_surface_t *logo_surface(const wallet_window_card *card);

/* An area `height` pixels tall that draws `art`; `free_art` (or NULL) frees it with the area. */
GtkWidget *logo_area(logo_art *art, int height, GDestroyNotify free_art);

/* Frees a row's logo_art (g_new'd) and its surface: the `free_art` of an overview row. */
void free_row_logo(gpointer data);

#endif
