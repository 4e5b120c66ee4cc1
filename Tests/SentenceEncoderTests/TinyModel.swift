import Foundation

@testable import SentenceEncoder

/// A model file of the real one's layout and width with a small vocabulary, few layers and
/// random weights (from `seed`), written to a temporary file the caller removes.
struct TinyModel {
    static let vocabulary = [
        "[PAD]", "[UNK]", "[CLS]", "[SEP]", "the", "cat", "##s", "sat", "on", "mat", "un", "##believ", "##able", ".",
        ",", "!", "cafe", "naive", "a", "##a", "中", "文", "ᄒ", "##ᅡ", "##ᆫ",
    ]
    static let shape = ModelFile.Shape(
        vocabulary: vocabulary.count, hidden: 384, layers: 2, heads: 12, intermediate: 96, positions: 24,
        longestSequence: 16)

    let bytes: [UInt8]

    init(seed: UInt64, digest: String = "0123456789abcdef") {
        var random = SeededRandom(seed: seed)
        var bytes = Array("XKCDSENC".utf8)
        let shape = Self.shape
        for field in [
            1, shape.vocabulary, shape.hidden, shape.layers, shape.heads, shape.intermediate, shape.positions,
            shape.longestSequence,
        ] {
            bytes += UInt32(field).littleEndianBytes
        }
        bytes += Self.padded(Array("tiny".utf8), to: 32) + Self.padded(Array(digest.utf8), to: 16)
        let vocabulary = Array(Self.vocabulary.map { $0 + "\n" }.joined().utf8)
        bytes += UInt32(vocabulary.count).littleEndianBytes + vocabulary
        bytes += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)

        func matrix(_ rows: Int, _ columns: Int) {
            for _ in 0..<rows { bytes += Float(0.004).littleEndianBytes }
            for _ in 0..<rows * columns { bytes.append(UInt8(bitPattern: Int8(Int(random.next() % 255) - 127))) }
            bytes += [UInt8](repeating: 0, count: (4 - bytes.count % 4) % 4)
        }
        func vector(_ count: Int, around centre: Float) {
            for _ in 0..<count { bytes += (centre + Float(random.next() % 1000) / 5000 - 0.1).littleEndianBytes }
        }
        let hidden = shape.hidden
        matrix(shape.vocabulary, hidden)
        matrix(shape.positions, hidden)
        vector(hidden, around: 1)
        vector(hidden, around: 0)
        for _ in 0..<shape.layers {
            for _ in 0..<4 {
                matrix(hidden, hidden)
                vector(hidden, around: 0)
            }
            vector(hidden, around: 1)
            vector(hidden, around: 0)
            matrix(shape.intermediate, hidden)
            vector(shape.intermediate, around: 0)
            matrix(hidden, shape.intermediate)
            vector(hidden, around: 0)
            vector(hidden, around: 1)
            vector(hidden, around: 0)
        }
        self.bytes = bytes
    }

    /// Writes `bytes` (by default the model's) to a new temporary file.
    func write(_ bytes: [UInt8]? = nil) throws -> URL {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("tiny-\(UUID().uuidString).xkcd")
        try Data(bytes ?? self.bytes).write(to: file)
        return file
    }

    private static func padded(_ bytes: [UInt8], to count: Int) -> [UInt8] {
        bytes + [UInt8](repeating: 0, count: count - bytes.count)
    }
}

/// SplitMix64: the same numbers from the same seed on every run.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

extension FixedWidthInteger {
    var littleEndianBytes: [UInt8] { withUnsafeBytes(of: littleEndian, Array.init) }
}

extension Float {
    var littleEndianBytes: [UInt8] { bitPattern.littleEndianBytes }
}
