internal import CCurl
import OnDemandLibrary

/// libcurl, opened with dlopen the first time a pull needs it (never in a process that does
/// not pull: see CCurl/shim.h). Its function pointers are typed from libcurl's header.
final class CurlLibrary: Sendable {
    /// `nonisolated(unsafe)`: Swift does not see `wallet_curl` as `Sendable` (unlike the other
    /// loaders' tables, one of libcurl's imported function types is not); it holds only function
    /// pointers, written once before the table is shared and only read after.
    nonisolated(unsafe) let api: wallet_curl

    private init(api: wallet_curl) { self.api = api }

    /// The library, loaded once; the dynamic loader's message when it cannot be.
    private static let loaded: Result<CurlLibrary, PassServiceError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(WALLET_CURL_SONAME)
        var api = wallet_curl()
        try library.fill { wallet_curl_fill(&api, $0) }
        return CurlLibrary(api: api)
    }.mapError { PassServiceError.libraryMissing($0.description) }

    /// The library, loading it on first use.
    static func shared() throws(PassServiceError) -> CurlLibrary {
        try loaded.get()
    }
}
