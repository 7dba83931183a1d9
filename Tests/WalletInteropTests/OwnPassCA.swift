import Foundation

/// A certificate authority of the test's own, made with the openssl command in a temporary
/// folder, that issues pass certificates (any UID, OU and validity) and signs manifests with
/// them as Apple's tools do (detached CMS, DER, with the signing time).
struct OwnPassCA {
    let folder: URL

    /// A new CA (`CN=Own Test Root`) in a new temporary folder.
    init() throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("own-ca-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try Data().write(to: folder.appendingPathComponent("index.txt"))
        try Data("01\n".utf8).write(to: folder.appendingPathComponent("serial"))
        try Data(Self.configuration.utf8).write(to: folder.appendingPathComponent("ca.cnf"))
        try run([
            "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "30", "-subj", "/CN=Own Test Root",
            "-keyout", "ca.key", "-out", "ca.pem",
        ])
        try run(["x509", "-in", "ca.pem", "-outform", "DER", "-out", "ca.der"])
    }

    /// The CA's certificate, DER.
    var root: Data { (try? Data(contentsOf: folder.appendingPathComponent("ca.der"))) ?? Data() }

    /// Issues a pass certificate `name` for `passType` and `team`, valid from `start` to `end`
    /// (openssl `YYYYMMDDHHMMSSZ`).
    func issue(_ name: String, passType: String, team: String, start: String, end: String) throws {
        try run([
            "req", "-new", "-newkey", "rsa:2048", "-nodes", "-keyout", "\(name).key", "-out", "\(name).csr", "-subj",
            "/UID=\(passType)/CN=Pass Type ID: \(passType)/OU=\(team)/O=Own Test Issuer/C=US",
        ])
        try run([
            "ca", "-batch", "-config", "ca.cnf", "-in", "\(name).csr", "-out", "\(name).pem", "-startdate", start,
            "-enddate", end, "-notext",
        ])
    }

    /// The detached DER signature of `manifest` by certificate `name` (issued by ``issue``).
    func sign(_ manifest: Data, with name: String) throws -> Data {
        try manifest.write(to: folder.appendingPathComponent("manifest.json"))
        try run([
            "cms", "-sign", "-binary", "-in", "manifest.json", "-signer", "\(name).pem", "-inkey", "\(name).key",
            "-outform", "DER", "-out", "\(name).sig",
        ])
        return try Data(contentsOf: folder.appendingPathComponent("\(name).sig"))
    }

    func remove() { try? FileManager.default.removeItem(at: folder) }

    private func run(_ arguments: [String]) throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/openssl")
        process.arguments = arguments
        process.currentDirectoryURL = folder
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let message = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw OpenSSLFailed(arguments: arguments, message: String(decoding: message, as: UTF8.self))
        }
    }

    struct OpenSSLFailed: Error {
        var arguments: [String]
        var message: String
    }

    /// `openssl ca`'s settings: every subject field kept as requested, in its order.
    private static let configuration = """
        [ca]
        default_ca = own
        [own]
        dir = .
        database = index.txt
        new_certs_dir = .
        serial = serial
        certificate = ca.pem
        private_key = ca.key
        default_md = sha256
        policy = anything
        preserve = yes
        unique_subject = no
        email_in_dn = no
        [anything]
        UID = optional
        CN = optional
        OU = optional
        O = optional
        C = optional
        """
}
