import Foundation

/// Arguments written so a POSIX shell reads them back unchanged: hints such as
/// "set one with `wallet card edit 'Gym Pass (no barcode)' --format F`" can be pasted as they are.
enum ShellQuoting {
    /// Characters that never need quoting.
    private static let plain = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_./:=@%+,")

    /// `word` as is when it is plain, else in single quotes (a single quote inside written `'\''`).
    static func quoted(_ word: String) -> String {
        if !word.isEmpty, word.allSatisfy({ plain.contains($0) }) { return word }
        return "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
