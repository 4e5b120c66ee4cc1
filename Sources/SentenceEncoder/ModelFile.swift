import CEncoderKernels

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The model file scripts/make-model.py writes (its docstring gives the layout): a header
/// with the model's shape, name and digest, the WordPiece vocabulary, then the tensors, int8
/// with one scale per row for matrices and fp32 for vectors, all little-endian.
struct ModelFile: Sendable {
    static let magic: [UInt8] = Array("XKCDSENC".utf8)
    static let version: UInt32 = 1
    static let headerSize = 88

    struct Shape: Equatable, Sendable {
        var vocabulary: Int
        var hidden: Int
        var layers: Int
        var heads: Int
        var intermediate: Int
        var positions: Int
        var longestSequence: Int
    }

    let shape: Shape
    let name: String
    let digest: String
    let vocabulary: [String]
    let wordEmbeddings: QuantizedMatrix
    /// Position embeddings with the token-type embedding of type 0 added, positions × hidden.
    let positionEmbeddings: [Float]
    let embeddingNorm: LayerNormWeights
    let layers: [EncoderLayer]
    /// The form the layers' weights took.
    let weightForm: WeightForm
    private let file: MappedMemory

    /// The model in `file`, its layers' weights in `form` where their shapes allow.
    init(contentsOf file: URL, weights form: WeightForm) throws(ModelFileError) {
        let mapped: MappedMemory
        do {
            mapped = try MappedMemory(path: file.path)
        } catch {
            throw ModelFileError(file: file, problem: "cannot be read (\(error.description))")
        }
        do {
            try self.init(mapped, weights: form)
        } catch let problem {
            throw ModelFileError(file: file, problem: problem.description)
        }
    }

    private init(_ file: MappedMemory, weights form: WeightForm) throws(ModelFileProblem) {
        self.file = file
        let bytes = file.bytes
        var reader = ByteReader(file: file)
        guard bytes.count >= Self.headerSize else { throw .truncated(bytes.count) }
        guard bytes.prefix(Self.magic.count).elementsEqual(Self.magic) else { throw .notAModelFile }
        reader.offset = Self.magic.count
        let version = try reader.uint32()
        guard version == Self.version else { throw .version(version) }
        var fields: [Int] = []
        for _ in 0..<7 { fields.append(Int(try reader.uint32())) }
        shape = Shape(
            vocabulary: fields[0], hidden: fields[1], layers: fields[2], heads: fields[3], intermediate: fields[4],
            positions: fields[5], longestSequence: fields[6])
        name = try reader.text(32)
        digest = try reader.text(16)
        guard shape.hidden == SentenceEncoder.dimensions, shape.heads > 0, shape.hidden % shape.heads == 0,
            shape.vocabulary > 0, shape.layers > 0, shape.layers <= 64, shape.intermediate > 0,
            shape.intermediate <= 16 * shape.hidden, shape.longestSequence >= 3,
            shape.longestSequence <= shape.positions, shape.positions <= 8192,
            shape.vocabulary <= 1 << 20
        else { throw .shape(shape) }

        let vocabularyBytes = Int(try reader.uint32())
        let tokens = try reader.bytes(vocabularyBytes).split(
            separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false)
        guard tokens.count == shape.vocabulary + 1, tokens.last?.isEmpty == true else {
            throw .vocabulary(expected: shape.vocabulary)
        }
        vocabulary = tokens.dropLast().map { String(decoding: $0, as: UTF8.self) }
        try reader.align()

        let hidden = shape.hidden
        wordEmbeddings = try reader.quantizedMatrix(rows: shape.vocabulary, columns: hidden)
        positionEmbeddings = try reader.quantizedMatrix(rows: shape.positions, columns: hidden).dequantized()
        embeddingNorm = LayerNormWeights(gamma: try reader.floats(hidden), beta: try reader.floats(hidden))
        var read: [(matrices: [QuantizedMatrix], vectors: [[Float]])] = []
        for _ in 0..<shape.layers {
            var matrices: [QuantizedMatrix] = []
            var vectors: [[Float]] = []
            for _ in 0..<4 {
                matrices.append(try reader.quantizedMatrix(rows: hidden, columns: hidden))
                vectors.append(try reader.floats(hidden))
            }
            vectors += [try reader.floats(hidden), try reader.floats(hidden)]
            matrices.append(try reader.quantizedMatrix(rows: shape.intermediate, columns: hidden))
            vectors.append(try reader.floats(shape.intermediate))
            matrices.append(try reader.quantizedMatrix(rows: hidden, columns: shape.intermediate))
            vectors += [try reader.floats(hidden), try reader.floats(hidden), try reader.floats(hidden)]
            read.append((matrices, vectors))
        }
        // Every layer's matrices in one mapping: query, key and value one above the other, as
        // the attention's input projection; output, up, down.
        let stacks = read.flatMap { layer in
            [Array(layer.matrices[0..<3]), [layer.matrices[3]], [layer.matrices[4]], [layer.matrices[5]]]
        }
        let fits = stacks.joined().allSatisfy { WeightMatrix.bytesFit(rows: $0.rows, columns: $0.columns) }
        weightForm = form == .bytes && fits ? .bytes : .floats
        let weights = WeightMatrix.prepare(stacks, as: weightForm)
        let layers = read.enumerated().map { index, layer in
            let matrix = { weights[index * 4 + $0] }
            let vectors = layer.vectors
            return EncoderLayer(
                attention: matrix(0), attentionBias: vectors[0] + vectors[1] + vectors[2], output: matrix(1),
                outputBias: vectors[3], attentionNorm: LayerNormWeights(gamma: vectors[4], beta: vectors[5]),
                up: matrix(2), upBias: vectors[6], down: matrix(3), downBias: vectors[7],
                outputNorm: LayerNormWeights(gamma: vectors[8], beta: vectors[9]))
        }
        self.layers = layers
        guard reader.offset == bytes.count else { throw .trailing(bytes.count - reader.offset) }
    }
}

extension ModelFile {
    /// Checks that everything after the header is what the header's digest (the first 16 hex
    /// digits of its SHA-256) was made from: weights damaged anywhere would give vectors that
    /// look like any others yet mean nothing.
    func verifyDigest() throws(ModelFileProblem) {
        var hash = [UInt8](repeating: 0, count: 32)
        let body = file.bytes[Self.headerSize...]
        encoder_sha256(file.bytes.baseAddress! + Self.headerSize, body.count, &hash)
        let found = hash.prefix(8).map { byte in
            let hex = String(byte, radix: 16)
            return byte < 16 ? "0" + hex : hex
        }.joined()
        guard found == digest else { throw .digest(expected: digest, found: found) }
    }
}

/// Why a model file cannot be used, naming the file.
package struct ModelFileError: Error, CustomStringConvertible, Equatable {
    let file: URL
    let problem: String

    package var description: String { "the model file \(file.path) \(problem)" }
}

enum ModelFileProblem: Error, CustomStringConvertible, Equatable {
    case truncated(Int)
    case notAModelFile
    case version(UInt32)
    case shape(ModelFile.Shape)
    case vocabulary(expected: Int)
    case trailing(Int)
    case notANumber(at: Int)
    case digest(expected: String, found: String)

    var description: String {
        switch self {
        case .truncated(let size): "is truncated (it ends after \(size) bytes)"
        case .notAModelFile: "is not a sentence encoder model (its first bytes are not \"XKCDSENC\")"
        case .version(let version): "has version \(version); this program reads version \(ModelFile.version)"
        case .shape(let shape):
            "has a shape this program cannot run (\(shape.hidden) wide, \(shape.heads) heads, \(shape.layers) layers)"
        case .vocabulary(let expected): "does not hold the \(expected) tokens its header announces"
        case .trailing(let count): "has \(count) bytes past its end"
        case .notANumber(let offset): "is damaged: the weight at byte \(offset) is not a finite number"
        case .digest(let expected, let found):
            "is damaged: its weights' digest is \(found), where its header says \(expected)"
        }
    }
}

/// An int8 matrix with one scale per row, in the model file: element (r, c) is
/// `values[r × columns + c] × scales[r]`.
struct QuantizedMatrix: Sendable {
    let rows: Int
    let columns: Int
    private let file: MappedMemory
    private let scalesOffset: Int
    private let valuesOffset: Int

    init(rows: Int, columns: Int, in file: MappedMemory, at offset: Int) {
        self.rows = rows
        self.columns = columns
        self.file = file
        scalesOffset = offset
        valuesOffset = offset + rows * 4
    }

    /// Writes row `row`, plus `addend` (`columns` floats) where there is one, into `destination`.
    func row(_ row: Int, adding addend: UnsafePointer<Float>? = nil, into destination: UnsafeMutablePointer<Float>) {
        let scale = file.float(at: scalesOffset + row * 4)
        let values = file.bytes.baseAddress!.advanced(by: valuesOffset + row * columns)
            .assumingMemoryBound(to: Int8.self)
        if let addend {
            for column in 0..<columns { destination[column] = Float(values[column]) * scale + addend[column] }
        } else {
            for column in 0..<columns { destination[column] = Float(values[column]) * scale }
        }
    }

    var count: Int { rows * columns }

    /// Row `row`'s scale.
    func scale(_ row: Int) -> Float {
        file.float(at: scalesOffset + row * 4)
    }

    /// Calls `body` with the values, row after row.
    func withValues<T>(_ body: (UnsafePointer<Int8>) -> T) -> T {
        body(file.bytes.baseAddress!.advanced(by: valuesOffset).assumingMemoryBound(to: Int8.self))
    }

    func dequantized() -> [Float] {
        [Float](unsafeUninitializedCapacity: count) { buffer, initialized in
            dequantize(into: buffer.baseAddress!)
            initialized = count
        }
    }

    func dequantize(into destination: UnsafeMutablePointer<Float>) {
        for row in 0..<rows { self.row(row, into: destination + row * columns) }
    }
}

struct LayerNormWeights: Sendable {
    let gamma: [Float]
    let beta: [Float]
}

/// One transformer layer's weights.
struct EncoderLayer: Sendable {
    /// The query, key and value projections one above the other: 3 × hidden rows.
    let attention: WeightMatrix
    let attentionBias: [Float]
    let output: WeightMatrix
    let outputBias: [Float]
    let attentionNorm: LayerNormWeights
    let up: WeightMatrix
    let upBias: [Float]
    let down: WeightMatrix
    let downBias: [Float]
    let outputNorm: LayerNormWeights
}

private struct ByteReader {
    let file: MappedMemory
    var offset = 0

    mutating func bytes(_ count: Int) throws(ModelFileProblem) -> UnsafeRawBufferPointer.SubSequence {
        guard count >= 0, count <= file.bytes.count - offset else { throw .truncated(file.bytes.count) }
        defer { offset += count }
        return file.bytes[offset..<offset + count]
    }

    mutating func uint32() throws(ModelFileProblem) -> UInt32 {
        try bytes(4).reversed().reduce(0) { $0 << 8 | UInt32($1) }
    }

    mutating func text(_ count: Int) throws(ModelFileProblem) -> String {
        String(decoding: try bytes(count).prefix { $0 != 0 }, as: UTF8.self)
    }

    mutating func align() throws(ModelFileProblem) {
        _ = try bytes((4 - offset % 4) % 4)
    }

    mutating func floats(_ count: Int) throws(ModelFileProblem) -> [Float] {
        let start = offset
        _ = try bytes(count * 4)
        let values = (0..<count).map { file.float(at: start + $0 * 4) }
        if let bad = values.firstIndex(where: { !$0.isFinite }) { throw .notANumber(at: start + bad * 4) }
        return values
    }

    mutating func quantizedMatrix(rows: Int, columns: Int) throws(ModelFileProblem) -> QuantizedMatrix {
        let start = offset
        _ = try floats(rows)
        _ = try bytes(rows * columns)
        try align()
        return QuantizedMatrix(rows: rows, columns: columns, in: file, at: start)
    }
}
