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

    /// What the child needs of the host's environment: the language and time zone its messages
    /// and dates are written in, where its translations are, and the network's proxies and
    /// certificate stores; its clock and home are passed as `WALLET_NOW` and `--home`.
    static let inheritedVariables =
        ["PATH", "HOME", "TMPDIR", "TZ", "LANG", "LANGUAGE", "LC_ALL", "LC_MESSAGES", "LC_CTYPE", "WALLET_LOCALE_DIR"]
        + ChildEnvironment.network

    /// The most a pull may take: each request is bounded by `timeout`, and one pull makes a few
    /// (register, the changed serials, each changed pass, their redirects).
    private var deadline: Duration { .milliseconds(Int(timeout * 1000) * 10) }

    /// Runs the child pull of one pass type; its JSON outcomes, or why it gave none.
    private func pull(_ type: String, now: Date) -> ([UpdateJSON], String?) {
        var environment = ChildEnvironment.inherited(Self.inheritedVariables)
        environment["WALLET_NOW"] = ISO8601.format(now)
        let command = ChildCommand(
            executable: URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath().path,
            arguments: [
                "card", "update", "--pass-type", type, "--json", "--no-notify", "--timeout", String(timeout), "--home",
                container.url.path,
            ],
            environment: environment)
        let result: ChildResult
        do {
            result = try ChildProcess.run(command, limits: ChildLimits(deadline: deadline, outputBytes: 4 << 20))
        } catch {
            return ([], "\(error)")
        }
        switch result.ending {
        case .timedOut: return ([], "`wallet card update` took longer than \(Int(timeout * 10)) s and was stopped")
        case .outputTooLarge: return ([], "`wallet card update` answered more than 4 MiB")
        case .exited, .signaled:
            guard let outcomes = try? JSONDecoder().decode([UpdateJSON].self, from: result.output) else {
                return ([], "`wallet card update` exited \(result.status) without a result")
            }
            return (outcomes, nil)
        }
    }
}
