/* A card's logo in the window (window_logo.h). */
#include "window_logo.h"

cairo_surface_t *logo_surface(const wallet_window_card *card) {
    if (!card->logo_png || card->logo_png_length <= 0) return NULL;
    GBytes *bytes = g_bytes_new(card->logo_png, (gsize)card->logo_png_length);
    GdkTexture *texture = gdk_texture_new_from_bytes(bytes, NULL);
    g_bytes_unref(bytes);
    if (!texture) return NULL;
    int width = gdk_texture_get_width(texture), height = gdk_texture_get_height(texture);
    cairo_surface_t *surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, width, height);
    /* GDK_MEMORY_DEFAULT, what download writes, is cairo's premultiplied ARGB32. */
    gdk_texture_download(texture, cairo_image_surface_get_data(surface), (gsize)cairo_image_surface_get_stride(surface));
    cairo_surface_mark_dirty(surface);
    g_object_unref(texture);
    return surface;
}

/* Draws the logo of the logo_art `data` as large as fits the area, proportions kept, centred. */
static void draw_logo(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area;
    const logo_art *art = data;
    cairo_surface_t *surface = art->surface;
    if (!surface) return;
    if (art->on_chip) {
        double radius = 6, inset = 4;
        cairo_new_sub_path(cr);
        cairo_arc(cr, width - radius, radius, radius, -G_PI / 2, 0);
        cairo_arc(cr, width - radius, height - radius, radius, 0, G_PI / 2);
        cairo_arc(cr, radius, height - radius, radius, G_PI / 2, G_PI);
        cairo_arc(cr, radius, radius, radius, G_PI, 3 * G_PI / 2);
        cairo_close_path(cr);
        cairo_set_source_rgb(cr, ((art->chip_color >> 16) & 0xFF) / 255.0, ((art->chip_color >> 8) & 0xFF) / 255.0,
                             (art->chip_color & 0xFF) / 255.0);
        cairo_fill(cr);
        cairo_translate(cr, inset, inset);
        width -= 2 * (int)inset;
        height -= 2 * (int)inset;
    }
    double logo_width = cairo_image_surface_get_width(surface), logo_height = cairo_image_surface_get_height(surface);
    double scale = MIN(width / logo_width, height / logo_height);
    cairo_translate(cr, (width - logo_width * scale) / 2, (height - logo_height * scale) / 2);
    cairo_scale(cr, scale, scale);
    cairo_set_source_surface(cr, surface, 0, 0);
    cairo_pattern_set_filter(cairo_get_source(cr), CAIRO_FILTER_GOOD);
    cairo_paint(cr);
}

GtkWidget *logo_area(logo_art *art, int height, GDestroyNotify free_art) {
    GtkWidget *area = gtk_drawing_area_new();
    gtk_drawing_area_set_content_height(GTK_DRAWING_AREA(area), height);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(area), draw_logo, art, free_art);
    return area;
}

void free_row_logo(gpointer data) {
    logo_art *art = data;
    cairo_surface_destroy(art->surface);
    g_free(art);
}

