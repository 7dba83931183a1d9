internal import CQREncode
#if canImport(Glibc)
import Glibc
internal import FileOutput
#endif

/// QR codes through libqrencode, at error correction level M (15% of the symbol may be damaged).
enum QRCodeEncoder {
    /// The largest QR symbol (version 40-M) holds 2331 bytes.
    static let byteCapacity = 2331

    /// Encodes `text` (validated, no NUL), whose `bytes` in its character set are given too.
    /// Without `eci` (ASCII text) it goes in the most compact modes libqrencode finds (numeric,
    /// alphanumeric, 8-bit; never Kanji). With one the bytes go in 8-bit mode behind that ECI
    /// designator (26 UTF-8, 3 ISO-8859-1), so every decoder reads the character set instead of
    /// guessing Latin-1 or Shift JIS.
    static func encode(_ text: String, bytes: [UInt8], eci: Int32?) throws(BarcodeError) -> (width: Int, modules: [Bool]) {
        errno = 0
        let code: UnsafeMutablePointer<QRcode>?
        if let eci {
            code = encodeWithECI(bytes, eci: eci)
        } else {
            // casesensitive = 1: 0 would upper-case the data. Hint QR_MODE_8: never Kanji.
            code = QRcode_encodeString(text, 0, QR_ECLEVEL_M, QR_MODE_8, 1)
        }
        guard let code else { throw failure(errno: errno, byteCount: bytes.count) }
        defer { QRcode_free(code) }
        let width = Int(code.pointee.width)
        let data = UnsafeBufferPointer(start: code.pointee.data, count: width * width)
        // Bit 0 of each byte is the module's color (1 = dark); the other bits describe its role.
        return (width, data.map { $0 & 1 != 0 })
    }

    /// The ECI header, then the bytes in 8-bit mode. NULL + errno on failure.
    private static func encodeWithECI(_ bytes: [UInt8], eci: Int32) -> UnsafeMutablePointer<QRcode>? {
        guard let input = QRinput_new2(0, QR_ECLEVEL_M) else { return nil }
        defer { QRinput_free(input) }
        guard QRinput_appendECIheader(input, UInt32(eci)) == 0,
            QRinput_append(input, QR_MODE_8, Int32(bytes.count), bytes) == 0
        else { return nil }
        return QRcode_encodeInput(input)
    }

    private static func failure(errno code: Int32, byteCount: Int) -> BarcodeError {
        switch code {
        case ERANGE:
            return .overCapacity(
                .qr,
                detail:
                    "\(byteCount) bytes do not fit the largest QR code (\(byteCapacity) bytes at error correction M); shorten the data"
            )
        case ENOMEM:
            return .outOfMemory(.qr)
        default:
            return .encoderFailed(.qr, code: code, message: "libqrencode refused the input (\(ErrnoText.message(for: code)))")
        }
    }
}
