import Foundation
import SystemPackage
import Glibc
import FileOutput
import WidgetEngine
import WidgetRenderer

/// The directory the host keeps current: one PNG per widget, `manifest.json`, and the locks
/// that refuse a second host: `.wallet-host.lock` inside it and ``HostPathLock`` on its path
/// (which holds when the directory is deleted and recreated), both `flock`ed for the host's
/// life. Files are replaced through marked temporaries (``HostTemporaries``).
final class OutputDirectory {
    let url: URL
    private let lock: Int32
    private let pathLock: HostPathLock
    /// The names of this host's temporary files (the ticket box writes through them too).
    let temporaries: HostTemporaries

    static let lockName = ".wallet-host.lock"
    static let manifestName = "manifest.json"

    /// Creates the directory when missing and takes its lock.
    init(path: String) throws(HostError) {
        url = URL(fileURLWithPath: path, isDirectory: true).standardizedFileURL
        do {
            try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        } catch {
            throw .output(UnderlyingError(error, description: "cannot create \(url.path): \(String(describing: error))"))
        }
        let pathLock = try HostPathLock(directory: url.path)
        self.pathLock = pathLock
        let lockPath = url.appendingPathComponent(Self.lockName).path
        let lock = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard lock >= 0 else {
            let failure = FileError(operation: "open", path: lockPath, errno: .current)
            close(pathLock.descriptor)
            throw .output(UnderlyingError(failure))
        }
        self.lock = lock
        guard retryingOnInterrupt({ flock(lock, LOCK_EX | LOCK_NB) }) == 0 else {
            let failure = FileError(operation: "lock", path: lockPath, errno: .current)
            close(lock)
            close(pathLock.descriptor)
            if failure.errno == .wouldBlock { throw .alreadyRunning(directory: url.path) }
            throw .output(UnderlyingError(failure))
        }
        temporaries = HostTemporaries(secret: HostTemporaries.secret(inLockFile: lock))
    }

    deinit {
        close(lock)
        close(pathLock.descriptor)
    }

    /// Where `widget`'s snapshot goes: `DIR/<widget-id>-<family>.png`.
    func file(for widget: WidgetConfiguration) -> String {
        url.appendingPathComponent(SnapshotDirectory.fileName(for: widget)).path
    }

    /// Replaces `path` atomically with `png`, unless it already holds exactly these bytes.
    func write(_ png: Data, to path: String) throws(HostError) {
        if (try? PathKind.of(path)) == .regular, FileManager.default.contents(atPath: path) == png { return }
        do throws(FileError) {
            try AtomicFile.write(
                [UInt8](png), to: path, permissions: WidgetRenderer.snapshotPermissions, durable: false,
                temporaryName: temporaries.name)
        } catch {
            throw .output(UnderlyingError(RenderError.writeFailed(error)))
        }
    }

    /// Writes the manifest atomically when its bytes differ from what is there.
    func write(_ manifest: Manifest) throws(HostError) {
        let path = url.appendingPathComponent(Self.manifestName).path
        do {
            let bytes = try manifest.encoded()
            if FileManager.default.contents(atPath: path).map({ [UInt8]($0) }) == bytes { return }
            try AtomicFile.write(bytes, to: path, permissions: 0o644, durable: false, temporaryName: temporaries.name)
        } catch let error as FileError {
            throw .output(UnderlyingError(error))
        } catch {
            throw .output(UnderlyingError(error, description: "cannot encode the manifest: \(error)"))
        }
    }

    /// Removes the snapshots of widgets not in `keep` (ids): files named `<uuid>-<family>.png`
    /// left by widgets removed while no host ran, or by a removed widget now.
    func removeSnapshots(except keep: Set<String>) {
        let manager = FileManager.default
        guard let names = try? manager.contentsOfDirectory(atPath: url.path) else { return }
        for name in names where name.hasSuffix(".png") {
            guard let id = Self.widgetID(inFileName: name), !keep.contains(id) else { continue }
            try? manager.removeItem(at: url.appendingPathComponent(name))
        }
    }

    /// Removes the temporary files an earlier host was killed in the middle of writing: every
    /// regular file whose name ``HostTemporaries`` proves is a host's own, and nothing else.
    func removeLeftovers() {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: url.path) else { return }
        for name in names where temporaries.isOwn(name) {
            let path = url.appendingPathComponent(name).path
            if (try? PathKind.of(path)) == .regular { unlink(path) }
        }
    }

    /// The widget id of a snapshot file name (`<36-character id>-<family>.png`), else nil.
    static func widgetID(inFileName name: String) -> String? {
        let stem = name.dropLast(4)
        guard stem.count > 37, stem.dropFirst(36).first == "-",
            WidgetFamily(rawValue: String(stem.dropFirst(37))) != nil
        else { return nil }
        let id = String(stem.prefix(36))
        return UUID(uuidString: id) != nil ? id : nil
    }
}
