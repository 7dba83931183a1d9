import FuzzSupport
import WalletCore

/// libFuzzer entry: the deep-link router on arbitrary strings; a parsed link must print back
/// to a URL that parses to the same link.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDeepLink(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    if let link = try? DeepLink(parsing: text) {
        precondition((try? DeepLink(parsing: link.url)) == link, "round trip failed for \(text)")
    }
    return 0
}

runFuzzer(fuzzDeepLink)
