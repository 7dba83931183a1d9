internal import CZip
import OnDemandLibrary

/// libzip, opened with `dlopen` the first time a password-protected zip is read rather than
/// linked (CZip's shim.h: linking loads libzip and OpenSSL's libcrypto into every wallet process).
/// Calls go through the function pointers of ``api``, which the loader has filled in full.
struct LibZipLibrary: Sendable {
    let api: wallet_libzip

    /// The library, loaded once; the dynamic loader's message when it cannot be (the same
    /// error the wallet's other on-demand libraries report).
    private static let shared: Result<LibZipLibrary, OnDemandLibraryError> = {
        var api = wallet_libzip()
        var message = [CChar](repeating: 0, count: 512)
        guard wallet_libzip_load(&api, &message, message.count) == 0 else {
            let text = String(decoding: message.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            return .failure(OnDemandLibraryError(name: WALLET_LIBZIP_SONAME, looked: [WALLET_LIBZIP_SONAME], reason: text))
        }
        return .success(LibZipLibrary(api: api))
    }()

    /// libzip's entry points, loading the library on first use.
    static func api() throws(LocatedProblem) -> wallet_libzip {
        switch shared {
        case .success(let library): return library.api
        case .failure(let error):
            throw LocatedProblem(.cannotRead("password-protected zips need libzip (Debian package libzip4): \(error)"))
        }
    }
}
