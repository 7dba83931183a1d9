internal import CAdw

/// Small constructors for the widgets every page uses, so the pages read as layout.
enum Widgets {
    /// A label; `classes` are GTK style classes ("title-1", "dim-label", ...).
    static func label(_ text: String, classes: [String] = [], wrap: Bool = false) -> ObjectHandle {
        let label = ObjectHandle(raw(gtk_label_new(text)))
        if wrap {
            gtk_label_set_wrap(label.opaque, 1)
            gtk_label_set_xalign(label.opaque, 0)
        }
        for name in classes { gtk_widget_add_css_class(label.widget, name) }
        return label
    }

    /// A vertical or horizontal box with `spacing` pixels between children.
    static func box(vertical: Bool, spacing: Int32) -> ObjectHandle {
        ObjectHandle(raw(gtk_box_new(vertical ? GTK_ORIENTATION_VERTICAL : GTK_ORIENTATION_HORIZONTAL, spacing)))
    }

    /// Appends `child` to `box`.
    static func append(_ child: ObjectHandle, to box: ObjectHandle) {
        gtk_box_append(box.typed(), child.widget)
    }

    /// A button with a text label (and the same accessible name).
    static func button(_ text: String, classes: [String] = []) -> ObjectHandle {
        let button = ObjectHandle(raw(gtk_button_new_with_label(text)))
        for name in classes { gtk_widget_add_css_class(button.widget, name) }
        return button
    }

    /// An icon button; `name` is its tooltip and accessible name.
    static func iconButton(_ icon: String, name: String) -> ObjectHandle {
        let button = ObjectHandle(raw(gtk_button_new_from_icon_name(icon)))
        gtk_widget_set_tooltip_text(button.widget, name)
        wallet_accessible_set_label(button.widget, name)
        return button
    }

    /// `child` in a scrolled window (vertical only) inside a clamp of `maximum` pixels.
    static func scrolledClamp(_ child: ObjectHandle, maximum: Int32) -> ObjectHandle {
        let clamp = raw(adw_clamp_new())
        adw_clamp_set_maximum_size(OpaquePointer(clamp), maximum)
        adw_clamp_set_child(OpaquePointer(clamp), child.widget)
        let scrolled = ObjectHandle(raw(gtk_scrolled_window_new()))
        gtk_scrolled_window_set_policy(scrolled.opaque, GTK_POLICY_NEVER, GTK_POLICY_AUTOMATIC)
        gtk_scrolled_window_set_child(scrolled.opaque, clamp.assumingMemoryBound(to: GtkWidget.self))
        gtk_widget_set_vexpand(scrolled.widget, 1)
        return scrolled
    }

    /// Sets all four margins of `widget`.
    static func margins(_ widget: ObjectHandle, _ pixels: Int32) {
        gtk_widget_set_margin_top(widget.widget, pixels)
        gtk_widget_set_margin_bottom(widget.widget, pixels)
        gtk_widget_set_margin_start(widget.widget, pixels)
        gtk_widget_set_margin_end(widget.widget, pixels)
    }

    /// A header bar with an `AdwWindowTitle` as its title; returns both.
    static func headerBar(title: String) -> (bar: ObjectHandle, title: ObjectHandle) {
        let bar = ObjectHandle(raw(adw_header_bar_new()))
        let windowTitle = ObjectHandle(raw(adw_window_title_new(title, "")))
        adw_header_bar_set_title_widget(bar.opaque, windowTitle.widget)
        return (bar, windowTitle)
    }
}
