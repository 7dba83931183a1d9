import Foundation
import Glibc
import FileOutput

/// Watches the shared container with inotify: the container directory for writes and renames of
/// the files the host reads, and its parent directory for the container itself going away and
/// coming back. No polling: ``descriptor`` becomes readable when something happened.
public final class ContainerWatch {
    /// The inotify descriptor to wait on with `poll`.
    public let descriptor: Int32
    private let container: URL
    private var containerWatch: Int32 = -1
    private var parentWatch: Int32 = -1

    private static let containerMask = UInt32(
        IN_CLOSE_WRITE | IN_MOVED_TO | IN_MODIFY | IN_CREATE | IN_DELETE | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let parentMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_DELETE | IN_MOVED_FROM)

    /// Starts watching `container` (which should exist) and its parent.
    public init(container: URL) throws(HostError) {
        descriptor = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard descriptor >= 0 else { throw .watch(path: container.path, errno: .current) }
        self.container = container
        let parent = container.deletingLastPathComponent().path
        parentWatch = inotify_add_watch(descriptor, parent, Self.parentMask)
        guard parentWatch >= 0 else {
            let failure = HostError.watch(path: parent, errno: .current)
            close(descriptor)
            throw failure
        }
        guard watchContainer() else {
            let failure = HostError.watch(path: container.path, errno: .current)
            close(descriptor)
            throw failure
        }
    }

    deinit { close(descriptor) }

    /// True while the container directory is watched (it exists).
    var isWatchingContainer: Bool { containerWatch >= 0 }

    /// (Re)adds the watch on the container directory; false when it does not exist.
    @discardableResult
    func watchContainer() -> Bool {
        containerWatch = inotify_add_watch(descriptor, container.path, Self.containerMask)
        return containerWatch >= 0
    }

    /// Reads every pending event without blocking and says what they mean.
    public func drain() -> ContainerChange {
        var change: ContainerChange = []
        var moved = false
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while true {
            let count = buffer.withUnsafeMutableBytes { raw in
                retryingOnInterrupt { read(descriptor, raw.baseAddress, raw.count) }
            }
            guard count > 0 else { break }
            var offset = 0
            while offset + 16 <= count {
                let (watch, mask, length) = buffer.withUnsafeBytes { bytes in
                    (
                        bytes.load(fromByteOffset: offset, as: Int32.self),
                        bytes.load(fromByteOffset: offset + 4, as: UInt32.self),
                        Int(bytes.load(fromByteOffset: offset + 12, as: UInt32.self))
                    )
                }
                let nameBytes = buffer[(offset + 16)..<min(count, offset + 16 + length)].prefix { $0 != 0 }
                let name = String(decoding: nameBytes, as: UTF8.self)
                if mask & UInt32(IN_Q_OVERFLOW) != 0 {
                    change.formUnion(.everything)
                } else if watch == parentWatch {
                    moved = moved || name == container.lastPathComponent
                } else if watch == containerWatch {
                    if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                        moved = true
                    } else {
                        change.formUnion(meaning(mask: mask, name: name))
                    }
                }
                offset += 16 + length
            }
        }
        return moved ? change.union(reconcile()) : change
    }

    /// After the container directory itself moved or went away: watches whatever directory
    /// is at its path now (looking at everything again), or reports it vanished.
    private func reconcile() -> ContainerChange {
        if containerWatch >= 0 {
            inotify_rm_watch(descriptor, containerWatch)
            containerWatch = -1
        }
        return watchContainer() ? .everything : .vanished
    }

    private func meaning(mask: UInt32, name: String) -> ContainerChange {
        let change = ContainerChange.forFile(name)
        // The host deletes the requests it consumed; that deletion asks for nothing.
        if change == .requests, mask & UInt32(IN_DELETE) != 0 { return [] }
        return change
    }
}
