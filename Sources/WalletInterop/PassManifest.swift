import Foundation
internal import CGio
import WalletCore
import ZipArchive

/// A pass's `manifest.json`: the SHA-1 digest of every file in the pass, checked as Apple Wallet
/// checks it. Every file but the manifest and the signature must be listed with its digest, and
/// every listed file must be there. A pass that fails is not refused (Catima, PassAndroid and
/// KDE Itinerary open it): it is `altered` or `unsigned` (``PassAuthenticity``), and an issuer
/// update in that state is refused (``PassAuthenticity/refusal(ofUpdate:passType:)``).
enum PassManifest {
    static let entry = "manifest.json"
    static let signatureEntry = "signature"

    /// The verdict on the digests of the pass whose `pass.json` sits in `root` ("" at the top
    /// level): nil when every file matches and the pass is signed (the signature is checked
    /// next), else `unsigned` or `altered` naming the first file the manifest does not vouch for.
    /// Throws only what makes a member unreadable (sizes, bombs).
    static func check(_ zip: some ZipMembers, root: String) throws(LocatedProblem) -> PassAuthenticity? {
        guard zip.filePaths.contains(root + entry) else { return .unsigned("the pass has no \(entry)") }
        guard let digests = try? JSONDecoder().decode([String: String].self, from: zip.member(root + entry)) else {
            return .altered("\(entry) is not an object of file names and SHA-1 digests")
        }
        var unlisted = Set(digests.keys)
        for path in zip.filePaths where path.hasPrefix(root) {
            let name = String(path.dropFirst(root.count))
            guard name != entry, name != signatureEntry, !name.hasPrefix("__MACOSX/") else { continue }
            guard let expected = digests[name] else { return .altered("\(name) is not listed in \(entry)") }
            guard sha1Hex(try zip.member(path)) == expected.lowercased() else {
                return .altered("\(name) does not match its SHA-1 digest in \(entry)")
            }
            unlisted.remove(name)
        }
        if let missing = unlisted.sorted().first {
            return .altered("\(missing) is listed in \(entry) but missing from the pass")
        }
        guard zip.filePaths.contains(root + signatureEntry) else { return .unsigned("the pass has no \(signatureEntry)") }
        return nil
    }

    /// The SHA-1 digest of `data` in lower-case hex (GLib's GChecksum).
    static func sha1Hex(_ data: Data) -> String {
        data.withUnsafeBytes { bytes in
            guard
                let text = g_compute_checksum_for_data(
                    G_CHECKSUM_SHA1, bytes.bindMemory(to: UInt8.self).baseAddress, gsize(bytes.count))
            else { return "" }
            defer { g_free(text) }
            return String(cString: text)
        }
    }
}
