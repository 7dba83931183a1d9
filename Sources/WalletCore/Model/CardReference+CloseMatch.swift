extension CardReference {
    /// The store name among `stores` the reference most likely meant when it matches none: one
    /// whose folded name (case and accents ignored: "kase" for "Käse Laden") starts with the
    /// folded reference, has a word that does, or is a typo away from it or from one of its
    /// words (``EditDistance/nearest(to:in:)``). Nil for a reference shorter than 3 characters,
    /// which would match almost anything.
    public func closeMatch(among stores: [String]) -> String? {
        let folded = TextFolding.fold(text)
        guard folded.count >= 3 else { return nil }
        var best: (store: String, distance: Int)?
        for store in stores {
            let name = TextFolding.fold(store)
            let words = name.split(whereSeparator: { $0.isWhitespace || $0.isPunctuation }).map(String.init)
            let distance: Int?
            if name.hasPrefix(folded) || words.contains(where: { $0.hasPrefix(folded) }) {
                distance = 0
            } else if let near = EditDistance.nearest(to: folded, in: [name] + words) {
                distance = EditDistance.between(folded, near)
            } else {
                distance = nil
            }
            if let distance, distance < (best?.distance ?? .max) { best = (store, distance) }
        }
        return best?.store
    }
}
