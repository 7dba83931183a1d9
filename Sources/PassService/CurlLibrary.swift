internal import CCurl
import Synchronization

/// libcurl, opened with dlopen the first time a pull needs it (never in a process that does
/// not pull: see CCurl/shim.h).
final class CurlLibrary: Sendable {
    nonisolated(unsafe) let api: wallet_curl

    private init(api: wallet_curl) { self.api = api }

    private static let loaded = Mutex<Result<CurlLibrary, PassServiceError>?>(nil)

    /// The library, loading it on first use.
    static func shared() throws(PassServiceError) -> CurlLibrary {
        let result = loaded.withLock { cached -> Result<CurlLibrary, PassServiceError> in
            if let cached { return cached }
            var api = wallet_curl()
            var message = [CChar](repeating: 0, count: 512)
            let result: Result<CurlLibrary, PassServiceError> = wallet_curl_load(&api, &message, message.count) == 0
                ? .success(CurlLibrary(api: api))
                : .failure(.libraryMissing(String(decoding: message.prefix { $0 != 0 }.map(UInt8.init(bitPattern:)), as: UTF8.self)))
            cached = result
            return result
        }
        return try result.get()
    }
}
