import Foundation

/// The one place text is folded for searching and sorting: case- and diacritic-insensitive,
/// so "kase" finds "Käse" and "ÉLAN" sorts with "elan".
///
/// The repository stores folded copies of the searchable fields, so a search folds only its
/// query; changing this function means re-folding stored rows in a migration.
public enum TextFolding {
    /// `text` without case or diacritics, in a form that compares equal for equal meaning.
    public static func fold(_ text: String) -> String {
        text.folding(options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
            .precomposedStringWithCanonicalMapping
    }
}
