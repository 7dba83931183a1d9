import Glibc

/// poppler-glib, opened with `dlopen` the first time a PDF is scanned. Linking it would load it
/// and its ~50 dependencies (NSS, OpenJPEG, LCMS, ...) into every wallet process, 5.8 MB of
/// resident memory even for `wallet --help`; the few entry points a scan needs are looked up here.
/// GLib and Cairo, which poppler's API also uses, are already linked (through Pango).
struct PopplerLibrary: @unchecked Sendable {
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

    /// The library, loaded once; nil with the loader's message when it is not installed.
    static let shared: Result<PopplerLibrary, PopplerLoadError> = load()

    private static func load() -> Result<PopplerLibrary, PopplerLoadError> {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            return .failure(PopplerLoadError(message: dlerror().map { String(cString: $0) } ?? "\(soname) not found"))
        }
        func symbol<T>(_ name: String, as type: T.Type) -> T? {
            dlsym(handle, name).map { unsafeBitCast($0, to: type) }
        }
        guard let documentFromBytes = symbol("poppler_document_new_from_bytes", as: DocumentFromBytes.self),
              let pageCount = symbol("poppler_document_get_n_pages", as: PageCount.self),
              let page = symbol("poppler_document_get_page", as: Page.self),
              let pageSize = symbol("poppler_page_get_size", as: PageSize.self),
              let render = symbol("poppler_page_render", as: Render.self)
        else { return .failure(PopplerLoadError(message: "\(soname) lacks the functions a scan needs")) }
        return .success(PopplerLibrary(
            documentFromBytes: documentFromBytes, pageCount: pageCount, page: page, pageSize: pageSize, render: render))
    }
}

/// Why poppler-glib could not be loaded (the dynamic loader's message).
struct PopplerLoadError: Error {
    var message: String
}
