/// A lower layer's error carried inside a higher layer's error (`WidgetError`, `HostError`,
/// `ExportError`) as it was thrown, not flattened to text: callers can still look at the `FileError`, `WalletStoreError` or `SQLiteFailure`
/// behind it (``error``). Two are equal when they wrap the same type with the same description.
public struct UnderlyingError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The error as the lower layer threw it.
    public let error: any Error
    /// One line: `description` when given, else the error's own description.
    public let description: String

    public init(_ error: any Error, description: String? = nil) {
        self.error = error
        self.description = description ?? String(describing: error)
    }

    public static func == (lhs: UnderlyingError, rhs: UnderlyingError) -> Bool {
        ObjectIdentifier(type(of: lhs.error)) == ObjectIdentifier(type(of: rhs.error)) && lhs.description == rhs.description
    }
}
