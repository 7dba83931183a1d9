import Foundation

/// The regular files of a zip archive, read in full and bounded by ``MemberLimit`` (and
/// ``InflateBudget`` for ``ZipContainer``): the readers
/// of Catima and FidMe zips work the same way on a plain zip (``ZipContainer``, ZIPFoundation) and
/// on a password-protected one (``LibZipArchive``, libzip).
public protocol ZipMembers {
    /// Paths of the regular files in the archive, in archive order.
    var filePaths: [String] { get }
    /// The uncompressed contents of the file at `path`, never more than `limit` allows nor than
    /// the member declares, its CRC checked.
    func contents(of path: String, limit: MemberLimit) throws(ZipArchiveError) -> Data
}

extension ZipMembers {
    /// The contents of the file at `path`, bounded as any member is (``MemberLimit/member``).
    public func contents(of path: String) throws(ZipArchiveError) -> Data {
        try contents(of: path, limit: .member)
    }

    /// The path of the first file named `name`, preferring one at the top level.
    public func path(named name: String) -> String? {
        let paths = filePaths
        if paths.contains(name) { return name }
        return paths.first { $0.split(separator: "/").last.map(String.init) == name }
    }
}
