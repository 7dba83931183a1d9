import WalletCore

extension WalletArchive {
    /// Everything `repository` stores: every card (archived too), every group, the usage log,
    /// the cards' art. A `CardReader` reads it without writing to the wallet.
    public init(repository: some WalletContentsReading) throws {
        self.init(
            cards: try repository.cards(includeArchived: true), groups: try repository.groups(),
            usageEvents: try repository.usageEvents())
        art = try repository.art(of: cards)
    }

    /// Saves the archive read from `file` into `repository`: one transaction, all or nothing;
    /// exact duplicates of stored cards are skipped. A card the card model refuses
    /// (`Card.validated()`) fails the import with its line or entry in `file`.
    /// `progress` hears (cards stored or skipped, total).
    public func save(
        in repository: CardRepository, file: String, progress: (_ done: Int, _ total: Int) -> Void = { _, _ in }
    ) throws -> ImportSummary {
        do {
            return try repository.importCards(cards, groups: groups, usageEvents: usageEvents, art: art, progress: progress)
        } catch WalletStoreError.invalidImportedCard(let position, _, let reason) {
            let index = position - 1
            throw ImportError(
                file: file, location: cardLocations.indices.contains(index) ? cardLocations[index] : nil,
                problem: .invalidCard(reason.description))
        } catch CardValidationError.emptyGroupName {
            throw ImportError(file: file, problem: .invalidCard(CardValidationError.emptyGroupName.description))
        }
    }
}
