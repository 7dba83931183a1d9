import Foundation
import Glibc
import ProcessRunner
import Testing

/// The runner every child process of the wallet starts through: how a child ended, its output
/// within bounds, the deadline's kill, and an environment holding only what the caller names.
@Suite struct ChildProcessTests {
    private let shell = "/bin/sh"

    private func run(
        _ script: String, environment: [String: String] = [:], input: Data? = nil, limits: ChildLimits
    ) throws
        -> ChildResult
    {
        try ChildProcess.run(
            ChildCommand(executable: shell, arguments: ["-c", script], environment: environment, input: input), limits: limits)
    }

    @Test func theExitCodeAndBothStreamsComeBack() throws {
        let result = try run("echo out; echo err >&2; exit 3", limits: .seconds(10))
        #expect(result.ending == .exited(3))
        #expect(result.status == 3)
        #expect(result.output == Data("out\n".utf8))
        #expect(result.errors == Data("err\n".utf8))
    }

    @Test func aSignalThatEndsTheChildIsReported() throws {
        let result = try run("kill -TERM $$", limits: .seconds(10))
        #expect(result.ending == .signaled(SIGTERM))
        #expect(result.status == 128 + SIGTERM)
    }

    @Test func aChildPastItsDeadlineIsKilled() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try run("echo started; exec sleep 30", limits: ChildLimits(deadline: .milliseconds(300)))
        #expect(result.ending == .timedOut)
        #expect(result.output == Data("started\n".utf8))
        #expect(clock.now - start < .seconds(10))
    }

    @Test func aChildThatClosesItsStreamsIsStillKilledAtTheDeadline() throws {
        let result = try run("exec >/dev/null 2>&1; exec sleep 30", limits: ChildLimits(deadline: .milliseconds(300)))
        #expect(result.ending == .timedOut)
    }

    @Test func outputPastTheLimitKillsTheChildAndKeepsTheLimit() throws {
        let result = try run(
            "while :; do echo 0123456789; done", limits: ChildLimits(deadline: .seconds(10), outputBytes: 1000))
        #expect(result.ending == .outputTooLarge)
        #expect(result.output.count == 1000)
    }

    @Test func errorsPastTheirLimitAreDroppedAndTheChildGoesOn() throws {
        let result = try run(
            "i=0; while [ $i -lt 2000 ]; do echo 0123456789 >&2; i=$((i+1)); done; echo done",
            limits: ChildLimits(deadline: .seconds(10), errorBytes: 100))
        #expect(result.ending == .exited(0))
        #expect(result.errors.count == 100)
        #expect(result.output == Data("done\n".utf8))
    }

    @Test func theEnvironmentHoldsOnlyWhatTheCallerNames() throws {
        #expect(ChildEnvironment.current["PATH"] != nil)
        let result = try ChildProcess.run(
            ChildCommand(executable: "/usr/bin/env", arguments: [], environment: ["ONLY": "this"]), limits: .seconds(10))
        #expect(String(decoding: result.output, as: UTF8.self) == "ONLY=this\n")
    }

    @Test func inheritedCopiesOnlyTheNamedVariablesThatAreSet() {
        let parent = ["HOME": "/home/a", "SECRET": "x", "PATH": "/bin"]
        #expect(ChildEnvironment.inherited(["HOME", "PATH", "UNSET"], from: parent) == ["HOME": "/home/a", "PATH": "/bin"])
    }

    @Test func anExecutableIsFoundOnThePathAndADirectoryIsNot() throws {
        #expect(ChildEnvironment.executable(named: "sh", path: "/nonexistent:/bin") == "/bin/sh")
        #expect(ChildEnvironment.executable(named: "bin", path: "/") == nil)
        #expect(ChildEnvironment.executable(named: "no-such-program-here", path: "/bin:/usr/bin") == nil)
    }

    @Test func largeInputIsFedWhileOutputIsRead() throws {
        let input = Data((0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 * 7) })
        let result = try run("cat", input: input, limits: ChildLimits(deadline: .seconds(20), outputBytes: 2 << 20))
        #expect(result.ending == .exited(0))
        #expect(result.output == input)
    }

    @Test func aChildThatStopsReadingItsInputDoesNotKillTheParent() throws {
        let input = Data(repeating: 65, count: 4 << 20)
        let result = try run("head -c 10 >/dev/null; exit 0", input: input, limits: .seconds(10))
        #expect(result.ending == .exited(0))
    }

    @Test func aMissingProgramFailsToStartWithItsErrno() {
        #expect(throws: ChildStartError(operation: "spawn", executable: "/nonexistent/program", code: ENOENT)) {
            try ChildProcess.run(ChildCommand(executable: "/nonexistent/program", arguments: []), limits: .seconds(5))
        }
    }

    @Test func aProgramItStartedKeepingThePipesOpenDoesNotHoldTheParent() throws {
        let clock = ContinuousClock()
        let start = clock.now
        let result = try run("sleep 30 & echo parent", limits: ChildLimits(deadline: .seconds(20)))
        #expect(result.ending == .exited(0))
        #expect(result.output == Data("parent\n".utf8))
        #expect(clock.now - start < .seconds(10))
    }

    @Test func discardedStreamsGoNowhere() throws {
        let result = try ChildProcess.run(
            ChildCommand(executable: shell, arguments: ["-c", "echo out; echo err >&2; exit 4"], streams: .discarded),
            limits: .seconds(10))
        #expect(result == ChildResult(ending: .exited(4), output: Data(), errors: Data()))
    }

    @Test func anIgnoredSIGPIPEIsNotPassedOn() throws {
        let previous = signal(SIGPIPE, SIG_IGN)
        defer { signal(SIGPIPE, previous) }
        let result = try run("grep SigIgn /proc/self/status", limits: .seconds(10))
        let ignored = String(decoding: result.output, as: UTF8.self).split(separator: "\t").last.map {
            UInt64($0.trimmingCharacters(in: .whitespacesAndNewlines), radix: 16) ?? 0
        }
        #expect(ignored.map { $0 & (1 << (UInt64(SIGPIPE) - 1)) } == 0)
    }

    @Test func aForkedBodyAnswersThroughItsPipeAndExitCode() throws {
        let result = try ChildProcess.run(limits: .seconds(10)) { output in
            _ = "from the child".withCString { write(output, $0, strlen($0)) }
            return 5
        }
        #expect(result.ending == .exited(5))
        #expect(result.output == Data("from the child".utf8))
    }

    @Test func aForkedBodyThatHangsIsKilledAndOneThatCrashesIsReported() throws {
        let hung = try ChildProcess.run(limits: ChildLimits(deadline: .milliseconds(200))) { _ in
            sleep(30)
            return 0
        }
        #expect(hung.ending == .timedOut)
        let crashed = try ChildProcess.run(limits: .seconds(10)) { _ in
            raise(SIGSEGV)
            return 0
        }
        #expect(crashed.ending == .signaled(SIGSEGV))
    }

    @Test func aForkedBodyHoldsNoCopyOfTheParentsFilesButThoseItKeeps() throws {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("lock-\(UUID().uuidString)").path
        defer { unlink(path) }
        let locked = open(path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        let kept = open("/dev/null", O_RDONLY | O_CLOEXEC)
        defer { close(kept) }
        #expect(locked >= 3 && kept >= 3)
        #expect(flock(locked, LOCK_EX | LOCK_NB) == 0)
        let result = try ChildProcess.run(limits: .seconds(10), keeping: [kept]) { output in
            // The locked file's descriptor is closed in the child; the kept one is open.
            var answer: [UInt8] = [
                fcntl(locked, F_GETFD) == -1 && errno == EBADF ? 1 : 0, fcntl(kept, F_GETFD) == -1 ? 0 : 1,
            ]
            write(output, &answer, 2)
            return 0
        }
        close(locked)
        #expect(result.ending == .exited(0))
        #expect(result.output == Data([1, 1]))
        let again = open(path, O_RDWR | O_CLOEXEC)
        defer { close(again) }
        #expect(flock(again, LOCK_EX | LOCK_NB) == 0, "the lock went with the parent's descriptor")
    }
}
