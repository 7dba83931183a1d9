/// A barcode payload in the form people read, the one convention of the terminal, the tiles and
/// the app: a GS1 element string as its human-readable interpretation (`(01)09504000059101(10)ABC`),
/// any other payload with each control character shown as its Unicode Control Picture (RS `␞`,
/// GS `␝`, EOT `␄`, NUL `␀`, DEL `␡`), as zxing-cpp's own human-readable text writes them.
///
/// Only for eyes: the payload itself (``BarcodeMatrix/payload``, a card's barcode value, `text`
/// in JSON) keeps the characters as they are.
public enum BarcodeDisplayText {
    /// `payload` as people read it; `gs1` when the symbol is GS1 (a payload that does not split
    /// into GS1 elements is shown with Control Pictures).
    public static func of(_ payload: String, gs1: Bool = false) -> String {
        if gs1, let elements = try? GS1ElementString(payload) { return elements.humanReadable }
        guard payload.unicodeScalars.contains(where: isControl) else { return payload }
        var shown = String.UnicodeScalarView()
        for scalar in payload.unicodeScalars {
            shown.append(isControl(scalar) ? picture(of: scalar) : scalar)
        }
        return String(shown)
    }

    /// C0 controls and DEL, which have Control Pictures (U+2400-U+2421).
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool { scalar.value < 0x20 || scalar.value == 0x7F }

    private static func picture(of scalar: Unicode.Scalar) -> Unicode.Scalar {
        Unicode.Scalar(scalar.value == 0x7F ? 0x2421 : 0x2400 + scalar.value)!
    }
}
