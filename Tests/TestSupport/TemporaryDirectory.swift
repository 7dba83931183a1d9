import Foundation
import Glibc

/// A fresh private directory (`mkdtemp`, mode 0700) under the system's temporary directory,
/// removed with everything in it when the value is released: tests never leave files behind.
public final class TemporaryDirectory: @unchecked Sendable {
    /// The directory.
    public let url: URL

    /// `label` names the directory (`<label>-XXXXXX`) so a leftover says which test made it.
    public init(_ label: String = "wallet-tests") {
        let base = FileManager.default.temporaryDirectory.path
        var template = Array("\(base)/\(label)-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { mkdtemp($0.baseAddress!) }
        precondition(made != nil, "mkdtemp failed in \(base): errno \(errno)")
        url = URL(fileURLWithPath: String(cString: made!), isDirectory: true)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// The directory's path.
    public var path: String { url.path }

    /// A path inside the directory (not created).
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }
}
