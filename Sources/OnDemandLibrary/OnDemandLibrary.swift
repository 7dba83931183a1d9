import Glibc

/// A shared library opened with `dlopen` only when a command needs it, so that no other command
/// loads it and what it links: the wallet's own library (libWalletScan.so links zxing-cpp) and
/// system libraries only scanning uses (poppler-glib, gdk-pixbuf).
/// ``function(_:as:)`` looks up its functions typed. The library stays loaded for the process.
///
/// `@unchecked Sendable`: it holds the `dlopen` handle, a raw pointer, which Swift cannot prove
/// safe to share. It is: the handle is never closed or written after `init`, and `dlsym` on it
/// is thread-safe (glibc serialises the loader's lookups).
public struct OnDemandLibrary: @unchecked Sendable {
    /// What was opened: a path, or a soname.
    public let path: String
    private let handle: UnsafeMutableRawPointer

    /// Where one of the wallet's own libraries is looked for, in order, for the running executable:
    /// `PREFIX/lib/wallet` once installed (the executable in `PREFIX/bin`), else beside the
    /// executable (a build directory).
    public static func candidates(for name: String) -> [String] {
        let directory = executableDirectory()
        let parent = directory.lastIndex(of: "/").map { String(directory[..<$0]) } ?? ""
        return ["\(parent)/lib/wallet/\(name)", "\(directory)/\(name)"]
    }

    /// One of the wallet's own libraries (`name` is its file name): the first of
    /// ``candidates(for:)`` that exists and loads.
    public static func bundled(_ name: String) throws(OnDemandLibraryError) -> OnDemandLibrary {
        let looked = candidates(for: name)
        var reasons: [String] = []
        for path in looked where access(path, F_OK) == 0 {
            if let handle = dlopen(path, RTLD_NOW | RTLD_LOCAL) { return OnDemandLibrary(path: path, handle: handle) }
            reasons.append(loaderMessage(path))
        }
        throw OnDemandLibraryError(name: name, looked: looked, reason: reasons.first)
    }

    /// A system library by its soname, found on the dynamic loader's search path.
    public static func system(_ soname: String) throws(OnDemandLibraryError) -> OnDemandLibrary {
        guard let handle = dlopen(soname, RTLD_NOW | RTLD_LOCAL) else {
            throw OnDemandLibraryError(name: soname, looked: [soname], reason: loaderMessage(soname))
        }
        return OnDemandLibrary(path: soname, handle: handle)
    }

    /// The library's function `name` as the C function type `type` (a `@convention(c)` type taken
    /// from the C header the library itself is built with, such as `wallet_scan.h`).
    public func function<Function>(_ name: String, as type: Function.Type) throws(OnDemandLibraryError) -> Function {
        guard let address = dlsym(handle, name) else { throw lacking(name) }
        return unsafeBitCast(address, to: type)
    }

    /// Fills a system library's table of functions through its C shim (`wallet_pixbuf_fill`,
    /// `wallet_poppler_fill`, `wallet_libzip_fill`, `wallet_curl_fill`), whose fields are typed
    /// from the library's own header with `__typeof__`, so the compiler checks every call.
    /// `fill` gets the `dlopen` handle and returns nil, or the name of the function the library lacks.
    public func fill(_ fill: (UnsafeMutableRawPointer) -> UnsafePointer<CChar>?) throws(OnDemandLibraryError) {
        if let missing = fill(handle) { throw lacking(String(cString: missing)) }
    }

    private func lacking(_ function: String) -> OnDemandLibraryError {
        OnDemandLibraryError(name: path, looked: [path], reason: "\(path) lacks the function \(function)")
    }

    private static func loaderMessage(_ path: String) -> String {
        dlerror().map { String(cString: $0) } ?? "\(path) cannot be loaded"
    }

    /// The directory of the running executable, symbolic links resolved (where its libraries and
    /// companion executables, such as `wallet-app`, are looked for first).
    public static func executableDirectory() -> String {
        guard let resolved = realpath("/proc/self/exe", nil) else { return "." }
        defer { free(resolved) }
        let path = String(cString: resolved)
        return path.lastIndex(of: "/").map { String(path[..<$0]) } ?? "."
    }
}

/// Why a library could not be loaded: where it was looked for, and the loader's message when a
/// file was there (or the soname was looked up) but could not be loaded or lacks a function.
public struct OnDemandLibraryError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The library's file name or soname.
    public var name: String
    public var looked: [String]
    /// The dynamic loader's message (a missing dependency, a missing function); nil when no
    /// candidate file exists.
    public var reason: String?

    public init(name: String, looked: [String], reason: String?) {
        self.name = name
        self.looked = looked
        self.reason = reason
    }

    /// The loader's message, or `no NAME at A or B`.
    public var description: String {
        reason ?? "no \(name) at \(looked.joined(separator: " or "))"
    }
}
