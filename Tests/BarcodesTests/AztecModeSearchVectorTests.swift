import Testing
import WalletTestSupport
@testable import Barcodes

/// The mode search's bits are those recorded from the array-based search it replaced (main at
/// 4279d0a): a few payloads bit for bit, and a digest of the bits of
/// 4,000 random payloads over every mode, the Punct pairs, binary shifts of every length class
/// and ECI.
@Suite struct AztecModeSearchVectorTests {
    /// Payloads with their ECI and bits (`bitCount` bits as hexadecimal, zero-padded), recorded.
    static let vectors: [(text: String, eci: Int?, bitCount: Int, hex: String)] = [
        ("MEMBER-12345678 Gold Tier", nil, 140, "719c334c12f1a2b3c4d0f23906943caa8d3"),
        ("A", nil, 5, "10"),
        ("", nil, 0, ""),
        ("Grüße", 26, 83, "001242393f930ef30e7cc"),
        ("a. b, c: d\r\ne", nil, 70, "e080318084014a0118"),
        ("1234567890.,123", nil, 65, "f1a2b3c4d596e1a28"),
        ("Hello World!", nil, 75, "4f0cd6c03cc426d280c"),
        ("@\\^_`|~ mixed", nil, 75, "ed2b6be33a0f1cac98a"),
        ("ABC", 3, 32, "000a8864"),
        ("12. 34, 56: 78", nil, 62, "f1a68ab60bc01668"),
        ("aB1!aB1!", nil, 73, "f958508c485847e3030"),
    ]

    /// 72 bytes, mostly above 0x7F, with "ab" in the middle: binary shifts past 62 bytes and back.
    static let binaryText: [UInt8] = {
        var text = (0..<70).map { UInt8(($0 * 37 + 128) & 0xFF) }
        text.insert(contentsOf: Array("ab".utf8), at: 35)
        return text
    }()
    static let binaryBitCount = 596
    static let binaryHex = [
        "f8013c052e5778a1caf41d466f90b9e30c355e87a8d1fb244d769fc0ea133c658eb7d9022b530b147da6cff11a436c95bee0",
        "09325b84add6f8214a739cc5ef1039628bb4de0728517d79a",
    ].joined()

    @Test func recordedVectorsAreReproduced() {
        for (text, eci, bitCount, hex) in Self.vectors {
            let bits = AztecHighLevelEncoder.encode(Array(text.utf8), eci: eci)
            #expect(bits.count == bitCount && Self.hex(bits) == hex, "\(text) ECI \(eci.map(String.init) ?? "none")")
        }
        let bits = AztecHighLevelEncoder.encode(Self.binaryText, eci: nil)
        #expect(bits.count == Self.binaryBitCount && Self.hex(bits) == Self.binaryHex)
    }

    /// Bits (0 or 1 each) as hexadecimal, four to a digit, the last digit padded with zeros.
    static func hex(_ bits: [UInt8]) -> String {
        let digits = Array("0123456789abcdef")
        return String(
            stride(from: 0, to: bits.count, by: 4).map { start in
                digits[(start..<(start + 4)).reduce(0) { $0 << 1 | ($1 < bits.count ? Int(bits[$1]) : 0) }]
            })
    }

    @Test func randomPayloadsGiveTheRecordedDigest() {
        var random = SeededRandom(seed: 26)
        // 64-bit FNV-1a over each payload's bit count (its low byte) and bits.
        var digest: UInt64 = 0xCBF2_9CE4_8422_2325
        var totalBits = 0
        for _ in 0..<4000 {
            let (text, eci) = Self.randomPayload(&random)
            let bits = AztecHighLevelEncoder.encode(text, eci: eci)
            totalBits += bits.count
            for value in [UInt8(truncatingIfNeeded: bits.count)] + bits {
                digest = (digest ^ UInt64(value)) &* 0x0000_0100_0000_01B3
            }
        }
        #expect(totalBits == 769_672, "seed \(random.seed)")
        #expect(digest == 5_883_393_507_385_693_901, "seed \(random.seed)")
    }

    /// A payload of 0 to 40 bytes (one in 20: 0 to 300) drawn from an alphabet chosen per payload,
    /// so runs of one mode, switches between modes and long binary runs all occur.
    static func randomPayload(_ random: inout SeededRandom) -> ([UInt8], Int?) {
        let alphabets: [[UInt8]] = [
            Array("ABCDEFGHIJKLMNOPQRSTUVWXYZ abcdefghijklmnopqrstuvwxyz0123456789".utf8),
            Array("MEMBER-12345678 Gold Tier., :\r\n".utf8),
            Array("0123456789., ".utf8),
            Array("!\"#$%&'()*+,-./:;<=>?[]{}\r\n .a1".utf8),
            Array("@\\^_`|~\u{7F}\u{1B}\t aA1.".utf8),
            (0...255).map(UInt8.init),
            Array("éüß€ ABC abc 123".utf8),
        ]
        let alphabet = alphabets[Int(random.next() % UInt64(alphabets.count))]
        let length = random.next() % 20 == 0 ? Int(random.next() % 301) : Int(random.next() % 41)
        let text = (0..<length).map { _ in alphabet[Int(random.next() % UInt64(alphabet.count))] }
        let eci: Int? = random.next() % 8 == 0 ? [3, 26, 899, 123_456][Int(random.next() % 4)] : nil
        return (text, eci)
    }
}
