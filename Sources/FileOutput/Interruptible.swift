import Glibc

/// Runs a system call again while it fails with `EINTR` (a signal arrived before it did any work).
///
/// `call` returns the C result; a negative result with `errno == EINTR` is retried, any other
/// result is returned as is, with `errno` still set for the caller to read.
@inlinable
public func retryingOnInterrupt<Result: SignedInteger>(_ call: () -> Result) -> Result {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}
