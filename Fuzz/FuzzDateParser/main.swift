import FuzzSupport
import WalletCore

/// libFuzzer entry: the strict RFC 3339 reader on arbitrary strings. A text it accepts is
/// exactly `YYYY-MM-DDTHH:MM:SS[.fraction](Z|±HH:MM)` with a real date, and the date it gives
/// formats back to a text it reads again as the same whole second.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDateParser(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let text = String(decoding: fuzzInput(data, size), as: UTF8.self)
    guard let date = ISO8601.parse(text) else { return 0 }
    let bytes = Array(text.utf8)
    precondition(bytes.count >= 20 && CardDate.isValid(String(decoding: bytes[0..<10], as: UTF8.self)), "accepted \(text)")
    precondition(bytes.last == UInt8(ascii: "Z") || bytes.last == UInt8(ascii: "z") || bytes[bytes.count - 3] == UInt8(ascii: ":"),
                 "accepted a trailing text: \(text)")
    let formatted = ISO8601.format(date)
    guard let again = ISO8601.parse(formatted) else { preconditionFailure("cannot read back \(formatted) from \(text)") }
    precondition(abs(again.timeIntervalSince(date)) < 1, "\(text) -> \(formatted)")
    return 0
}

runFuzzer(fuzzDateParser)
