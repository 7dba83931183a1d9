/// Code 39 full ASCII (ISO/IEC 16388 Annex, "Full ASCII"): the 43 basic characters stand for
/// themselves, every other ASCII character is a pair of a shift (`$ % / +`) and a letter
/// (`+A` is `a`, `/A` is `!`, `$I` is a tab, `%V` is `@`).
///
/// The encoder writes such a payload through libzint's `BARCODE_EXCODE39` (``BarcodeEncoder``);
/// a scan's raw Code 39 text is read back here (``decoded(_:)``), one table for both readers, so
/// zxing-cpp and zbar agree and a card stored from a scan draws the same bars again.
public enum Code39FullASCII {
    /// Characters plain Code 39 encodes as themselves, also in full ASCII mode. The basic set's
    /// `$ / + %` are shifts in full ASCII and take a pair there (`/D`, `/O`, `/K`, `/E`).
    static func isSingle(_ scalar: Unicode.Scalar) -> Bool {
        scalar.isDigit || ("A"..."Z").contains(scalar) || " -.".unicodeScalars.contains(scalar)
    }

    /// True when plain Code 39 carries `payload` as it is (digits, A-Z, space, `- . $ / + %`).
    public static func isBasic(_ payload: String) -> Bool {
        payload.unicodeScalars.allSatisfy { isSingle($0) || basicShifts.contains($0) }
    }

    /// How many Code 39 characters the full ASCII form of `payload` takes (two for each
    /// character outside ``isSingle(_:)``).
    static func symbolCharacterCount(_ payload: String) -> Int {
        payload.unicodeScalars.reduce(0) { $0 + (isSingle($1) ? 1 : 2) }
    }

    /// The full ASCII text of a raw Code 39 reading that holds shift pairs, every one of them
    /// valid (`"+A+B"` -> `"ab"`); nil when `raw` has no shift or a shift not followed by a letter
    /// it pairs with (`"CARD $/"`), which stays raw.
    public static func decoded(_ raw: String) -> String? {
        let scalars = Array(raw.unicodeScalars)
        guard scalars.contains(where: basicShifts.contains) else { return nil }
        var text = String.UnicodeScalarView()
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            guard basicShifts.contains(scalar) else {
                text.append(scalar)
                index += 1
                continue
            }
            guard index + 1 < scalars.count, let value = pairValue(shift: scalar, letter: scalars[index + 1]) else { return nil }
            text.append(Unicode.Scalar(value))
            index += 2
        }
        return String(text)
    }

    private static let basicShifts: Set<Unicode.Scalar> = ["$", "%", "/", "+"]

    /// The ASCII value of a shift pair, nil for a pair the table does not define.
    private static func pairValue(shift: Unicode.Scalar, letter: Unicode.Scalar) -> UInt8? {
        guard ("A"..."Z").contains(letter) else { return nil }
        let offset = UInt8(letter.value - 65)  // A = 0 ... Z = 25
        switch shift {
        case "$": return 1 + offset  // $A-$Z: SOH to SUB
        case "+": return 97 + offset  // +A-+Z: a to z
        case "/":  // /A-/O: ! to /, /Z: colon
            if offset <= 14 { return 33 + offset }
            return offset == 25 ? 58 : nil
        default: return percentPairs[Int(offset)]
        }
    }

    /// `%A` to `%Z`: ESC to US, `; < = > ?`, `[ \ ] ^ _`, `{ | } ~` DEL, NUL, `@`, `` ` ``, DEL DEL DEL.
    private static let percentPairs: [UInt8] = [
        27, 28, 29, 30, 31, 59, 60, 61, 62, 63, 91, 92, 93, 94, 95, 123, 124, 125, 126, 127, 0, 64, 96, 127, 127, 127,
    ]
}
