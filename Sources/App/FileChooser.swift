internal import CAdw

/// A file to open, chosen through `GtkFileChooserNative`: the desktop's own dialog through the
/// file chooser portal where the app runs sandboxed, GTK's dialog (in this process, so the tests
/// drive it through AT-SPI like the rest of the window) elsewhere.
final class FileChooser {
    private var native: ObjectHandle?

    /// One kind of file the chooser offers, by MIME types and name patterns.
    struct Filter {
        var name: String
        var mimeTypes: [String]
        var patterns: [String]
    }

    /// Asks for a file over `window`, titled `title`, its accept button `accept`; `chosen`
    /// gets its local path (not called when the person cancels).
    func open(
        over window: ObjectHandle, title: String, accept: String, filters: [Filter], chosen: @escaping (String) -> Void
    ) {
        let native = ObjectHandle(
            raw(
                gtk_file_chooser_native_new(
                    title, window.typed(), GTK_FILE_CHOOSER_ACTION_OPEN, accept, tr("Cancel"))))
        gtk_native_dialog_set_modal(native.typed(), 1)
        for filter in filters {
            let gtkFilter = gtk_file_filter_new()
            gtk_file_filter_set_name(gtkFilter, filter.name)
            for type in filter.mimeTypes { gtk_file_filter_add_mime_type(gtkFilter, type) }
            for pattern in filter.patterns { gtk_file_filter_add_pattern(gtkFilter, pattern) }
            gtk_file_chooser_add_filter(native.opaque, gtkFilter)
            g_object_unref(UnsafeMutableRawPointer(gtkFilter))
        }
        native.on(
            "response",
            withPosition: { [weak self] response in
                guard let self, let native = self.native else { return }
                self.native = nil
                guard Int32(bitPattern: response) == GTK_RESPONSE_ACCEPT.rawValue,
                    let file = gtk_file_chooser_get_file(native.opaque)
                else { return }
                defer { g_object_unref(UnsafeMutableRawPointer(file)) }
                guard let path = g_file_get_path(file) else { return }
                let text = String(cString: path)
                g_free(path)
                chosen(text)
            })
        self.native = native
        gtk_native_dialog_show(native.typed())
    }
}
