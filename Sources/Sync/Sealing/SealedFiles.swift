import Crypto
import Foundation

/// The sealed layout of a sync repository: every file is `sealed/<kind>/<name>`, its name 64 hex
/// digits of HMAC-SHA256 of its plain path (`cards/<id>.json`, `cards/<id>/<role>.png`,
/// `usage/<device>.jsonl`) under the key's name key, so no card id, role or device shows; the kind
/// (`cards`, `images`, `usage`) is the only thing a name tells. `sealed/wallet.json` names the key
/// (``WalletKey/id``) in plain text.
///
/// A sealed file is `WS1` (3 bytes), the key id (8), the nonce (12), the ChaChaPoly ciphertext and
/// its tag (16); the plain text is the file's plain path, a NUL, then its contents, and the header
/// and the file's name are authenticated with it. The nonce is synthetic (SIV-style): the first 12
/// bytes of HMAC-SHA256 of the name and the plain text under the nonce key, so the same file seals
/// to the same bytes on every device (git keeps one blob, an unchanged card stays unchanged, two
/// devices merging alike make the same tree), and two different plain texts never share a nonce
/// (but for a 2^-96 chance). What it gives away: that a file is unchanged, and sizes.
final class SealedFiles: @unchecked Sendable {
    let key: WalletKey

    /// The folder everything sealed lives in, and the file naming the key.
    static let folder = "sealed"
    static let markerPath = "sealed/wallet.json"
    static let magic = Array("WS1".utf8)
    /// Header (magic, key id), nonce and tag: what sealing adds to a file besides its path.
    static let overhead = 3 + 8 + 12 + 16
    /// The kinds of sealed file and their folders.
    static let kinds = ["cards", "images", "usage"]

    /// Files opened in this sync, by git blob id (a commit's files are read more than once).
    private var opened: [String: (path: String, content: Data)] = [:]
    /// Stored paths by plain path: a sync asks for each card's name two or three times.
    private var names: [String: String] = [:]
    private let lock = NSLock()

    init(key: WalletKey) { self.key = key }

    /// The marker's contents: the format and the key's id.
    var marker: Data { Data("{\"format\": 1, \"key\": \"\(key.idText)\"}\n".utf8) }

    /// The key id a marker names, or nil when it is not one.
    static func keyID(inMarker bytes: Data) -> String? {
        guard bytes.count <= 1024, let object = try? JSONSerialization.jsonObject(with: bytes) as? [String: Any],
            object["format"] as? Int == 1, let id = object["key"] as? String, id.count == 16, Hex.bytes(id) != nil
        else { return nil }
        return id
    }

    /// The stored path of the file whose plain path is `path`.
    func storedPath(_ path: String) -> String {
        lock.lock()
        let known = names[path]
        lock.unlock()
        if let known { return known }
        // By the plain path's shape alone (the path is checked where it is read).
        let kind = path.hasPrefix("usage/") ? "usage" : path.hasSuffix(".png") ? "images" : "cards"
        let name = HMAC<SHA256>.authenticationCode(for: Data(path.utf8), using: key.names)
        let stored = "\(Self.folder)/\(kind)/\(Hex.text(name))"
        lock.lock()
        names[path] = stored
        lock.unlock()
        return stored
    }

    /// `content` of the file `path`, sealed under `stored` (its stored path).
    func seal(_ content: Data, path: String, stored: String) -> Data {
        var plain = Data(path.utf8)
        plain.append(0)
        plain.append(content)
        let header = Self.magic + key.id
        var nonceInput = Data(stored.utf8)
        nonceInput.append(0)
        nonceInput.append(plain)
        // Neither call can fail: the nonce is 12 bytes and the key 32, as ChaChaPoly requires.
        let nonce = try! ChaChaPoly.Nonce(
            data: Array(HMAC<SHA256>.authenticationCode(for: nonceInput, using: key.nonces).prefix(12)))
        let box = try! ChaChaPoly.seal(plain, using: key.sealing, nonce: nonce, authenticating: Data(header + Array(stored.utf8)))
        return Data(header) + box.combined
    }

    /// The plain path and contents of the sealed file stored at `stored`; refused in one line when
    /// it is not a sealed file, was sealed under another key, was altered or sits under another name.
    func open(_ sealed: Data, stored: String, blob: String? = nil) throws(SyncError) -> (path: String, content: Data) {
        if let blob, let known = cached(blob) { return known }
        let plain = try unseal(sealed, stored: stored)
        guard let end = plain.firstIndex(of: 0) else { throw .refusedFile(path: stored, reason: "no path inside") }
        let path = String(decoding: plain[plain.startIndex..<end], as: UTF8.self)
        guard storedPath(path) == stored else {
            throw .refusedFile(path: stored, reason: "its name is not the one its contents say")
        }
        let result = (path, Data(plain[(end + 1)...]))
        if let blob {
            lock.lock()
            opened[blob] = result
            lock.unlock()
        }
        return result
    }

    /// The plain text of a sealed file, its header and name checked.
    private func unseal(_ sealed: Data, stored: String) throws(SyncError) -> Data {
        guard sealed.count >= Self.overhead, sealed.starts(with: Self.magic) else {
            throw .refusedFile(path: stored, reason: "not a sealed wallet file")
        }
        let start = sealed.startIndex
        guard sealed[(start + 3)..<(start + 11)].elementsEqual(key.id) else {
            throw .refusedFile(path: stored, reason: "sealed under another key")
        }
        do {
            let box = try ChaChaPoly.SealedBox(combined: sealed[(start + 11)...])
            var authenticated = Data(sealed[start..<(start + 11)])
            authenticated.append(contentsOf: stored.utf8)
            return try ChaChaPoly.open(box, using: key.sealing, authenticating: authenticated)
        } catch {
            throw .refusedFile(path: stored, reason: "altered or damaged: it does not open with the wallet key")
        }
    }

    private func cached(_ blob: String) -> (path: String, content: Data)? {
        lock.lock()
        defer { lock.unlock() }
        return opened[blob]
    }

    /// A commit message sealed: `sealed` on the first line, the sealed text in base64 below.
    func sealMessage(_ text: String) -> String {
        "sealed\n\n" + seal(Data(text.utf8), path: "message", stored: "message").base64EncodedString() + "\n"
    }

    /// A sealed commit message's text, or nil when it does not open with this key.
    func openMessage(_ message: String) -> String? {
        let lines = message.split(separator: "\n")
        guard lines.first == "sealed", lines.count == 2, let data = Data(base64Encoded: String(lines[1])),
            let plain = try? unseal(data, stored: "message"), plain.starts(with: Array("message\0".utf8))
        else { return nil }
        return String(decoding: plain.dropFirst("message\0".utf8.count), as: UTF8.self)
    }
}
