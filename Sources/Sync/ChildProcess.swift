import FileOutput
import Foundation
import SystemPackage

/// Runs a program with `posix_spawn` and collects its output: Foundation's `Process` waits for
/// its child by polling, which cost ~40 ms per git command (a sync runs a dozen).
enum ChildProcess {
    /// What a finished child left.
    struct Result {
        var status: Int32
        var output: Data
        var errors: Data
        var timedOut: Bool
    }

    /// Runs `executable ARGUMENTS` with `environment`, `input` on its standard input, killed
    /// (SIGKILL) after `seconds`. Throws only when it cannot be started (an errno text).
    static func run(
        _ executable: String, _ arguments: [String], environment: [String: String], input: Data?, seconds: Int
    ) throws(FileError) -> Result {
        var stdin: [Int32] = [0, 0], stdout: [Int32] = [0, 0], stderr: [Int32] = [0, 0]
        guard pipe(&stdin) == 0, pipe(&stdout) == 0, pipe(&stderr) == 0 else {
            throw FileError(operation: "pipe", path: executable, errno: .current)
        }
        // Only the child's standard streams stay open in it (dup2 clears the flag on those).
        for descriptor in stdin + stdout + stderr { _ = fcntl(descriptor, F_SETFD, FD_CLOEXEC) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_adddup2(&actions, stdin[0], 0)
        posix_spawn_file_actions_adddup2(&actions, stdout[1], 1)
        posix_spawn_file_actions_adddup2(&actions, stderr[1], 2)
        let argv = ([executable] + arguments).map { strdup($0) } + [nil]
        let envp = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, executable, &actions, nil, argv, envp)
        for descriptor in [stdin[0], stdout[1], stderr[1]] { close(descriptor) }
        guard spawned == 0 else {
            for descriptor in [stdin[1], stdout[0], stderr[0]] { close(descriptor) }
            throw FileError(operation: "start", path: executable, errno: Errno(rawValue: spawned))
        }
        let killer = Killer(pid: pid, seconds: seconds)
        let writer = stdin[1]
        let fed = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            if let input { try? writeFully(input, to: writer) }
            close(writer)
            fed.signal()
        }
        let errors = Drain(stderr[0])
        let output = readAll(stdout[0])
        fed.wait()
        var status: Int32 = 0
        _ = retryingOnInterrupt { waitpid(pid, &status, 0) }
        let timedOut = killer.finish()
        let exit = (status & 0x7f) == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        return Result(status: exit, output: output, errors: errors.wait(), timedOut: timedOut)
    }

    /// Everything until end of file, then closes the descriptor.
    static func readAll(_ descriptor: Int32) -> Data {
        defer { close(descriptor) }
        var data = Data()
        var buffer = [UInt8](repeating: 0, count: 65_536)
        while true {
            let count = retryingOnInterrupt { read(descriptor, &buffer, buffer.count) }
            guard count > 0 else { return data }
            data.append(contentsOf: buffer[0..<count])
        }
    }
}

/// Reads a pipe to its end on another thread, so neither of a child's pipes fills and blocks it.
private final class Drain: @unchecked Sendable {
    private var data = Data()
    private let done = DispatchSemaphore(value: 0)

    init(_ descriptor: Int32) {
        DispatchQueue.global().async {
            self.data = ChildProcess.readAll(descriptor)
            self.done.signal()
        }
    }

    func wait() -> Data {
        done.wait()
        return data
    }
}

/// SIGKILLs a child that outlives its time limit.
private final class Killer: @unchecked Sendable {
    private let lock = NSLock()
    private var finished = false
    private var fired = false
    private let timer: DispatchSourceTimer

    init(pid: pid_t, seconds: Int) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        timer.schedule(deadline: .now() + .seconds(seconds))
        timer.setEventHandler { [lock] in
            lock.lock()
            defer { lock.unlock() }
            guard !self.finished else { return }
            self.fired = true
            kill(pid, SIGKILL)
        }
        timer.resume()
    }

    /// Stops the timer; whether it fired.
    func finish() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        finished = true
        timer.cancel()
        return fired
    }
}
