internal import CZip
import OnDemandLibrary

/// libzip, opened with `dlopen` the first time a password-protected zip is read rather than
/// linked (CZip's shim.h: linking loads libzip and OpenSSL's libcrypto into every wallet process).
/// Calls go through the function pointers of ``api``, typed from libzip's header and filled in
/// full by the loader.
struct LibZipLibrary: Sendable {
    let api: wallet_libzip

    /// The library, loaded once; the dynamic loader's message when it cannot be.
    private static let shared: Result<LibZipLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.system(WALLET_LIBZIP_SONAME)
        var api = wallet_libzip()
        try library.fill { wallet_libzip_fill(&api, $0) }
        return LibZipLibrary(api: api)
    }

    /// libzip's entry points, loading the library on first use.
    static func api() throws(LocatedProblem) -> wallet_libzip {
        switch shared {
        case .success(let library): return library.api
        case .failure(let error):
            throw LocatedProblem(.cannotRead("password-protected zips need libzip (Debian package libzip4): \(error)"))
        }
    }
}
