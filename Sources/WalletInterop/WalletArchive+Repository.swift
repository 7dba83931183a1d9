import WalletCore

extension WalletArchive {
    /// Everything `repository` stores: every card (archived too), every group, the usage log.
    public init(repository: CardRepository) throws {
        self.init(
            cards: try repository.cards(includeArchived: true), groups: try repository.groups(),
            usageEvents: try repository.usageEvents())
    }

    /// Stores the archive in `repository` in one transaction, all or nothing; exact duplicates
    /// of stored cards are skipped.
    public func store(in repository: CardRepository) throws -> ImportSummary {
        try repository.importCards(cards, groups: groups, usageEvents: usageEvents)
    }
}
