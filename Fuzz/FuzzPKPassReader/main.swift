import FuzzSupport
import Foundation
import WalletCore
@testable import WalletInterop

/// libFuzzer entry: `pass.json` documents (the zip layer has its own harness), then validation.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPKPassReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(fuzzInput(data, size))
    if let archive = try? PKPassReader(now: Date(timeIntervalSince1970: 1_795_000_000)).read(passJSON: bytes) {
        for card in archive.cards { _ = try? card.validated() }
    }
    return 0
}

runFuzzer(fuzzPKPassReader)
