import Foundation

/// The parent's side of a running child: feeds its standard input, reads its output and errors
/// (one thread, `poll`), kills it at the deadline or past the output limit, and reaps it.
struct ChildStreamsReader {
    let pid: pid_t
    let deadline: ContinuousClock.Instant
    let limits: ChildLimits
    /// The write end of the child's standard input and what to write there.
    let input: (descriptor: Int32, bytes: Data)?
    let output: Int32?
    let errors: Int32?

    /// How often a child whose pipes stay open (a program it started holds them) is checked for
    /// having ended, in milliseconds.
    private static let exitCheck: Int32 = 100

    /// Reads until the child's streams close, it ends, or a limit stops it; then reaps it.
    func finish() -> ChildResult {
        var state = State(input: input?.descriptor, output: output, errors: errors)
        let bytes = input.map { [UInt8]($0.bytes) } ?? []
        if let descriptor = state.input { _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) | O_NONBLOCK) }
        var written = 0
        var exited = false
        while state.isOpen, state.stop == nil {
            let left = deadline - ContinuousClock.now
            guard left > .zero else {
                state.stop = .timedOut
                break
            }
            var watched = state.pollList()
            let wait = exited ? 0 : min(Self.exitCheck, Self.milliseconds(left))
            let ready = poll(&watched, nfds_t(watched.count), wait)
            if ready < 0, errno == EINTR { continue }
            if ready <= 0 {
                if exited { break }  // what is left open belongs to programs the child started
                exited = Self.hasEnded(pid)
                continue
            }
            for entry in watched where entry.revents != 0 {
                if entry.fd == state.input {
                    written = state.feed(bytes, from: written)
                } else {
                    state.read(entry.fd, limits: limits)
                }
            }
        }
        state.closeAll()
        let killer = ChildKiller(pid: pid, at: deadline)
        if state.stop != nil { kill(pid, SIGKILL) }
        // Waited for without reaping, so the timer cannot kill another process given its pid.
        var info = siginfo_t()
        while waitid(P_PID, id_t(pid), &info, WEXITED | WNOWAIT) < 0, errno == EINTR {}
        let killedAtDeadline = killer.cancel()
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        let ending: ChildEnding
        if let stop = state.stop {
            ending = stop
        } else if killedAtDeadline {
            ending = .timedOut
        } else if status & 0x7F != 0 {
            ending = .signaled(status & 0x7F)
        } else {
            ending = .exited((status >> 8) & 0xFF)
        }
        return ChildResult(ending: ending, output: state.outputBytes, errors: state.errorBytes)
    }

    /// Whether the child has ended (it stays a zombie until reaped: its pid cannot be reused).
    private static func hasEnded(_ pid: pid_t) -> Bool {
        var info = siginfo_t()
        guard waitid(P_PID, id_t(pid), &info, WEXITED | WNOHANG | WNOWAIT) == 0 else { return true }
        return info._sifields._sigchld.si_pid == pid
    }

    private static func milliseconds(_ duration: Duration) -> Int32 {
        let (seconds, attoseconds) = duration.components
        return Int32(clamping: max(1, seconds * 1000 + attoseconds / 1_000_000_000_000_000))
    }
}

/// The descriptors still open and what came through them.
private struct State {
    var input: Int32?
    var output: Int32?
    var errors: Int32?
    var outputBytes = Data()
    var errorBytes = Data()
    var stop: ChildEnding?
    private var chunk = [UInt8](repeating: 0, count: 1 << 16)

    init(input: Int32?, output: Int32?, errors: Int32?) {
        (self.input, self.output, self.errors) = (input, output, errors)
    }

    var isOpen: Bool { input != nil || output != nil || errors != nil }

    func pollList() -> [pollfd] {
        var list: [pollfd] = []
        if let input { list.append(pollfd(fd: input, events: Int16(POLLOUT), revents: 0)) }
        for descriptor in [output, errors].compactMap({ $0 }) {
            list.append(pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0))
        }
        return list
    }

    /// Writes what the pipe takes of `bytes` from `offset`; closes it when all is written or the
    /// child closed its end. The new offset.
    mutating func feed(_ bytes: [UInt8], from offset: Int) -> Int {
        guard let descriptor = input else { return offset }
        var offset = offset
        if offset < bytes.count {
            let count = Self.writeWithoutSIGPIPE(descriptor, bytes, from: offset)
            if count > 0 { offset += count }
            if count < 0, errno != EAGAIN, errno != EINTR { offset = bytes.count }  // EPIPE: it stopped reading
        }
        if offset >= bytes.count {
            close(descriptor)
            input = nil
        }
        return offset
    }

    /// `write` with SIGPIPE blocked on this thread (a child that stops reading its input must not
    /// kill the parent) and a SIGPIPE it raised taken back before the mask is restored.
    private static func writeWithoutSIGPIPE(_ descriptor: Int32, _ bytes: [UInt8], from offset: Int) -> Int {
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        let count = bytes.withUnsafeBytes { write(descriptor, $0.baseAddress! + offset, $0.count - offset) }
        let failure = errno
        if count < 0, failure == EPIPE {
            var now = timespec()
            _ = sigtimedwait(&pipeSignal, nil, &now)
        }
        errno = failure
        return count
    }

    /// Reads what `descriptor` (output or errors) has; closes it at end of file.
    mutating func read(_ descriptor: Int32, limits: ChildLimits) {
        let count = chunk.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
        if count < 0, errno == EAGAIN || errno == EINTR { return }
        guard count > 0 else {
            close(descriptor)
            if descriptor == output { output = nil } else { errors = nil }
            return
        }
        if descriptor == output {
            let room = limits.outputBytes - outputBytes.count
            outputBytes.append(contentsOf: chunk[0..<min(count, room)])
            if count > room { stop = .outputTooLarge }
        } else {
            errorBytes.append(contentsOf: chunk[0..<min(count, max(0, limits.errorBytes - errorBytes.count))])
        }
    }

    mutating func closeAll() {
        for descriptor in [input, output, errors].compactMap({ $0 }) { close(descriptor) }
        (input, output, errors) = (nil, nil, nil)
    }
}

/// Kills (SIGKILL) a child still running at its deadline, while the parent waits for it.
private final class ChildKiller: @unchecked Sendable {
    private let lock = NSLock()
    private var cancelled = false
    private var fired = false
    private let timer: DispatchSourceTimer

    init(pid: pid_t, at deadline: ContinuousClock.Instant) {
        timer = DispatchSource.makeTimerSource(queue: .global())
        let left = max(.zero, deadline - ContinuousClock.now)
        let (seconds, attoseconds) = left.components
        timer.schedule(deadline: .now() + .nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000)))
        timer.setEventHandler { [self] in
            lock.lock()
            defer { lock.unlock() }
            guard !cancelled else { return }
            fired = true
            kill(pid, SIGKILL)
        }
        timer.resume()
    }

    /// Stops the timer; whether it had killed the child.
    func cancel() -> Bool {
        lock.lock()
        defer { lock.unlock() }
        cancelled = true
        timer.cancel()
        return fired
    }
}
