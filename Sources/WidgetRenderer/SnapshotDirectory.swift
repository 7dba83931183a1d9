import FileOutput
import Foundation
import WidgetEngine

/// The snapshots of several widgets in one directory, each as `<widget-id>-<family>.png` (the
/// names `widget render --all` and the widget host both give them).
public enum SnapshotDirectory {
    /// The file name of `widget`'s snapshot.
    public static func fileName(for widget: WidgetConfiguration) -> String {
        "\(widget.id)-\(widget.family.rawValue).png"
    }

    /// Writes every snapshot into `directory`, all or nothing: the files are staged and appear
    /// together (`StagedDirectory`), so a full disk or a killed process leaves the directory as
    /// it was; a missing directory and its parents are created (parents mode 0700). Each file is
    /// mode 0600 (``WidgetRenderer/snapshotPermissions``). Returns the files' paths in order.
    public static func write(
        _ snapshots: [(widget: WidgetConfiguration, png: Data)], to directory: String
    ) throws(SnapshotDirectoryError) -> [String] {
        if (try? PathKind.of(directory)).map({ $0 == .regular || $0 == .special }) == true {
            throw .notADirectory(path: directory)
        }
        let url = URL(fileURLWithPath: directory, isDirectory: true)
        do throws(FileError) {
            try PrivatePaths.createDirectory(url.deletingLastPathComponent().path)
            let staged = try StagedDirectory(path: directory)
            var paths: [String] = []
            for (widget, png) in snapshots {
                let name = fileName(for: widget)
                try staged.write([UInt8](png), name: name, permissions: WidgetRenderer.snapshotPermissions)
                paths.append(url.appendingPathComponent(name).path)
            }
            try staged.commit()
            return paths
        } catch {
            throw .writeFailed(error)
        }
    }
}

/// Why ``SnapshotDirectory/write(_:to:)`` wrote nothing.
public enum SnapshotDirectoryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The path names a file, not a directory.
    case notADirectory(path: String)
    /// Creating the directory, staging or committing a file failed: the system's error, kept.
    case writeFailed(FileError)

    public var description: String {
        switch self {
        case .notADirectory(let path): "\(path) is a file, not a directory"
        case .writeFailed(let error): error.description
        }
    }
}
