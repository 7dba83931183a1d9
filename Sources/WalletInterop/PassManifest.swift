import Foundation
internal import CGio
import ZipArchive

/// A pass's `manifest.json`: the SHA-1 digest of every file in the pass, checked as Apple Wallet
/// checks it, for imports and issuer updates alike. Every file but the manifest and the
/// signature must be listed with its digest, and every listed file must be there.
enum PassManifest {
    static let entry = "manifest.json"
    static let signatureEntry = "signature"

    /// Throws a one-line problem naming the first file the manifest does not vouch for.
    /// `root` is the folder holding `pass.json` inside the zip ("" at the top level).
    static func verify(_ zip: some ZipMembers, root: String) throws(LocatedProblem) {
        guard zip.filePaths.contains(root + entry) else {
            throw LocatedProblem(.passManifest("the pass has no \(entry)"))
        }
        let digests: [String: String]
        do {
            digests = try JSONDecoder().decode([String: String].self, from: zip.member(root + entry))
        } catch let problem as LocatedProblem {
            throw problem
        } catch {
            throw LocatedProblem(.passManifest("\(entry) is not an object of file names and SHA-1 digests"))
        }
        var unlisted = Set(digests.keys)
        for path in zip.filePaths where path.hasPrefix(root) {
            let name = String(path.dropFirst(root.count))
            guard name != entry, name != signatureEntry, !name.hasPrefix("__MACOSX/") else { continue }
            guard let expected = digests[name] else {
                throw LocatedProblem(.passManifest("\(name) is not listed in \(entry)"))
            }
            guard sha1Hex(try zip.member(path)) == expected.lowercased() else {
                throw LocatedProblem(.passManifest("\(name) does not match its SHA-1 digest in \(entry)"))
            }
            unlisted.remove(name)
        }
        if let missing = unlisted.sorted().first {
            throw LocatedProblem(.passManifest("\(missing) is listed in \(entry) but missing from the pass"))
        }
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
