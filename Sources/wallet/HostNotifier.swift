import Foundation
import Notifications
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

    private static func open(_ url: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["xdg-open", url]
        try? process.run()
    }
}
