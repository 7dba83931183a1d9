import Barcodes
import WidgetEngine

/// Chooses which slots of a widget get a full-width row (``WidgetLayout``), for wide codes (linear
/// ones and PDF417) that get less than ``BarcodeFit/comfortableModule`` pixels per module in a
/// half-width tile or do not fit there at all, codes shown as text first, then in slot order:
/// - a row of an equal share of the height, when that gives the code a larger module and leaves
///   every other code its module or at least the comfortable 3 px;
/// - else the shortest taller row that gives it 3 px, on the same condition;
/// - else, for a code that would be shown as text, the shortest taller row that shows it, when no
///   other code is pushed to text by it.
///
/// The prediction places each code with ``CardTileGeometry`` exactly as the drawer does, with text
/// heights estimated from the font size (``CardTileGeometry/estimatedDigitsHeight(scale:)``) so that a
/// tap map never needs fonts or a canvas. It plans at ``planningScale``, the smallest scale phones
/// use and the one where modules are tightest, so tiles (and tap maps, in points) do not depend on
/// the scale drawn; at 3x a code given a full-width row there is larger still.
struct FullWidthRowPlanner {
    /// The scale the plan is made at.
    static let planningScale = 2
    /// Steps in which a taller row is tried, in points.
    static let heightStep = 2.0
    /// Added to the shortest taller row that shows a code: the drawer measures text with Pango,
    /// which may come out a pixel taller than the estimate.
    static let heightSlack = 4.0

    let family: WidgetFamily
    let size: PointSize
    /// Each slot's barcode; nil for an empty slot, a card without barcode, or an unencodable one.
    let symbols: [BarcodeMatrix?]

    /// Slots given full-width rows, with each row's minimum height in points (0: an equal share).
    func fullWidthRows() -> [Int: Double] {
        guard family.maxCards > 1, symbols.count > 1 else { return [:] }
        var granted: [Int: Double] = [:]
        var modules = predictedModules(fullWidthRows: granted)
        let candidates = symbols.indices
            .filter { symbols[$0].map { Self.isWide($0.symbology) } == true && modules[$0] < BarcodeFit.comfortableModule }
            .sorted { (modules[$0] == 0 ? 0 : 1, $0) < (modules[$1] == 0 ? 0 : 1, $1) }
        for slot in candidates {
            if let better = grant(slot, after: granted, modules: modules) { (granted, modules) = better }
        }
        return granted
    }

    /// The plan with `slot` given a full-width row and its predicted modules, or nil when no row
    /// helps it without harming another code.
    private func grant(_ slot: Int, after granted: [Int: Double], modules: [Int]) -> ([Int: Double], [Int])? {
        /// Every other code keeps its module, or at least the comfortable size.
        func fair(_ tried: [Int]) -> Bool {
            tried.indices.allSatisfy { $0 == slot || tried[$0] >= min(modules[$0], BarcodeFit.comfortableModule) }
        }
        var trial = granted
        trial[slot] = 0
        let equal = predictedModules(fullWidthRows: trial)
        if equal[slot] > modules[slot], fair(equal) { return (trial, equal) }
        if let (rows, tried) = tallerRow(slot, after: granted, reaching: BarcodeFit.comfortableModule), fair(tried) {
            return (rows, tried)
        }
        guard modules[slot] == 0, let (rows, tried) = tallerRow(slot, after: granted, reaching: BarcodeFit.minimumModule)
        else { return nil }
        let nobodyToText = tried.indices.allSatisfy { $0 == slot || modules[$0] == 0 || tried[$0] > 0 }
        return nobodyToText ? (rows, tried) : nil
    }

    /// The shortest full-width row (plus ``heightSlack``) that gives `slot` at least `module` px
    /// per module, and the modules then predicted; nil when no height does.
    private func tallerRow(_ slot: Int, after granted: [Int: Double], reaching module: Int) -> ([Int: Double], [Int])? {
        var trial = granted
        for height in stride(from: Self.heightStep, through: size.height - Self.heightSlack, by: Self.heightStep) {
            trial[slot] = height
            guard predictedModules(fullWidthRows: trial)[slot] >= module else { continue }
            trial[slot] = height + Self.heightSlack
            let tried = predictedModules(fullWidthRows: trial)
            return tried[slot] >= module ? (trial, tried) : nil
        }
        return nil
    }

    /// Codes much wider than tall, which a full-width row helps: linear codes and PDF417.
    static func isWide(_ symbology: Symbology) -> Bool {
        !symbology.isTwoDimensional || symbology == .pdf417
    }

    /// Pixels per module each slot's code would get (0: none, or does not fit).
    func predictedModules(fullWidthRows: [Int: Double]) -> [Int] {
        let layout = WidgetLayout(family: family, size: size, slotCount: symbols.count, fullWidthRows: fullWidthRows)
        let metrics = Theme.tile(family)
        let scale = Self.planningScale
        return zip(layout.tiles, symbols).map { tile, symbol in
            guard let symbol else { return 0 }
            let pixels = tile.scaledToWholeUnits(Double(scale))
            return CardTileGeometry.estimatedPlace(symbol, tile: pixels, metrics: metrics, scale: scale)?.fit.module ?? 0
        }
    }
}
