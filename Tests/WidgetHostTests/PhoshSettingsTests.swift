import Testing
@testable import WidgetHost

@Suite struct PhoshSettingsTests {
    /// A `gsettings get` that answers from a table (nil: the schema or key is not installed).
    private func settings(_ table: [String: String]) -> (String, String) -> String? {
        { schema, key in table["\(schema) \(key)"] }
    }

    @Test func theFolderComesFromTheSettingWhenThePluginIsOn() {
        let on = "sm.puri.phosh.plugins lock-screen"
        let folder = "sm.puri.phosh.plugins.ticket-box folder"
        #expect(
            PhoshSettings.ticketBoxFolder(
                home: "/home/u", read: settings([on: "['calendar', 'ticket-box']\n", folder: "'Tickets'\n"])) == "/home/u/Tickets"
        )
        #expect(
            PhoshSettings.ticketBoxFolder(home: "/home/u", read: settings([on: "['ticket-box']", folder: "'/srv/t'"])) == "/srv/t"
        )
        #expect(
            PhoshSettings.ticketBoxFolder(home: "/home/u", read: settings([on: "['ticket-box']", folder: "'phosh-ticket-box'"]))
                == "/home/u/phosh-ticket-box")
    }

    @Test func offWithoutThePluginItsSchemaOrAFolder() {
        let folder = "sm.puri.phosh.plugins.ticket-box folder"
        #expect(
            PhoshSettings.ticketBoxFolder(
                home: "/h", read: settings(["sm.puri.phosh.plugins lock-screen": "@as []", folder: "'x'"])) == nil)
        #expect(
            PhoshSettings.ticketBoxFolder(home: "/h", read: settings(["sm.puri.phosh.plugins lock-screen": "['ticket-box']"]))
                == nil)
        #expect(
            PhoshSettings.ticketBoxFolder(
                home: "/h", read: settings(["sm.puri.phosh.plugins lock-screen": "['ticket-box']", folder: "''"])) == nil)
        #expect(PhoshSettings.ticketBoxFolder(home: "/h", read: settings([:])) == nil)
    }

    @Test func gvariantStringsUnquoteBothQuotesAndEscapes() {
        #expect(GVariantText.strings(#"['a', "it's", 'b\'c', 'd\\e']"#) == ["a", "it's", "b'c", #"d\e"#])
        #expect(GVariantText.strings("@as []").isEmpty)
    }

    @Test func ticketNamesAreRecognisedAndSafe() {
        #expect(TicketBox.isTicket("Alpha (wallet 0123abcd).pdf"))
        #expect(!TicketBox.isTicket("Alpha (wallet 0123abcz).pdf"))
        #expect(!TicketBox.isTicket("boarding pass.pdf"))
    }
}
