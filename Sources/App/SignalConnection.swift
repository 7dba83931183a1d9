internal import CAdw

/// Binds a GObject signal to a Swift closure: the closure lives in a box GLib holds a retained
/// reference to, released by GLib's destroy notify when the handler is disconnected or the
/// object is finalized. The C trampolines below only unwrap the box.
enum SignalConnection {
    /// What a signal runs: with no argument, with the signal's first pointer argument, or
    /// GApplication's "open" (its files and their count).
    final class Action {
        enum Shape { case plain, argument, position, files }
        let run: (UnsafeMutableRawPointer?, Int32) -> Void
        let shape: Shape

        init(plain: @escaping () -> Void) {
            run = { _, _ in plain() }
            shape = .plain
        }

        init(argument: @escaping (UnsafeMutableRawPointer?) -> Void) {
            run = { pointer, _ in argument(pointer) }
            shape = .argument
        }

        init(position: @escaping (UInt32) -> Void) {
            run = { _, value in position(UInt32(bitPattern: value)) }
            shape = .position
        }

        init(files: @escaping (UnsafeMutableRawPointer?, Int32) -> Void) {
            run = files
            shape = .files
        }
    }

    private typealias Plain = @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void
    private typealias WithArgument =
        @convention(c) (UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, UnsafeMutableRawPointer?) -> Void

    private typealias Files =
        @convention(c) (
            UnsafeMutableRawPointer?, UnsafeMutableRawPointer?, Int32, UnsafePointer<CChar>?, UnsafeMutableRawPointer?
        ) -> Void

    private static let plain: Plain = { _, data in
        guard let data else { return }
        Unmanaged<Action>.fromOpaque(data).takeUnretainedValue().run(nil, 0)
    }

    private static let withArgument: WithArgument = { _, argument, data in
        guard let data else { return }
        Unmanaged<Action>.fromOpaque(data).takeUnretainedValue().run(argument, 0)
    }

    private typealias Position = @convention(c) (UnsafeMutableRawPointer?, UInt32, UnsafeMutableRawPointer?) -> Void

    private static let position: Position = { _, value, data in
        guard let data else { return }
        Unmanaged<Action>.fromOpaque(data).takeUnretainedValue().run(nil, Int32(bitPattern: value))
    }

    private static let files: Files = { _, files, count, _, data in
        guard let data else { return }
        Unmanaged<Action>.fromOpaque(data).takeUnretainedValue().run(files, count)
    }

    private static let release: GClosureNotify = { data, _ in
        guard let data else { return }
        Unmanaged<Action>.fromOpaque(data).release()
    }

    /// Connects `action` to `signal` of `instance`; GLib owns the box from here on.
    static func connect(_ instance: UnsafeMutableRawPointer, _ signal: String, _ action: Action) {
        let handler: GCallback =
            switch action.shape {
            case .plain: unsafeBitCast(plain, to: GCallback.self)
            case .argument: unsafeBitCast(withArgument, to: GCallback.self)
            case .position: unsafeBitCast(position, to: GCallback.self)
            case .files: unsafeBitCast(files, to: GCallback.self)
            }
        let box = Unmanaged.passRetained(action).toOpaque()
        let id = g_signal_connect_data(instance, signal, handler, box, release, GConnectFlags(rawValue: 0))
        precondition(id != 0, "no signal \(signal) on this object")
    }
}
