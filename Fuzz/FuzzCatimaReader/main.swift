import FuzzSupport
import Foundation
import WalletCore
import WalletInterop

/// libFuzzer entry: Catima CSV files, then the card model's validation of every card read.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzCatimaReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    let reader = CatimaCSVReader(now: Date(timeIntervalSince1970: 1_795_000_000), timeZone: TimeZone(identifier: "UTC")!)
    if let archive = try? reader.read(text, file: "fuzz.csv") {
        for card in archive.cards { _ = try? card.validated() }
    }
    return 0
}

runFuzzer(fuzzCatimaReader)
