/* The wallet's GTK 4 window: a card page (a band in the card's color with its logo, then the
   barcode black on white at the largest integer module size that fits, store, number, details)
   and an overview list; Esc or q closes it. */
#include "wallet_window.h"
#include "window_logo.h"

#include <gtk/gtk.h>

typedef struct window_state {
    const wallet_window_card *cards;
    int count;
    int current;            /* card on the page, -1 for the overview */
    int has_overview;       /* opened on the overview: the card page has a way back */
    int shown_pending;      /* report SHOWN after the next draw */
    int module_size;        /* device pixels per module in the last draw */
    int done;
    wallet_window_callback callback;
    void *context;
    GtkWidget *window;
    GtkWidget *stack;
    GtkWidget *back;
    GtkWidget *band;
    GtkWidget *logo;
    logo_art logo_art;  /* the current card's logo (no surface when it has none) */
    GtkCssProvider *band_css;
    GtkWidget *store;
    GtkWidget *barcode;
    GtkWidget *number;
    GtkWidget *details;
} window_state;

/* Largest whole number of device pixels per module for `columns` x `rows` modules in the area. */
static int fitting_module_size(int width, int height, const wallet_window_card *card) {
    int by_width = width / card->columns;
    if (card->rows > 1) {
        int by_height = height / card->rows;
        return by_width < by_height ? by_width : by_height;
    }
    return by_width;
}

static void draw_barcode(GtkDrawingArea *area, cairo_t *cr, int width, int height, gpointer data) {
    (void)area;
    window_state *state = data;
    const wallet_window_card *card = state->current >= 0 ? &state->cards[state->current] : NULL;
    cairo_set_source_rgb(cr, 1, 1, 1);
    cairo_paint(cr);
    state->module_size = 0;
    if (card && card->modules && card->columns > 0 && card->rows > 0) {
        int scale = gtk_widget_get_scale_factor(state->barcode);
        int pixel_width = width * scale, pixel_height = height * scale;
        int module = fitting_module_size(pixel_width, pixel_height, card);
        if (module >= 1) {
            int bar_rows = card->rows > 1 ? card->rows * module : card->bar_height_modules * module;
            if (bar_rows > pixel_height) bar_rows = pixel_height;
            int row_height = card->rows > 1 ? module : bar_rows;
            int left = (pixel_width - card->columns * module) / 2;
            int top = (pixel_height - (card->rows > 1 ? bar_rows : row_height)) / 2;
            cairo_save(cr);
            cairo_scale(cr, 1.0 / scale, 1.0 / scale);
            cairo_set_antialias(cr, CAIRO_ANTIALIAS_NONE);
            cairo_set_source_rgb(cr, 0, 0, 0);
            for (int y = 0; y < card->rows; y++) {
                for (int x = 0; x < card->columns; x++) {
                    if (card->modules[y * card->columns + x]) {
                        cairo_rectangle(cr, left + x * module, top + y * row_height, module, row_height);
                    }
                }
            }
            cairo_fill(cr);
            cairo_restore(cr);
            state->module_size = module;
        }
    }
}

static gboolean report_shown(gpointer data) {
    window_state *state = data;
    if (state->callback && !state->done) {
        state->callback(state->context, WALLET_WINDOW_SHOWN, state->current, state->module_size);
    }
    return G_SOURCE_REMOVE;
}

/* After the frame that drew the page: the idle runs once the paint cycle is over. */
static void after_paint(GdkFrameClock *clock, gpointer data) {
    window_state *state = data;
    if (!state->shown_pending) return;
    state->shown_pending = 0;
    (void)clock;
    g_idle_add(report_shown, state);
}

/* The card's color on the band above its name (one provider per window, reloaded per card). */
static void set_band_color(window_state *state, unsigned int color) {
    char css[96];
    g_snprintf(css, sizeof css, "box.band { background-color: #%06x; min-height: 12px; }", color & 0xFFFFFF);
    gtk_css_provider_load_from_data(state->band_css, css, -1);
}

/* The logo on the band, or a bare band of the card's color when the card has none. */
static void show_logo(window_state *state, const wallet_window_card *card) {
    if (state->logo_art.surface) cairo_surface_destroy(state->logo_art.surface);
    state->logo_art.surface = logo_surface(card);
    gtk_widget_set_visible(state->logo, state->logo_art.surface != NULL);
    gtk_widget_queue_draw(state->logo);
}

static void show_card(window_state *state, int index) {
    const wallet_window_card *card = &state->cards[index];
    state->current = index;
    set_band_color(state, card->color);
    show_logo(state, card);
    gtk_label_set_text(GTK_LABEL(state->store), card->store);
    gtk_label_set_text(GTK_LABEL(state->number), card->number);
    gtk_label_set_text(GTK_LABEL(state->details), card->details);
    gtk_widget_set_visible(state->details, card->details[0] != '\0');
    gtk_widget_set_visible(state->barcode, card->modules != NULL);
    gtk_widget_set_visible(state->back, state->has_overview);
    gtk_stack_set_visible_child_name(GTK_STACK(state->stack), "card");
    char *title = g_strdup_printf("%s - Wallet", card->store);
    gtk_window_set_title(GTK_WINDOW(state->window), title);
    g_free(title);
    state->shown_pending = 1;
    gtk_widget_queue_draw(state->barcode);
    gtk_widget_queue_draw(state->window);
}

static void show_overview(window_state *state) {
    state->current = -1;
    state->module_size = 0;
    gtk_stack_set_visible_child_name(GTK_STACK(state->stack), "overview");
    gtk_window_set_title(GTK_WINDOW(state->window), "Wallet");
    state->shown_pending = 1;
    gtk_widget_queue_draw(state->window);
}

static void row_activated(GtkListBox *list, GtkListBoxRow *row, gpointer data) {
    (void)list;
    window_state *state = data;
    int index = gtk_list_box_row_get_index(row);
    if (state->callback) state->callback(state->context, WALLET_WINDOW_OPENED, index, 0);
    show_card(state, index);
}

static void back_clicked(GtkButton *button, gpointer data) {
    (void)button;
    show_overview(data);
}

static gboolean key_pressed(GtkEventControllerKey *controller, guint keyval, guint keycode,
                            GdkModifierType modifiers, gpointer data) {
    (void)controller; (void)keycode; (void)modifiers;
    window_state *state = data;
    if (keyval == GDK_KEY_Escape || keyval == GDK_KEY_q || keyval == GDK_KEY_Q) {
        gtk_window_destroy(GTK_WINDOW(state->window));
        return TRUE;
    }
    return FALSE;
}

static void window_destroyed(GtkWidget *widget, gpointer data) {
    (void)widget;
    window_state *state = data;
    state->done = 1;
    g_main_context_wakeup(NULL);
}

/* Labels are not selectable: a selectable one takes the focus and shows up highlighted. */
static GtkWidget *label(const char *css_class, gboolean selectable) {
    GtkWidget *widget = gtk_label_new("");
    gtk_label_set_wrap(GTK_LABEL(widget), TRUE);
    gtk_label_set_justify(GTK_LABEL(widget), GTK_JUSTIFY_CENTER);
    gtk_label_set_selectable(GTK_LABEL(widget), selectable);
    if (css_class) gtk_widget_add_css_class(widget, css_class);
    return widget;
}

static GtkWidget *card_page(window_state *state) {
    GtkWidget *page = gtk_box_new(GTK_ORIENTATION_VERTICAL, 12);
    state->band = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 0);
    gtk_widget_add_css_class(state->band, "band");
    state->logo = logo_area(&state->logo_art, 48, NULL);
    gtk_widget_set_hexpand(state->logo, TRUE);
    gtk_widget_set_margin_start(state->logo, 12);
    gtk_widget_set_margin_end(state->logo, 12);
    gtk_widget_set_margin_top(state->logo, 12);
    gtk_widget_set_margin_bottom(state->logo, 12);
    gtk_box_append(GTK_BOX(state->band), state->logo);
    state->band_css = gtk_css_provider_new();
    gtk_style_context_add_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(state->band_css),
                                               GTK_STYLE_PROVIDER_PRIORITY_APPLICATION);
    gtk_box_append(GTK_BOX(page), state->band);
    state->back = gtk_button_new_with_label("All cards");
    gtk_widget_set_halign(state->back, GTK_ALIGN_START);
    gtk_widget_set_margin_start(state->back, 12);
    g_signal_connect(state->back, "clicked", G_CALLBACK(back_clicked), state);
    gtk_box_append(GTK_BOX(page), state->back);
    state->store = label("title-1", FALSE);
    gtk_box_append(GTK_BOX(page), state->store);
    state->barcode = gtk_drawing_area_new();
    gtk_widget_set_hexpand(state->barcode, TRUE);
    gtk_widget_set_vexpand(state->barcode, TRUE);
    gtk_widget_set_size_request(state->barcode, 240, 160);
    gtk_drawing_area_set_draw_func(GTK_DRAWING_AREA(state->barcode), draw_barcode, state, NULL);
    gtk_box_append(GTK_BOX(page), state->barcode);
    state->number = label("title-2", FALSE);
    gtk_box_append(GTK_BOX(page), state->number);
    state->details = label(NULL, FALSE);
    gtk_widget_set_margin_bottom(state->details, 12);
    gtk_box_append(GTK_BOX(page), state->details);
    return page;
}

static GtkWidget *overview_page(window_state *state) {
    GtkWidget *list = gtk_list_box_new();
    gtk_list_box_set_activate_on_single_click(GTK_LIST_BOX(list), TRUE);
    for (int i = 0; i < state->count; i++) {
        char *escaped_store = g_markup_escape_text(state->cards[i].store, -1);
        char *escaped_number = g_markup_escape_text(state->cards[i].number, -1);
        char *markup = g_strdup_printf("%s<b>%s</b>\n<small>%s</small>", state->cards[i].favorite ? "\xE2\x98\x85 " : "",
                                       escaped_store, escaped_number);
        GtkWidget *text = gtk_label_new(NULL);
        gtk_label_set_markup(GTK_LABEL(text), markup);
        gtk_label_set_xalign(GTK_LABEL(text), 0);
        GtkWidget *row = gtk_box_new(GTK_ORIENTATION_HORIZONTAL, 12);
        gtk_widget_set_margin_start(row, 12);
        gtk_widget_set_margin_top(row, 8);
        gtk_widget_set_margin_bottom(row, 8);
        cairo_surface_t *surface = logo_surface(&state->cards[i]);
        if (surface) {
            logo_art *art = g_new(logo_art, 1);
            *art = (logo_art){.surface = surface, .chip_color = state->cards[i].color, .on_chip = 1};
            GtkWidget *logo = logo_area(art, 40, free_row_logo);
            gtk_drawing_area_set_content_width(GTK_DRAWING_AREA(logo), 72);
            gtk_box_append(GTK_BOX(row), logo);
        }
        gtk_box_append(GTK_BOX(row), text);
        gtk_list_box_append(GTK_LIST_BOX(list), row);
        g_free(escaped_store); g_free(escaped_number); g_free(markup);
    }
    if (state->count == 0) {
        gtk_list_box_set_placeholder(GTK_LIST_BOX(list),
            gtk_label_new("No cards yet.\nAdd one with: wallet card add --store NAME --code NUMBER"));
    }
    g_signal_connect(list, "row-activated", G_CALLBACK(row_activated), state);
    GtkWidget *scrolled = gtk_scrolled_window_new();
    gtk_scrolled_window_set_child(GTK_SCROLLED_WINDOW(scrolled), list);
    return scrolled;
}

int wallet_window_open_display(void) {
    return gtk_init_check() ? 1 : 0;
}

int wallet_window_run(const wallet_window_card *cards, int count, int start, const char *title,
                      wallet_window_callback callback, void *context) {
    if (!gtk_init_check()) return -1;
    window_state state = {.cards = cards, .count = count, .current = start, .has_overview = start < 0, .callback = callback, .context = context};
    state.window = gtk_window_new();
    gtk_window_set_title(GTK_WINDOW(state.window), title);
    gtk_window_set_default_size(GTK_WINDOW(state.window), 480, 600);
    state.stack = gtk_stack_new();
    gtk_stack_add_named(GTK_STACK(state.stack), card_page(&state), "card");
    gtk_stack_add_named(GTK_STACK(state.stack), overview_page(&state), "overview");
    gtk_window_set_child(GTK_WINDOW(state.window), state.stack);
    GtkEventController *keys = gtk_event_controller_key_new();
    gtk_event_controller_set_propagation_phase(keys, GTK_PHASE_CAPTURE);
    g_signal_connect(keys, "key-pressed", G_CALLBACK(key_pressed), &state);
    gtk_widget_add_controller(state.window, keys);
    g_signal_connect(state.window, "destroy", G_CALLBACK(window_destroyed), &state);
    if (start >= 0 && start < count) show_card(&state, start); else show_overview(&state);
    gtk_window_present(GTK_WINDOW(state.window));
    GdkFrameClock *clock = gtk_widget_get_frame_clock(state.window);
    if (clock) g_signal_connect(clock, "after-paint", G_CALLBACK(after_paint), &state);
    while (!state.done) g_main_context_iteration(NULL, TRUE);
    while (g_main_context_pending(NULL)) g_main_context_iteration(NULL, FALSE);
    gtk_style_context_remove_provider_for_display(gdk_display_get_default(), GTK_STYLE_PROVIDER(state.band_css));
    g_object_unref(state.band_css);
    if (state.logo_art.surface) cairo_surface_destroy(state.logo_art.surface);
    return 0;
}
