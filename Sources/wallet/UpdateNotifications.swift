import Foundation
import Notifications
import PassService
import WalletCore

/// What a pull tells the desktop: each issuer message (a changed field's `changeMessage`) and a
/// pass voided by its issuer, as freedesktop notifications that open the card. Without a
/// notification service nothing is shown and nothing fails.
enum UpdateNotifications {
    /// The notifications `outcome` calls for.
    static func notifications(for outcome: PullOutcome) -> [DesktopNotification] {
        guard case .changed(let changes, let messages) = outcome.status else { return [] }
        let url = DeepLink.card(outcome.cardID).url
        var notifications = messages.map { DesktopNotification(title: outcome.store, body: $0, url: url) }
        if changes.contains(FieldChange(field: "voided", from: "false", to: "true")) {
            notifications.append(DesktopNotification(title: outcome.store, body: "The issuer voided this pass.", url: url))
        }
        return notifications
    }

    /// Shows them on the session bus, if there is a notification service.
    static func show(_ outcomes: [PullOutcome]) {
        let all = outcomes.flatMap(notifications(for:))
        guard !all.isEmpty else { return }
        let notifier = DesktopNotifier()
        for notification in all { notifier.show(notification) }
    }
}
