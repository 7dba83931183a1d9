import FuzzSupport
@testable import WalletInterop

/// libFuzzer entry: the RFC 4180 reader on arbitrary text (bounded, never traps).
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCSVParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    _ = try? CSVParser(text: text).records()
    return 0
}

runFuzzer(fuzzCSVParser)
