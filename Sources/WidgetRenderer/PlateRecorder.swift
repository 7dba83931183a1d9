/// The barcode plates (white background with the quiet zone, device pixels) drawn on one canvas:
/// what opts out of accented tinting.
final class PlateRecorder {
    private(set) var plates: [Rect] = []

    func add(_ plate: Rect) { plates.append(plate) }
}
