import Glibc

/// The process's file-mode creation mask, read without changing it.
///
/// `umask(2)` can only be read by setting it, and setting it briefly to 0 races with any other
/// thread creating a file at that moment. Linux (4.7 and later) reports the mask in
/// `/proc/self/status`, which is read instead; the set-and-restore pair is only the fallback
/// where that line is missing.
public enum ProcessUmask {
    public static func current() -> mode_t {
        if let mask = fromProcStatus() { return mask }
        let mask = umask(0)
        umask(mask)
        return mask
    }

    private static func fromProcStatus() -> mode_t? {
        guard let file = fopen("/proc/self/status", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard text.hasPrefix("Umask:") else { continue }
            let digits = text.dropFirst("Umask:".count).filter { ("0"..."7").contains($0) }
            return mode_t(String(digits), radix: 8)
        }
        return nil
    }
}
