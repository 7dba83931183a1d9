extension Card {
    /// The lines a card's page shows under its number (desktop window, PDF ticket): balance,
    /// expiry and note, each only when set.
    public var detailLines: [String] {
        var lines: [String] = []
        if let balance = self.balance { lines.append("Balance: \(balance) \(self.currency ?? "points")") }
        if let expiry = self.expiry { lines.append("Expires: \(expiry)") }
        if !self.note.isEmpty { lines.append(self.note) }
        return lines
    }
}
