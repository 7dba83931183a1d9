import ArgumentParser
import Foundation

/// Where `card import` gets the password of a password-protected zip: `--password PASS`,
/// `--password-file F` (its first line), or `$WALLET_ZIP_PASSWORD`, in that order. The file and
/// the variable keep the password out of `ps` and the shell's history.
struct ZipPasswordOptions: ParsableArguments {
    /// The environment variable read when neither option is given.
    static let environmentVariable = "WALLET_ZIP_PASSWORD"
    /// A password file larger than this is not a password file.
    static let maximumFileBytes = 4096

    @Option(help: "The password of a password-protected zip (visible in ps: prefer --password-file or $WALLET_ZIP_PASSWORD).")
    var password: String?

    @Option(help: ArgumentHelp("A file whose first line is the zip's password.", valueName: "file"), completion: .file())
    var passwordFile: String?

    /// The password to use, or nil when none was given; `typed` is false for the environment's,
    /// which may be set for every import (a file that needs none is then not worth a warning).
    func resolved(environment: [String: String] = ProcessInfo.processInfo.environment) throws -> (password: String, typed: Bool)?
    {
        if password != nil && passwordFile != nil {
            throw ValidationError("give either --password or --password-file, not both")
        }
        if let password { return (password, true) }
        if let passwordFile { return (try Self.firstLine(of: passwordFile), true) }
        return environment[Self.environmentVariable].map { ($0, false) }
    }

    /// The first line of `path` without its line break: a password file written by
    /// `echo secret > F` holds `secret\n`, and the password is `secret`.
    private static func firstLine(of path: String) throws -> String {
        let data: Data
        do {
            let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: path))
            defer { try? handle.close() }
            data = try handle.read(upToCount: maximumFileBytes + 1) ?? Data()
        } catch {
            throw ValidationError("cannot read the password file \(path): \((error as NSError).localizedDescription)")
        }
        guard data.count <= maximumFileBytes else {
            throw ValidationError(
                "the password file \(path) is over \(maximumFileBytes) bytes: it should hold the password on its first line")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw ValidationError("the password file \(path) is not UTF-8 text")
        }
        let line = text.split(separator: "\n", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let password = line.hasSuffix("\r") ? String(line.dropLast()) : String(line)
        guard !password.isEmpty else { throw ValidationError("the password file \(path) has an empty first line") }
        return password
    }
}
