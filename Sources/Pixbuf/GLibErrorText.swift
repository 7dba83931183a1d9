internal import CPangoCairo

/// The message of a GLib `GError` (what gdk-pixbuf and poppler report), freeing the error.
public enum GLibErrorText {
    public static func message(taking error: UnsafeMutableRawPointer?) -> String {
        guard let error = error?.assumingMemoryBound(to: GError.self) else { return "no reason given" }
        defer { g_error_free(error) }
        return error.pointee.message.map { String(cString: $0) } ?? "no reason given"
    }

    /// The error's code, without freeing it (nil: no error).
    public static func code(of error: UnsafeMutableRawPointer?) -> Int32? {
        error?.assumingMemoryBound(to: GError.self).pointee.code
    }

    /// Calls `body` with a `GError **` and keeps the error it sets in `error` (as a raw pointer,
    /// so no GLib type crosses a module), returning what `body` returns.
    public static func catching<Result, Failure>(
        _ error: inout UnsafeMutableRawPointer?, _ body: (UnsafeMutablePointer<UnsafeMutablePointer<Failure>?>) -> Result
    ) -> Result {
        var typed: UnsafeMutablePointer<Failure>?
        let result = body(&typed)
        error = typed.map { UnsafeMutableRawPointer($0) }
        return result
    }
}
