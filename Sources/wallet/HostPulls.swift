import Foundation
import PassService
import ProcessRunner
import WalletCore
import WidgetHost

/// The host's pulls of live passes (a ``HostChore``): each pass type on its ``PullSchedule``,
/// pulled by a child `wallet card update --pass-type TYPE --json`, so libcurl and its TLS stack
/// load in that child only and the host's own memory stays as it was. Its outcomes become
/// `updated`, `update-failed` and `notified` lines; a changed card re-renders at once.
final class HostPulls: HostChore {
    private let container: SharedContainer
    private let notifier: HostNotifier
    private let timeout: Double
    private var schedule: PullSchedule
    private var generation: Int64?

    init(container: SharedContainer, schedule: PullSchedule, timeout: Double, notifier: HostNotifier) throws {
        self.container = container
        self.schedule = schedule
        self.timeout = timeout
        self.notifier = notifier
    }

    func nextDue(after now: Date, cards reader: any CardReading) -> Date? {
        refreshTypes(now: now, reader: reader)
        return schedule.nextDue(after: now)
    }

    func run(at now: Date, cards reader: any CardReading) -> HostChoreResult {
        var result = HostChoreResult()
        for type in schedule.due(at: now) {
            let (outcomes, failure) = pull(type, now: now)
            if let failure {
                result.events.append(.error("pulling \(type) failed: \(failure)"))
                schedule.record(type, succeeded: false, retryAfter: nil, now: now)
                continue
            }
            let failed = outcomes.filter { $0.status == "failed" }
            schedule.record(
                type, succeeded: failed.isEmpty, retryAfter: failed.compactMap(\.retryAfter).max().map(Double.init), now: now)
            for outcome in outcomes {
                switch outcome.status {
                case "changed":
                    if let id = UUID(uuidString: outcome.card) { result.updatedCards.insert(id) }
                    result.events.append(.updated(outcome.card, changes: outcome.changes))
                    let url = "wallet://card/\(outcome.card)"
                    for message in outcome.messages {
                        result.events.append(
                            notifier.notify(card: outcome.card, kind: "message", title: outcome.store, text: message, url: url))
                    }
                    if outcome.changes.contains(FieldChange(field: "voided", from: "false", to: "true")) {
                        result.events.append(
                            notifier.notify(
                                card: outcome.card, kind: "voided", title: outcome.store, text: "The issuer voided this pass.",
                                url: url))
                    }
                case "failed":
                    result.events.append(.updateFailed(outcome.card, reason: outcome.reason ?? "unknown"))
                default:
                    continue
                }
            }
        }
        return result
    }

    /// The pass types of the live cards, re-read when the data generation moved.
    private func refreshTypes(now: Date, reader: any CardReading) {
        guard let latest = try? reader.dataGeneration(), latest != generation else { return }
        generation = latest
        let types = ((try? reader.cards(includeArchived: false)) ?? []).filter(\.isLive).compactMap {
            $0.pass?.passTypeIdentifier
        }
        schedule.track(Set(types), now: now)
    }

    /// Runs the child pull of one pass type; its records, or why it gave none.
    private func pull(_ type: String, now: Date) -> ([PullRecord], String?) {
        var environment = ChildEnvironment.inherited(PullChild.inheritedVariables)
        environment["WALLET_NOW"] = ISO8601.format(now)
        let child = PullChild(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path, home: container.url.path,
            timeout: timeout, environment: environment)
        switch child.run(["--pass-type", type]) {
        case .success(let records): return (records, nil)
        case .failure(let failure): return ([], failure.description)
        }
    }
}
