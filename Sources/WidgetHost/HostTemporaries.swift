import Foundation
import Digest

/// The names of the temporary files the widget host writes before renaming them into place,
/// made so that the host can prove a file is its own before it removes it: a name no user
/// picks (`.wallet-host-<16 hex>-<16 hex>.tmp`) whose second half is a tag, the SHA-256 of a
/// secret kept in the output directory's lock file and the first half. A restart after a
/// SIGKILL removes every such file whose tag checks, and nothing else (a user's
/// `.vacation.png.orig` or `.wallet-x.tmp` stays).
struct HostTemporaries {
    static let prefix = ".wallet-host-"
    static let suffix = ".tmp"
    /// Bytes of the secret, written as hex into the lock file.
    static let secretLength = 16

    let secret: [UInt8]

    /// A fresh temporary file name with its tag.
    func name() -> String {
        let random = Self.hex(UInt64.random(in: .min ... .max))
        return Self.prefix + random + "-" + tag(random) + Self.suffix
    }

    /// True when `name` is one ``name()`` made with this secret.
    func isOwn(_ name: String) -> Bool {
        guard name.hasPrefix(Self.prefix), name.hasSuffix(Self.suffix) else { return false }
        let parts = name.dropFirst(Self.prefix.count).dropLast(Self.suffix.count).split(
            separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ $0.count == 16 && $0.allSatisfy(\.isHexDigit) }) else { return false }
        return tag(String(parts[0])) == parts[1]
    }

    private func tag(_ random: String) -> String {
        String(SHA256.hex(secret + Array(random.utf8)).prefix(16))
    }

    private static func hex(_ value: UInt64) -> String {
        let digits = String(value, radix: 16)
        return String(repeating: "0", count: 16 - digits.count) + digits
    }

    /// The secret held in the lock file `descriptor` (which this host has locked), written there
    /// first when the file holds none: every host on the directory uses the same one, so a
    /// restarted host recognizes what a killed one left.
    static func secret(inLockFile descriptor: Int32) -> [UInt8] {
        var buffer = [UInt8](repeating: 0, count: secretLength * 2)
        let read = pread(descriptor, &buffer, buffer.count, 0)
        if read == buffer.count, let text = String(bytes: buffer, encoding: .ascii), text.allSatisfy(\.isHexDigit) {
            return Array(text.utf8)
        }
        var fresh = ""
        for _ in 0..<secretLength / 8 { fresh += hex(UInt64.random(in: .min ... .max)) }
        let bytes = Array(fresh.utf8)
        if ftruncate(descriptor, 0) == 0 { _ = pwrite(descriptor, bytes, bytes.count, 0) }
        return bytes
    }
}
