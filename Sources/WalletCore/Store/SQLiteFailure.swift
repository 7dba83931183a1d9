/// An SQLite error as SQLite reported it: the primary and extended result codes (`SQLITE_CORRUPT`
/// = 11, `SQLITE_IOERR_SHORT_READ` = 522, ...) and SQLite's message. ``description`` is the message.
public struct SQLiteFailure: Error, Equatable, Sendable, CustomStringConvertible {
    /// The primary result code (the low 8 bits of ``extendedResultCode``).
    public let resultCode: Int32
    /// The extended result code, which says more precisely what failed.
    public let extendedResultCode: Int32
    /// SQLite's text for the failure.
    public let message: String

    public init(resultCode: Int32, extendedResultCode: Int32, message: String) {
        self.resultCode = resultCode
        self.extendedResultCode = extendedResultCode
        self.message = message
    }

    public var description: String { message }
}
