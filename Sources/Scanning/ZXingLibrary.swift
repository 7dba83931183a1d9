internal import CWalletScanAPI
import OnDemandLibrary

/// The barcode reader, libWalletScan.so (zxing-cpp behind wallet_scan.h), opened with `dlopen`
/// when the first image is decoded, so that no other command loads zxing-cpp.
struct ZXingLibrary: Sendable {
    let read: czx_read_function
    let freeResults: czx_results_free_function

    /// The library, loaded once; the reason when it is missing or cannot be loaded.
    static let shared: Result<ZXingLibrary, OnDemandLibraryError> = Result { () throws(OnDemandLibraryError) in
        let library = try OnDemandLibrary.bundled(String(cString: wallet_scan_library_name))
        return ZXingLibrary(
            read: try library.function(String(cString: wallet_scan_read_symbol), as: czx_read_function.self),
            freeResults: try library.function(
                String(cString: wallet_scan_results_free_symbol), as: czx_results_free_function.self))
    }
}
