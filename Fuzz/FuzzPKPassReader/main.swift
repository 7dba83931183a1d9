import FuzzSupport
import Foundation
import WalletCore
@testable import WalletInterop

/// libFuzzer entry: `pass.json` documents (the zip layer has its own harness), then validation;
/// the live parts (``PassLiveReading``) are read from the same document and validated with the card.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzPKPassReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(fuzzInput(data, size))
    if var archive = try? PKPassReader(now: Date(timeIntervalSince1970: 1_795_000_000)).read(passJSON: bytes) {
        if !archive.cards.isEmpty {
            archive.cards[0].pass = try? PassLiveReading.pass(passJSON: bytes, strings: PKPassStrings(table: [:]), signed: false)
        }
        for card in archive.cards { _ = try? card.validated() }
    }
    return 0
}

runFuzzer(fuzzPKPassReader)
