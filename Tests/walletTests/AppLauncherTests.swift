import Foundation
import Testing

@testable import wallet

/// ``AppLauncher`` finds `wallet-app` beside `wallet` first, then on PATH, and says what to do
/// when it cannot start a window.
@Suite struct AppLauncherTests {
    /// A scratch directory with an executable `wallet-app` in `withApp` of its subfolders.
    private func folders(_ names: [String], withApp: Set<String>) throws -> (root: URL, paths: [String: String]) {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("launcher-\(UUID().uuidString)")
        var paths: [String: String] = [:]
        for name in names {
            let folder = root.appendingPathComponent(name)
            try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
            if withApp.contains(name) {
                let app = folder.appendingPathComponent(AppLauncher.appName).path
                _ = FileManager.default.createFile(
                    atPath: app, contents: Data("#!/bin/sh\n".utf8), attributes: [.posixPermissions: 0o755])
            }
            paths[name] = folder.path
        }
        return (root, paths)
    }

    @Test func theAppBesideWalletComesBeforeTheOneOnPath() throws {
        let (root, paths) = try folders(["bin", "path"], withApp: ["bin", "path"])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try AppLauncher.locate(besideWalletIn: paths["bin"]!, path: paths["path"]!)
        #expect(found == "\(paths["bin"]!)/wallet-app")
    }

    @Test func theAppOnPathIsUsedWhenNoneIsBesideWallet() throws {
        let (root, paths) = try folders(["bin", "empty", "path"], withApp: ["path"])
        defer { try? FileManager.default.removeItem(at: root) }
        let found = try AppLauncher.locate(besideWalletIn: paths["bin"]!, path: "\(paths["empty"]!)::\(paths["path"]!)")
        #expect(found == "\(paths["path"]!)/wallet-app")
    }

    @Test func noAppIsOneLineNamingWhereItLookedAndWhatToDo() throws {
        let (root, paths) = try folders(["bin"], withApp: [])
        defer { try? FileManager.default.removeItem(at: root) }
        #expect(throws: AppLaunchError.appMissing(beside: paths["bin"]!)) {
            try AppLauncher.locate(besideWalletIn: paths["bin"]!, path: "")
        }
        let message = AppLaunchError.appMissing(beside: paths["bin"]!).description
        #expect(!message.contains("\n") && message.contains("make install") && message.contains("--no-window"))
    }

    @Test func aDisplayIsNamedByEitherVariable() {
        #expect(AppLauncher.displayIsNamed(["DISPLAY": ":1"]))
        #expect(AppLauncher.displayIsNamed(["WAYLAND_DISPLAY": "wayland-0"]))
        #expect(!AppLauncher.displayIsNamed(["DISPLAY": "", "WAYLAND_DISPLAY": ""]))
        #expect(!AppLauncher.displayIsNamed([:]))
    }
}
