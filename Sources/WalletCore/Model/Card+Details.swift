extension Card {
    /// The lines a card's page shows under its number (desktop window, PDF ticket): balance,
    /// expiry and note, each only when set.
    public var detailLines: [String] {
        var lines: [String] = []
        if let balance { lines.append("Balance: \(balance) \(currency ?? "points")") }
        if let expiry { lines.append("Expires: \(expiry)") }
        if !note.isEmpty { lines.append(note) }
        return lines
    }
}
