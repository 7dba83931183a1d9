#if canImport(Glibc)
import Glibc
#endif

/// libFuzzer's driver (in the runtime `-sanitize=fuzzer` links): parses libFuzzer's options
/// from the command line and calls the harness for every input it makes.
@_silgen_name("LLVMFuzzerRunDriver")
private func LLVMFuzzerRunDriver(
    _ argc: UnsafeMutablePointer<CInt>,
    _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>>,
    _ callback: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
) -> CInt

/// Runs libFuzzer with `harness` and exits with its status. A SwiftPM executable's `main` is its
/// own (the package renames it at link time), so the harnesses call libFuzzer's driver from
/// there instead of relying on libFuzzer's `main`.
public func runFuzzer(_ harness: @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt) -> Never {
    var argc = CommandLine.argc
    var argv = CommandLine.unsafeArgv
    exit(LLVMFuzzerRunDriver(&argc, &argv, harness))
}

/// The input as a buffer (libFuzzer passes a null pointer for the empty input).
public func fuzzInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: data, count: data == nil ? 0 : size)
}
