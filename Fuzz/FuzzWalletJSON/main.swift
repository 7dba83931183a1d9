import FuzzSupport
import Foundation
import WalletCore
import WalletInterop

/// libFuzzer entry: the wallet JSON codec's decoder, then validation of every card.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWalletJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(fuzzInput(data, size))
    if let archive = try? WalletJSONCodec(now: Date(timeIntervalSince1970: 1_795_000_000)).decode(bytes, file: "fuzz.json") {
        for card in archive.cards { _ = try? card.validated() }
    }
    return 0
}

runFuzzer(fuzzWalletJSON)
