internal import CPoppler
import OnDemandLibrary
import Pixbuf

/// poppler-glib, opened with `dlopen` the first time a PDF is scanned. Linking it would load it
/// and its ~50 dependencies (NSS, OpenJPEG, LCMS, ...) into every wallet process, even for
/// `wallet --help`; the few entry points a scan needs are looked up here, typed from poppler's
/// own header (CPoppler's `wallet_poppler`), so the compiler checks each call. GLib and Cairo,
/// which poppler's API also uses, come through CLibrariesOnDemand's forwarders.
struct PopplerLibrary: Sendable {
    private let api: wallet_poppler

    /// The library, loaded once; the loader's message when it is not installed.
    static let shared: Result<PopplerLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(WALLET_POPPLER_SONAME)
        var api = wallet_poppler()
        try library.fill { wallet_poppler_fill(&api, $0) }
        return PopplerLibrary(api: api)
    }

    /// The document in `bytes` (a `GBytes`, no password), or GLib's error when it cannot be read.
    func documentFromBytes(_ bytes: OpaquePointer?) -> Result<OpaquePointer, GLibError> {
        GLibError.catching { api.poppler_document_new_from_bytes(bytes, nil, $0) }
    }

    func pageCount(_ document: OpaquePointer) -> Int32 { api.poppler_document_get_n_pages(document) }

    /// Page `index` (0-based), or nil.
    func page(_ document: OpaquePointer, _ index: Int32) -> OpaquePointer? { api.poppler_document_get_page(document, index) }

    /// The page's width and height in points.
    func pageSize(_ page: OpaquePointer, _ width: inout Double, _ height: inout Double) {
        api.poppler_page_get_size(page, &width, &height)
    }

    /// Draws the page on a Cairo context.
    func render(_ page: OpaquePointer, _ context: OpaquePointer) { api.poppler_page_render(page, context) }
}
