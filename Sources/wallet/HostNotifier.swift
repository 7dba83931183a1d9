import Foundation
import Notifications
import ProcessRunner
import WidgetHost

/// The widget host's desktop notifications: each becomes a `notified` event line whether or not
/// a notification service shows it, and a click on one opens its card (`xdg-open wallet://card/ID`,
/// which the installed desktop entry hands to `wallet open`).
final class HostNotifier {
    private lazy var notifier: DesktopNotifier = {
        let notifier = DesktopNotifier()
        notifier.onAction { url in HostNotifier.open(url) }
        return notifier
    }()

    /// Shows the notification and returns its event line.
    func notify(card: String, kind: String, title: String, text: String, url: String) -> EventLine {
        notifier.show(DesktopNotification(title: title, body: text, url: url))
        return .notified(card, kind: kind, text: text)
    }

    /// What a URL opener needs: the desktop session, and the wallet's home so that the
    /// `wallet open` it starts shows this host's wallet.
    static let inheritedVariables = ChildEnvironment.session + ["BROWSER", "WALLET_HOME"]

    /// How long `xdg-open` may take to hand the URL on (it waits for some openers to finish).
    static let openerDeadline: Duration = .seconds(30)

    /// `xdg-open URL`, waited for on another thread: the host goes on at once, and the opener
    /// never stays behind as a zombie. Its output goes to /dev/null: the program it starts may
    /// outlive it.
    private static func open(_ url: String) {
        guard let opener = ChildEnvironment.executable(named: "xdg-open") else { return }
        let command = ChildCommand(
            executable: opener, arguments: [url], environment: ChildEnvironment.inherited(inheritedVariables),
            streams: .discarded)
        DispatchQueue.global().async {
            _ = try? ChildProcess.run(command, limits: ChildLimits(deadline: openerDeadline))
        }
    }
}
