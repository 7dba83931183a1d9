import Foundation
import WalletCore
import WidgetEngine

/// The widget side's render pipeline for installed widgets: timeline entry, cache check, drawing,
/// PNG. A cache hit costs a card read, a digest and a file read, plus encoding the barcodes of a
/// multi-card widget for its layout (`FullWidthRowPlanner`, microseconds): no fonts or Cairo.
public struct WidgetSnapshotter: Sendable {
    /// Which entry to draw.
    public enum Source: Sendable {
        /// The current timeline entry (real data).
        case timeline
        /// The gallery preview (sample cards when the wallet is empty).
        case preview
        /// Sample cards drawn redacted.
        case placeholder
    }

    /// One rendered (or cached) snapshot.
    public struct Snapshot: Sendable {
        public var png: Data
        public var tapMap: TapMap
        /// What the renderer reports (numbers shown as text, missing glyphs).
        public var notes: [String]
        /// True when the PNG came from the snapshot cache.
        public var fromCache: Bool
        /// The timeline the entry came from (source `.timeline` only).
        public var timeline: Timeline?
    }

    private let provider: TimelineProvider
    private let renderer: WidgetRenderer
    private let cache: SnapshotCache?

    /// `cache` nil renders every time.
    public init(provider: TimelineProvider, renderer: WidgetRenderer, cache: SnapshotCache?) {
        self.provider = provider
        self.renderer = renderer
        self.cache = cache
    }

    /// The entry `source` asks for, and for `.timeline` the timeline it opens.
    public func entry(for widget: WidgetConfiguration, source: Source) throws(WidgetError) -> (TimelineEntry, Timeline?) {
        switch source {
        case .timeline:
            let timeline = try provider.timeline(for: widget)
            return (timeline.entries[0], timeline)
        case .preview: return (try provider.preview(for: widget), nil)
        case .placeholder: return (provider.placeholder(for: widget.family), nil)
        }
    }

    /// The snapshot of `widget`, from the cache when nothing its pixels depend on changed.
    /// With a `recorder` (the layout report) it is always drawn, and the recorder receives what
    /// went where.
    public func snapshot(
        of widget: WidgetConfiguration, options: RenderOptions, source: Source = .timeline, recorder: LayoutRecorder? = nil
    ) throws -> Snapshot {
        let (entry, timeline) = try entry(for: widget, source: source)
        var snapshot = try snapshot(of: entry, options: options, recorder: recorder)
        snapshot.timeline = timeline
        return snapshot
    }

    /// The snapshot of one entry (e.g. a later entry of a timeline already delivered), from the
    /// cache when it holds one.
    public func snapshot(of entry: TimelineEntry, options: RenderOptions, recorder: LayoutRecorder? = nil) throws -> Snapshot {
        let tapMap = renderer.tapMap(for: entry, options: options)
        let key = SnapshotKey(entry: entry, options: options)
        if recorder == nil, let hit = cache?.lookup(key) {
            return Snapshot(png: hit.png, tapMap: tapMap, notes: hit.notes, fromCache: true, timeline: nil)
        }
        let rendered = try renderer.render(entry, options: options, recorder: recorder)
        let notes = rendered.notes.map(\.description)
        cache?.save(rendered.png, notes: notes, for: key)
        return Snapshot(png: rendered.png, tapMap: tapMap, notes: notes, fromCache: false, timeline: nil)
    }
}
