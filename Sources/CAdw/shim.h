// libadwaita 1.2 and GTK 4.8 for the app (`wallet-app` only; `wallet` never links them).
// The inline functions below exist because Swift cannot call what they wrap: variadic
// functions (gtk_accessible_update_property) and GObject's type-check macros.
#include <adwaita.h>
#include <glib-unix.h>

/// Sets the accessible name (ARIA label) AT-SPI reports for `widget`.
static inline void wallet_accessible_set_label(GtkWidget *widget, const char *label) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_LABEL, label, -1);
}

/// Sets the accessible description AT-SPI reports for `widget`.
static inline void wallet_accessible_set_description(GtkWidget *widget, const char *text) {
    gtk_accessible_update_property(GTK_ACCESSIBLE(widget), GTK_ACCESSIBLE_PROPERTY_DESCRIPTION, text, -1);
}

/// Names every button inside `widget` `label`: an AdwEntryRow's apply button, which libadwaita 1.2
/// leaves without a name (GTK 4.8 then reports its icon's class, "GtkImage").
static inline void wallet_accessible_label_buttons_within(GtkWidget *widget, const char *label) {
    for (GtkWidget *child = gtk_widget_get_first_child(widget); child; child = gtk_widget_get_next_sibling(child)) {
        if (GTK_IS_BUTTON(child))
            wallet_accessible_set_label(child, label);
        else
            wallet_accessible_label_buttons_within(child, label);
    }
}

/// GTK_IS_WINDOW: whether `object` is a GtkWindow (the application's windows list holds any).
static inline gboolean wallet_is_window(gpointer object) {
    return GTK_IS_WINDOW(object);
}

/// g_object_set for one boolean property (g_object_set is variadic).
static inline void wallet_object_set_bool(gpointer object, const char *name, gboolean value) {
    g_object_set(object, name, value, NULL);
}

/// g_object_set for one string property (g_object_set is variadic).
static inline void wallet_object_set_string(gpointer object, const char *name, const char *value) {
    g_object_set(object, name, value, NULL);
}

/// g_object_set for one integer property (g_object_set is variadic).
static inline void wallet_object_set_int(gpointer object, const char *name, int value) {
    g_object_set(object, name, value, NULL);
}

/// A drawing area AT-SPI reports as an image (the accessible role is construct-only, so it is
/// set through the variadic g_object_new).
static inline GtkWidget *wallet_image_drawing_area_new(void) {
    return GTK_WIDGET(g_object_new(GTK_TYPE_DRAWING_AREA, "accessible-role", GTK_ACCESSIBLE_ROLE_IMG, NULL));
}

// gettext (glibc's libintl) for the app's strings: bindtextdomain, bind_textdomain_codeset,
// dgettext, setlocale.
#include <libintl.h>
#include <locale.h>
