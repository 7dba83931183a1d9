import Glibc
import FileOutput

/// The write end of the signal pipe, for the handler (a C function cannot capture it). Set once
/// before the handlers are installed, never changed after.
nonisolated(unsafe) private var signalPipeWriteEnd: Int32 = -1

/// SIGTERM and SIGINT turned into a readable descriptor (the self-pipe trick), so the host's
/// single `poll` loop notices them between two pieces of work and finishes the file in hand.
/// SIGPIPE is ignored: a reader of the event lines going away must not kill the host.
final class SignalPipe {
    /// Becomes readable when a stop signal arrived.
    let descriptor: Int32
    private let writeEnd: Int32

    init() throws(HostError) {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw .signals(errno: .current) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        descriptor = ends[0]
        writeEnd = ends[1]
        signalPipeWriteEnd = writeEnd
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in
            var byte: UInt8 = 1
            _ = write(signalPipeWriteEnd, &byte, 1)
        }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for signal in [SIGTERM, SIGINT] {
            guard sigaction(signal, &action, nil) == 0 else { throw .signals(errno: .current) }
        }
        Glibc.signal(SIGPIPE, SIG_IGN)
    }

    deinit {
        close(descriptor)
        close(writeEnd)
    }

    /// True once a stop signal arrived (checked without blocking; stays true).
    var stopRequested: Bool {
        if stopped { return true }
        var byte: UInt8 = 0
        stopped = retryingOnInterrupt { read(descriptor, &byte, 1) } > 0
        return stopped
    }

    private var stopped = false
}
