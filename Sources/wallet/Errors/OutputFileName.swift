import Foundation

/// An output file whose name says one format while the command writes another (`--output x.jpg`
/// getting PNG bytes, `card export backup.xml` getting JSON) is refused before anything is
/// written: the error names the formats the option writes and the extensions that go with them.
/// A name without an extension (`/dev/stdout`, `card`) is the user's choice and is left alone.
struct OutputFileName: Error, CustomStringConvertible {
    /// Who writes the file: `--output`, `card export`.
    let writer: String
    let path: String
    /// What the option writes, e.g. "PNG (.png) or PDF (.pdf)".
    let formats: String

    /// Throws when `path` ends in an extension other than `extensions` (any case).
    static func check(_ path: String, writer: String, extensions: [String], formats: String) throws(OutputFileName) {
        let found = URL(fileURLWithPath: path).pathExtension.lowercased()
        guard !found.isEmpty, !extensions.contains(found) else { return }
        throw OutputFileName(writer: writer, path: path, formats: formats)
    }

    var description: String {
        let found = URL(fileURLWithPath: path).pathExtension
        return "\(path) ends in .\(found), but \(writer) writes \(formats): give the file a matching name"
    }
}
