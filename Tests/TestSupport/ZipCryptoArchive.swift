import Foundation

/// A password-protected zip as Info-ZIP's `zip -e` writes it (traditional ZipCrypto): an
/// independent writer for the tests of reading such zips.
public enum ZipCryptoArchive {
    /// `zip` exited with a failure.
    public struct Failure: Error {
        public let status: Int32
    }

    /// `csv` as `catima.csv` in a zip encrypted with `password` by `zip -e -P password`.
    public static func catima(_ csv: String, password: String) throws -> Data {
        let directory = TemporaryDirectory("zip-password")
        let member = directory.url.appendingPathComponent("catima.csv")
        let archive = directory.url.appendingPathComponent("locked.zip")
        try Data(csv.utf8).write(to: member)
        let zip = Process()
        zip.executableURL = URL(fileURLWithPath: "/usr/bin/zip")
        zip.arguments = ["-q", "-j", "-e", "-P", password, archive.path, member.path]
        try zip.run()
        zip.waitUntilExit()
        guard zip.terminationStatus == 0 else { throw Failure(status: zip.terminationStatus) }
        return try Data(contentsOf: archive)
    }
}
