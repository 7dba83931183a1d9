import Foundation
internal import CAdw
import WalletCore

/// The card logos the list shows, decoded off the main thread at the size a row draws them and
/// kept for the most recently drawn ``capacity`` cards only: a wallet of 1,000 logos holds at
/// most that many small pixbufs, whatever is scrolled. Listing cards reads no image bytes
/// (``CardArtSummary``); a row's tile asks for its logo when it is drawn (``CardTile``), gets
/// nil the first time, and ``onLoaded`` tells the page when the logo is ready to be drawn.
final class LogoCache {
    /// How many decoded logos are kept (about 24 KB each at 96 x 64).
    static let capacity = 128
    /// The box a logo is fitted into, in device pixels (twice the row's 48 x 32 slot).
    static let size: (width: Int32, height: Int32) = (96, 64)

    private struct Key: Hashable {
        let card: UUID
        let digest: String
    }

    private let repository: CardRepository
    private let queue = DispatchQueue(label: "app.wallet.Wallet.logos", qos: .utility)
    private var pixbufs: [Key: ObjectHandle] = [:]
    /// Keys from least to most recently used.
    private var order: [Key] = []
    private var pending: Set<Key> = []
    /// A logo asked for earlier is decoded: rows showing `card` may show it now.
    var onLoaded: ((UUID) -> Void)?

    init(repository: CardRepository) {
        self.repository = repository
    }

    /// How many logos are decoded and kept now.
    var count: Int { pixbufs.count }

    /// `card`'s logo as a `GdkPixbuf` of at most ``size``, or nil: it has none, or it is being
    /// decoded (then ``onLoaded`` follows).
    func logo(for card: Card) -> OpaquePointer? {
        guard card.art.has(.logo), let digest = card.art.digest else { return nil }
        let key = Key(card: card.id, digest: digest)
        if let pixbuf = pixbufs[key] {
            touch(key)
            return pixbuf.opaque
        }
        request(key)
        return nil
    }

    private func touch(_ key: Key) {
        if let index = order.firstIndex(of: key) { order.remove(at: index) }
        order.append(key)
    }

    private func request(_ key: Key) {
        guard pending.insert(key).inserted else { return }
        let owner = MainThreadOnly(self)
        let repository = repository
        queue.async {
            let pixbuf = Self.decode((try? repository.images(.logo, of: [key.card]))?[key.card])
            MainLoop.idle { owner.value.store(pixbuf, for: key) }
        }
    }

    private func store(_ pixbuf: DecodedPixbuf, for key: Key) {
        pending.remove(key)
        guard let pointer = pixbuf.pointer else { return }
        pixbufs[key] = ObjectHandle(UnsafeMutableRawPointer(pointer))
        g_object_unref(UnsafeMutableRawPointer(pointer))  // the handle holds its own reference
        touch(key)
        while order.count > Self.capacity {
            pixbufs[order.removeFirst()] = nil
        }
        onLoaded?(key.card)
    }

    /// A decoded logo handed from the decoding queue to the main loop (one reference, taken over
    /// by ``store(_:for:)``).
    private struct DecodedPixbuf: @unchecked Sendable {
        let pointer: OpaquePointer?
    }

    /// `image` decoded and scaled to fit ``size`` (gdk-pixbuf is safe off the main thread for
    /// objects no other thread touches); nil pointer when it is missing or unreadable.
    private static func decode(_ image: CardImage?) -> DecodedPixbuf {
        guard let image else { return DecodedPixbuf(pointer: nil) }
        let bytes = image.png.withUnsafeBytes { g_bytes_new($0.baseAddress, gsize($0.count)) }
        defer { g_bytes_unref(bytes) }
        let stream = g_memory_input_stream_new_from_bytes(bytes)
        defer { g_object_unref(UnsafeMutableRawPointer(stream)) }
        let width = min(size.width, Int32(image.width))
        let height = min(size.height, Int32(image.height))
        let pixbuf = gdk_pixbuf_new_from_stream_at_scale(stream, width, height, 1, nil, nil)
        return DecodedPixbuf(pointer: pixbuf)
    }
}
