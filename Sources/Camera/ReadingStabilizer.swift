import Barcodes
import Scanning

/// Turns per-frame findings into one reading a card can be made from, by the camera's rule: the
/// same payload in the same format (and GS1 mode) seen in at least ``framesNeeded`` frames within ``window`` with
/// nothing else in view in that time (no other code, no reading the two readers disagree on). A
/// code that carries its own check (EAN-13, EAN-8, UPC-A, UPC-E, and passing it) needs only
/// ``selfCheckedFramesNeeded``. One frame's misreading thus never becomes a card, and two codes
/// in view are refused until one leaves the picture for a whole window.
public struct ReadingStabilizer: Sendable {
    /// How far back frames count.
    public let window: Duration
    public let framesNeeded: Int
    public let selfCheckedFramesNeeded: Int
    private var recent: [(time: Duration, found: [ScannedBarcode])] = []

    public init(window: Duration = .seconds(2), framesNeeded: Int = 3, selfCheckedFramesNeeded: Int = 2) {
        self.window = window
        self.framesNeeded = framesNeeded
        self.selfCheckedFramesNeeded = selfCheckedFramesNeeded
    }

    /// Records what one frame, taken at `time` (any clock, increasing), held, and says where the
    /// reading stands. Frames holding nothing are not recorded: a code briefly out of view keeps
    /// its count.
    public mutating func observe(_ found: [ScannedBarcode], at time: Duration) -> StabilizerState {
        recent.removeAll { time - $0.time >= window }
        if !found.isEmpty { recent.append((time, found)) }
        let seen = recent.flatMap(\.found)
        guard let latest = seen.last else { return .searching }
        var distinct: [ScannedBarcode] = []
        for barcode in seen where !distinct.contains(where: { Self.sameCode($0, barcode) }) { distinct.append(barcode) }
        if distinct.count > 1 || seen.contains(where: \.disputed) { return .ambiguous(distinct) }
        let frames = recent.count
        let needed = Self.carriesOwnCheck(latest) ? selfCheckedFramesNeeded : framesNeeded
        guard frames >= needed else { return .seen(latest, frames: frames, needed: needed) }
        // Seen again in other frames: the confirmation a reading of one reader alone lacks.
        var confirmed = latest
        confirmed.unconfirmed = false
        return .taken(confirmed)
    }

    /// Forgets every frame (the app starts a new reading).
    public mutating func reset() { recent.removeAll() }

    private static func sameCode(_ one: ScannedBarcode, _ other: ScannedBarcode) -> Bool {
        one.format == other.format && one.text == other.text && one.gs1 == other.gs1
    }

    /// EAN and UPC codes end in a check digit their reader verified; the wallet checks it again.
    static func carriesOwnCheck(_ barcode: ScannedBarcode) -> Bool {
        guard let symbology = barcode.format.symbology, [.ean13, .ean8, .upcA, .upcE].contains(symbology) else { return false }
        return (try? symbology.validate(barcode.text)) == barcode.text
    }
}

/// Where a reading stands after a frame.
public enum StabilizerState: Equatable, Sendable {
    /// Nothing in view in the window.
    case searching
    /// One code in view, seen in `frames` of the `needed` frames.
    case seen(ScannedBarcode, frames: Int, needed: Int)
    /// Several codes (or a disputed reading) in view: nothing is taken until only one remains.
    case ambiguous([ScannedBarcode])
    /// The reading.
    case taken(ScannedBarcode)
}
