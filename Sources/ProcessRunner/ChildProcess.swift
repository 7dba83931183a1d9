import Foundation
internal import CCloseRange

/// The one way the wallet starts a child process: a program (`posix_spawn`; Foundation's
/// `Process` polls for its child's end, which made each git command of a sync much slower:
/// bench/results.md, "Figures behind the code's comments", `ProcessRunner`) or a body of Swift run in a forked copy of the wallet (an
/// untrusted image decoded where a crash or a hang fails that image, not the wallet). Either way
/// the child is killed (SIGKILL) at its deadline or when it writes more than its limit, its
/// standard output is read within ``ChildLimits``, and the parent learns how it ended
/// (``ChildEnding``). A spawned program gets only the environment its ``ChildCommand`` names,
/// default signal handling and an empty signal mask. The kill reaches the child only, not what it
/// started in turn.
public enum ChildProcess {
    /// Runs `command` to its end, its deadline or its output limit, whichever comes first.
    /// Throws only when it cannot be started.
    public static func run(_ command: ChildCommand, limits: ChildLimits) throws(ChildStartError) -> ChildResult {
        let deadline = ContinuousClock.now + limits.deadline
        let name = command.executable
        var (input, output, errors): (ChildPipe?, ChildPipe?, ChildPipe?)
        let pid: pid_t
        do {
            if command.input != nil { input = try ChildPipe(for: name) }
            if command.streams == .collected { (output, errors) = (try ChildPipe(for: name), try ChildPipe(for: name)) }
            pid = try spawn(command, input: input?.reading, output: output?.writing, errors: errors?.writing)
        } catch {
            for pipe in [input, output, errors] { pipe?.closeBoth() }
            throw error
        }
        for descriptor in [input?.reading, output?.writing, errors?.writing] { descriptor.map { _ = close($0) } }
        let streams = ChildStreamsReader(
            pid: pid, deadline: deadline, limits: limits, input: input.map { ($0.writing, command.input ?? Data()) },
            output: output?.reading, errors: errors?.reading)
        return streams.finish()
    }

    /// Runs `body` in a forked copy of this process, which leaves with the code `body` returns;
    /// what `body` writes to the descriptor it is given is the result's output. A fatal signal
    /// ends the child quietly (no Swift backtrace on the parent's standard error) and is reported
    /// as ``ChildEnding/signaled(_:)``. In the child only `body` runs: it must not wait for
    /// another thread of this process (none was copied) and should allocate little. Of this
    /// process's descriptors the child keeps the standard streams and `keeping` (those `body`
    /// reads); every other one is closed before `body` runs.
    public static func run(
        limits: ChildLimits, keeping: [Int32] = [], body: (_ output: Int32) -> Int32
    ) throws(ChildStartError) -> ChildResult {
        let deadline = ContinuousClock.now + limits.deadline
        let output = try ChildPipe(for: "a child")
        // Sorted here, so the child only walks the list.
        let kept = (keeping + [output.writing]).filter { $0 >= 3 }.map(UInt32.init).sorted()
        let pid = fork()
        if pid == 0 {
            for fatal in [SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT, SIGTRAP] { signal(fatal, SIG_DFL) }
            closeInherited(keeping: kept)
            _exit(body(output.writing))
        }
        close(output.writing)
        guard pid > 0 else {
            let code = errno
            close(output.reading)
            throw ChildStartError(operation: "fork", executable: "a child", code: code)
        }
        let streams = ChildStreamsReader(
            pid: pid, deadline: deadline, limits: limits, input: nil, output: output.reading, errors: nil)
        return streams.finish()
    }

    /// In a forked child: closes every descriptor but the standard streams and `kept` (above 2,
    /// in ascending order). A fork copies all of them, close-on-exec or not, and a copy keeps its
    /// file's `flock` lock held after the parent lets go (a sync's lock, while the child decodes
    /// an image for up to 10 s).
    private static func closeInherited(keeping kept: [UInt32]) {
        var first: UInt32 = 3
        for descriptor in kept {
            if descriptor > first { wallet_close_range(first, descriptor - 1) }
            first = max(first, descriptor + 1)
        }
        wallet_close_range(first, UInt32.max)
    }

    private static func spawn(
        _ command: ChildCommand, input: Int32?, output: Int32?, errors: Int32?
    ) throws(ChildStartError) -> pid_t {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        // dup2 clears close-on-exec on the copy: only the standard streams stay open in the child.
        if let input {
            posix_spawn_file_actions_adddup2(&actions, input, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for (descriptor, target) in [(output, Int32(1)), (errors, 2)] {
            if let descriptor {
                posix_spawn_file_actions_adddup2(&actions, descriptor, target)
            } else {
                posix_spawn_file_actions_addopen(&actions, target, "/dev/null", O_WRONLY, 0)
            }
        }
        // A parent that ignores SIGPIPE (the widget host) or blocks signals must not pass that on.
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var defaults = sigset_t()
        sigfillset(&defaults)
        sigdelset(&defaults, SIGKILL)
        sigdelset(&defaults, SIGSTOP)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        var mask = sigset_t()
        sigemptyset(&mask)
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGDEF | POSIX_SPAWN_SETSIGMASK))
        let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        let envp = command.environment.sorted { $0.key < $1.key }.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer { (argv + envp).forEach { free($0) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, command.executable, &actions, &attributes, argv, envp)
        guard spawned == 0 else { throw ChildStartError(operation: "spawn", executable: command.executable, code: spawned) }
        return pid
    }
}

/// A pipe whose two ends are closed on exec (a child gets its copies through dup2 only).
struct ChildPipe {
    let reading: Int32
    let writing: Int32

    init(for executable: String) throws(ChildStartError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw ChildStartError(operation: "pipe", executable: executable, code: errno) }
        for end in ends { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        (reading, writing) = (ends[0], ends[1])
    }

    func closeBoth() {
        close(reading)
        close(writing)
    }
}
