import SentenceEncoder

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The vectors of the index by meaning that one model made, in comic number order (a comic has
/// one for each of its texts), and the comics nearest a query's.
struct MeaningVectors: Sendable {
    /// How many numbers a vector has.
    static let dimensions = SentenceEncoder.dimensions

    /// The model that made them.
    let model: String
    /// The store's revision of the index when they were read.
    let revision: String?
    /// Each vector's comic.
    let nums: [Int]
    /// The vectors one after another, ``dimensions`` numbers each.
    let values: [Float]

    var isEmpty: Bool { nums.isEmpty }

    /// The `count` comics nearest `query` (of unit length, as the vectors are), each as near as
    /// the nearest of its vectors, nearest first, with that cosine similarity; equal ones in
    /// number order.
    func nearest(to query: [Float], count: Int) -> [(num: Int, similarity: Float)] {
        precondition(query.count == Self.dimensions)
        var scored: [(num: Int, similarity: Float)] = []
        scored.reserveCapacity(nums.count)
        values.withUnsafeBufferPointer { values in
            query.withUnsafeBufferPointer { query in
                for (row, num) in nums.enumerated() {
                    let base = row * Self.dimensions
                    var sum: Float = 0
                    for index in 0..<Self.dimensions { sum += values[base + index] * query[index] }
                    // A comic's vectors are next to each other.
                    if let last = scored.last, last.num == num {
                        scored[scored.count - 1].similarity = max(last.similarity, sum)
                    } else {
                        scored.append((num, sum))
                    }
                }
            }
        }
        scored.sort { ($0.similarity, $1.num) > ($1.similarity, $0.num) }
        return Array(scored.prefix(count))
    }

    /// Whether `vector` can stand for a text: all its numbers finite, and not all zero (what a
    /// damaged model gives, and its cosine with anything is nothing).
    static func isUsable(_ vector: [Float]) -> Bool {
        vector.count == dimensions && vector.allSatisfy(\.isFinite) && vector.contains { $0 != 0 }
    }

    /// How many bytes a vector takes as stored: its scale, then a byte for each number.
    static let storedSize = MemoryLayout<Float32>.size + dimensions

    /// `vector` as stored, compactly: a scale (a `Float32`'s bits, little-endian), then each
    /// number divided by the scale and rounded, as a signed byte; the scale makes the largest
    /// magnitude 127. Cosines between vectors so stored move by about a thousandth.
    static func bytes(_ vector: [Float]) -> [UInt8] {
        let largest = vector.lazy.map(abs).max() ?? 0
        let scale = largest > 0 && largest.isFinite ? largest / 127 : 1
        var bytes: [UInt8] = []
        bytes.reserveCapacity(MemoryLayout<Float32>.size + vector.count)
        let bits = scale.bitPattern.littleEndian
        for shift in stride(from: 0, to: 32, by: 8) { bytes.append(UInt8(truncatingIfNeeded: bits >> shift)) }
        for value in vector {
            let step = (value / scale).rounded()
            bytes.append(UInt8(bitPattern: Int8(step.isFinite ? min(max(step, -127), 127) : 0)))
        }
        return bytes
    }

    /// Appends the vector stored as `bytes` (by ``bytes(_:)``) to `values`, at unit length;
    /// false, with nothing appended, when `bytes` is not one vector's ``storedSize`` or the
    /// vector is not ``isUsable(_:)``.
    static func append(_ bytes: UnsafeRawBufferPointer, to values: inout [Float]) -> Bool {
        guard bytes.count == storedSize else { return false }
        let scale = Float(bitPattern: UInt32(littleEndian: bytes.loadUnaligned(as: UInt32.self)))
        var squares: Float = 0
        for index in 0..<dimensions {
            let value = Float(Int8(bitPattern: bytes[4 + index])) * scale
            squares += value * value
        }
        guard squares > 0, squares.isFinite else { return false }
        // The rounding moved the length a little off 1, and cosines are dot products.
        let inverse = 1 / squares.squareRoot()
        let start = values.count
        for index in 0..<dimensions { values.append(Float(Int8(bitPattern: bytes[4 + index])) * scale) }
        for index in start..<values.count { values[index] *= inverse }
        return true
    }
}
