import Foundation

/// The "App Group" directory shared by the app side and the widget side.
///
/// Resolved from `$WALLET_HOME`, else the `--home` option, else `$XDG_DATA_HOME/wallet`
/// (default `~/.local/share/wallet`). Created on first use with mode 0700.
public struct SharedContainer: Sendable, Equatable {
    /// The container directory.
    public let url: URL

    public init(url: URL) { self.url = url }

    /// Applies the lookup order of CLI.md.
    public static func resolve(
        home: String?, environment: [String: String] = ProcessInfo.processInfo.environment
    ) -> SharedContainer {
        if let walletHome = environment["WALLET_HOME"], !walletHome.isEmpty {
            return SharedContainer(url: URL(fileURLWithPath: walletHome, isDirectory: true))
        }
        if let home, !home.isEmpty {
            return SharedContainer(url: URL(fileURLWithPath: home, isDirectory: true))
        }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return SharedContainer(url: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("wallet"))
        }
        let userHome = environment["HOME"] ?? NSHomeDirectory()
        return SharedContainer(
            url: URL(fileURLWithPath: userHome, isDirectory: true).appendingPathComponent(".local/share/wallet"))
    }

    /// Creates the directory (0700) when missing and tightens its mode when it exists.
    public func prepare() throws {
        let manager = FileManager.default
        try manager.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        try manager.setAttributes([.posixPermissions: 0o700], ofItemAtPath: url.path)
    }

    /// A file inside the container.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The card database.
    public var databaseURL: URL { file("wallet.sqlite") }
}
