import Foundation
import Testing
import WalletCore
@testable import WidgetEngine

/// Widget ids become file names: a `widgets.json` whose id is not a UUID is refused whole.
@Suite struct WidgetIDTests {
    @Test(arguments: ["../notes", "/etc/passwd", "", "3F2504E0-4F89-11D3-9A0C-0305E82C3301"])
    func idsThatAreNotLowerCaseUUIDsAreRefused(_ id: String) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("widget-ids-\(UUID())")
        let center = WidgetCenter(container: SharedContainer(url: directory))
        let good = try center.add(family: .small, mode: .manual, cards: [])
        let text = try String(contentsOf: center.listURL, encoding: .utf8).replacingOccurrences(of: good.id, with: id)
        try text.write(to: center.listURL, atomically: true, encoding: .utf8)
        #expect {
            try center.widgets()
        } throws: { error in
            "\(error)".contains("is not a lower-case UUID")
        }
    }

    @Test func anUnusableContainerIsAnErrorNotAnEmptyList() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("widget-blocker-\(UUID())")
        try Data("x".utf8).write(to: file)
        let center = WidgetCenter(container: SharedContainer(url: file.appendingPathComponent("wallet")))
        #expect(throws: WidgetError.self) { try center.widgets() }
    }
}
