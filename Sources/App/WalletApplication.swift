import Foundation
internal import CAdw
import WalletCore

/// `wallet-app`: one instance per session (GApplication on the session bus, id
/// ``applicationID``). A second launch raises the running window; `wallet-app wallet://card/ID`
/// (GApplication's "open") shows that card in it. `wallet open --window` starts it the same way.
/// Ctrl+Q and Ctrl+W quit, as in GNOME's apps.
public final class WalletApplication {
    /// The reverse-DNS id: the D-Bus name, the desktop file's name, the icon's name.
    public static let applicationID = "app.wallet.Wallet"

    private let application: ObjectHandle
    private var window: MainWindow?
    private var controller: WalletController?

    public init() {
        application = ObjectHandle(raw(adw_application_new(Self.applicationID, G_APPLICATION_HANDLES_OPEN)))
        application.on("activate") { [weak self] in self?.presented()?.present() }
        application.on("startup") {
            Localization.start()
            Self.loadStyles()
        }
        application.on("shutdown") { [weak self] in self?.controller?.finish() }
        application.on(
            "open",
            withFiles: { [weak self] files, count in
                guard let self, let files, count > 0 else { return }
                let window = self.presented()
                let first = files.assumingMemoryBound(to: OpaquePointer?.self).pointee
                if let first, let uri = g_file_get_uri(first) {
                    let text = String(cString: uri)
                    g_free(uri)
                    do {
                        self.controller?.route(try DeepLink(parsing: text))
                    } catch {
                        AppEvents.emit("error", ["message": "\(error)"])
                        self.toast(tr("Not a wallet link: %@", text))
                    }
                }
                window?.present()
            })
    }

    /// Runs the application with the process's arguments; returns its exit status. Without a
    /// display to connect to it says so in one line and returns 1 (GTK would print a warning and exit).
    public func run() -> Int32 {
        RendererChoice.apply()
        guard gtk_init_check() != 0 else {
            FileHandle.standardError.write(Data("wallet-app: \(Self.noDisplayMessage())\n".utf8))
            return 1
        }
        return g_application_run(application.typed(), CommandLine.argc, CommandLine.unsafeArgv)
    }

    /// What to do when no display can be opened, naming the one that was tried.
    static func noDisplayMessage(_ environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let named = [environment["WAYLAND_DISPLAY"], environment["DISPLAY"]].compactMap { $0 }.filter { !$0.isEmpty }
        let tried =
            switch named.count {
            case 0: "none is set"
            case 1: "'\(named[0])' cannot be opened"
            default: "neither '\(named[0])' nor '\(named[1])' can be opened"
            }
        return "cannot open a window: no graphical display (\(tried)): run it in a desktop session, "
            + "or set DISPLAY or WAYLAND_DISPLAY; `wallet open --no-window` prints a card"
    }

    private func toast(_ text: String) { window?.toast(text) }

    /// The window, built at the first activation (the card store opened then).
    private func presented() -> MainWindow? {
        if let window { return window }
        let (width, height) = Self.initialSize()
        let window = MainWindow(application: application, width: width, height: height)
        self.window = window
        for trigger in ["<Control>q", "<Control>w"] {
            window.addShortcut(trigger) { [application] in
                g_application_quit(application.typed())
                return true
            }
        }
        do {
            let container = SharedContainer.resolve(home: nil)
            let clock = try WalletClock.fromEnvironment(running: true)
            let repository = try CardRepository(container: container, clock: clock)
            controller = WalletController(application: application, window: window, repository: repository, clock: clock)
        } catch {
            AppEvents.emit("error", ["message": "\(error)"])
            window.toast(tr("The wallet cannot be opened: %@", "\(error)"))
        }
        window.present()
        BenchProbe.shared?.follow(window.window)
        AppEvents.emit("ready", ["applicationID": Self.applicationID])
        return window
    }

    /// 360 x 720 (a phone held upright) unless `WALLET_APP_SIZE=WxH` asks otherwise (screenshots, tests).
    static func initialSize(_ text: String = ProcessInfo.processInfo.environment["WALLET_APP_SIZE"] ?? "") -> (Int32, Int32) {
        let parts = text.split(separator: "x").compactMap { Int32($0) }
        guard parts.count == 2, parts.allSatisfy({ $0 >= 200 && $0 <= 8192 }) else { return (360, 720) }
        return (parts[0], parts[1])
    }

    /// The app's own style: the number in large tabular figures, the barcode's white plate.
    private static func loadStyles() {
        let provider = gtk_css_provider_new()
        let css =
            ".card-number { font-size: 28px; font-weight: 700; font-feature-settings: \"tnum\"; letter-spacing: 1px; }"
            + " .card-number-large { font-size: 64px; }"
        gtk_css_provider_load_from_data(provider, css, -1)
        gtk_style_context_add_provider_for_display(
            gdk_display_get_default(), OpaquePointer(provider), guint(GTK_STYLE_PROVIDER_PRIORITY_APPLICATION))
        g_object_unref(UnsafeMutableRawPointer(provider))
    }
}
