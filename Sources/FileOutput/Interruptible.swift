import Foundation
import Glibc
import SystemPackage

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

/// Writes all of `bytes` to `descriptor`, going on after short writes and `EINTR`.
///
/// Throws the C error code (`.ioError` for a write that wrote nothing, which would otherwise
/// loop forever).
public func writeFully(_ bytes: some ContiguousBytes, to descriptor: Int32) throws(Errno) {
    let failure: Errno? = bytes.withUnsafeBytes { buffer in
        var offset = 0
        while offset < buffer.count {
            let written = retryingOnInterrupt { write(descriptor, buffer.baseAddress! + offset, buffer.count - offset) }
            if written < 0 { return .current }
            if written == 0 { return .ioError }
            offset += written
        }
        return nil
    }
    if let failure { throw failure }
}
