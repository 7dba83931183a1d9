import Foundation
public import FileOutput

/// The "App Group" directory shared by the app side and the widget side.
///
/// Resolved from the `--home` option, else `$WALLET_HOME`, else `$XDG_DATA_HOME/wallet`
/// (default `~/.local/share/wallet`). Created on first use with mode 0700; an existing directory
/// keeps its mode (the wallet never chmods a directory it did not create).
public struct SharedContainer: Sendable, Equatable {
    /// The container directory.
    public let url: URL

    public init(url: URL) { self.url = url }

    /// Applies the lookup order of CLI.md: a command-line option beats the environment.
    public static func resolve(
        home: String?, environment: [String: String] = ProcessEnvironment.current
    ) -> SharedContainer {
        if let home, !home.isEmpty {
            return SharedContainer(url: URL(fileURLWithPath: home, isDirectory: true))
        }
        if let walletHome = environment["WALLET_HOME"], !walletHome.isEmpty {
            return SharedContainer(url: URL(fileURLWithPath: walletHome, isDirectory: true))
        }
        if let xdg = environment["XDG_DATA_HOME"], !xdg.isEmpty {
            return SharedContainer(url: URL(fileURLWithPath: xdg, isDirectory: true).appendingPathComponent("wallet"))
        }
        let userHome = environment["HOME"] ?? NSHomeDirectory()
        return SharedContainer(
            url: URL(fileURLWithPath: userHome, isDirectory: true).appendingPathComponent(".local/share/wallet"))
    }

    /// Creates the directory (and missing parents) with mode 0700 when missing; leaves an
    /// existing one as it is.
    public func prepare() throws(FileError) {
        try PrivatePaths.createDirectory(url.path)
    }

    /// A file inside the container.
    public func file(_ name: String) -> URL { url.appendingPathComponent(name) }

    /// The card database.
    public var databaseURL: URL { file("wallet.sqlite") }
}
