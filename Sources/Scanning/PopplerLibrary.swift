import OnDemandLibrary

/// poppler-glib, opened with `dlopen` the first time a PDF is scanned. Linking it would load it
/// and its ~50 dependencies (NSS, OpenJPEG, LCMS, ...) into every wallet process, 5.8 MB of
/// resident memory even for `wallet --help`; the few entry points a scan needs are looked up here.
/// GLib and Cairo, which poppler's API also uses, come through CLibrariesOnDemand's forwarders.
struct PopplerLibrary: Sendable {
    /// Debian 12's soname (package libpoppler-glib8).
    static let soname = "libpoppler-glib.so.8"

    typealias DocumentFromBytes = @convention(c) (
        UnsafeMutableRawPointer?, UnsafePointer<CChar>?, UnsafeMutablePointer<UnsafeMutableRawPointer?>?
    ) -> OpaquePointer?
    typealias PageCount = @convention(c) (OpaquePointer?) -> Int32
    typealias Page = @convention(c) (OpaquePointer?, Int32) -> OpaquePointer?
    typealias PageSize = @convention(c) (OpaquePointer?, UnsafeMutablePointer<Double>?, UnsafeMutablePointer<Double>?) -> Void
    typealias Render = @convention(c) (OpaquePointer?, OpaquePointer?) -> Void

    let documentFromBytes: DocumentFromBytes
    let pageCount: PageCount
    let page: Page
    let pageSize: PageSize
    let render: Render

    /// The library, loaded once; the loader's message when it is not installed.
    static let shared: Result<PopplerLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(soname)
        return PopplerLibrary(
            documentFromBytes: try library.function("poppler_document_new_from_bytes", as: DocumentFromBytes.self),
            pageCount: try library.function("poppler_document_get_n_pages", as: PageCount.self),
            page: try library.function("poppler_document_get_page", as: Page.self),
            pageSize: try library.function("poppler_page_get_size", as: PageSize.self),
            render: try library.function("poppler_page_render", as: Render.self))
    }
}
