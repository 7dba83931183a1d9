internal import CPangoCairo

/// A GLib `GError` (what gdk-pixbuf and poppler report) as a Swift value: its code and message,
/// the C error freed as soon as it is read.
public struct GLibError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error's code within its domain (poppler's `POPPLER_ERROR_ENCRYPTED` is 1).
    public var code: Int32
    /// GLib's message, or "no reason given" when the library set none.
    public var message: String

    public init(code: Int32, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }

    /// Calls `body` with a `GError **` and returns what it returns, or the error it set (freed)
    /// when it returns nil. `CError` is whichever `GError` the caller's C module declares, so no
    /// GLib type appears in this module's API.
    public static func catching<Value, CError>(
        _ body: (UnsafeMutablePointer<UnsafeMutablePointer<CError>?>) -> Value?
    ) -> Result<Value, GLibError> {
        var raised: UnsafeMutablePointer<CError>?
        let value = body(&raised)
        let error = raised.map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: GError.self) }
        defer { error.map { g_error_free($0) } }
        if let value { return .success(value) }
        guard let error else { return .failure(GLibError(code: 0, message: "no reason given")) }
        let message = error.pointee.message.map { String(cString: $0) } ?? "no reason given"
        return .failure(GLibError(code: error.pointee.code, message: message))
    }
}
