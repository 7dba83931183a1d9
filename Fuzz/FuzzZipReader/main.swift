import FuzzSupport
import Foundation
import ZipArchive

/// libFuzzer entry: zip archives through ZIPFoundation and the wallet's bounded, CRC-checked
/// extraction of every member.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzZipReader(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let bytes = Data(fuzzInput(data, size))
    guard let zip = try? ZipContainer(data: bytes) else { return 0 }
    for path in zip.filePaths { _ = try? zip.contents(of: path) }
    return 0
}

runFuzzer(fuzzZipReader)
