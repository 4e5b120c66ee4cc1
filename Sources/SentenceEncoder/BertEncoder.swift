import CEncoderKernels

/// BERT's forward pass over token sequences, then mean pooling and L2 normalisation, as
/// sentence-transformers runs all-MiniLM-L6-v2. The sequences of a batch are packed one after
/// another (no padding): the matrix products take all their tokens at once, attention is
/// computed within each sequence.
struct BertEncoder: Sendable {
    let model: ModelFile
    let products: MatrixProducts

    /// The sentence vector of each sequence of token ids (`[CLS]` and `[SEP]` included, none
    /// longer than the model's positions).
    func encode(_ sequences: [[Int32]]) -> [[Float]] {
        let shape = model.shape
        let hidden = shape.hidden
        var spans: [(offset: Int, length: Int)] = []
        var total = 0
        for sequence in sequences {
            spans.append((total, sequence.count))
            total += sequence.count
        }
        let longest = spans.map(\.length).max() ?? 0
        guard total > 0 else { return sequences.map { _ in [Float](repeating: 0, count: hidden) } }

        let x = Buffer(total * hidden)
        let qkv = Buffer(total * 3 * hidden)
        let context = Buffer(total * hidden)
        let up = Buffer(total * shape.intermediate)
        let scores = Buffer(longest * longest)
        defer { for buffer in [x, qkv, context, up, scores] { buffer.pointer.deallocate() } }

        model.positionEmbeddings.withUnsafeBufferPointer { positions in
            for (span, sequence) in zip(spans, sequences) {
                for (position, id) in sequence.enumerated() {
                    let row = x.pointer + (span.offset + position) * hidden
                    model.wordEmbeddings.row(Int(id), adding: positions.baseAddress! + position * hidden, into: row)
                }
            }
        }
        Kernels.layerNorm(x.pointer, rows: total, width: hidden, model.embeddingNorm)

        for layer in model.layers {
            attend(layer, x: x.pointer, qkv: qkv.pointer, context: context.pointer, scores: scores.pointer, spans)
            feedForward(layer, x: x.pointer, up: up.pointer, rows: total)
        }

        return spans.map { span in
            var vector = [Float](repeating: 0, count: hidden)
            for row in span.offset..<span.offset + span.length {
                for column in 0..<hidden { vector[column] += x.pointer[row * hidden + column] }
            }
            let norm = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
            return norm > 0 ? vector.map { $0 / norm } : vector
        }
    }

    private func attend(
        _ layer: EncoderLayer, x: UnsafeMutablePointer<Float>, qkv: UnsafeMutablePointer<Float>,
        context: UnsafeMutablePointer<Float>, scores: UnsafeMutablePointer<Float>,
        _ spans: [(offset: Int, length: Int)]
    ) {
        let hidden = model.shape.hidden
        let rows = spans.reduce(0) { $0 + $1.length }
        let headWidth = hidden / model.shape.heads
        let scale = 1 / Float(headWidth).squareRoot()
        layer.attention.multiply(x, count: rows, into: qkv, ldc: 3 * hidden, products: products)
        Kernels.addBias(layer.attentionBias, to: qkv, rows: rows)
        for span in spans {
            for head in 0..<model.shape.heads {
                let query = qkv + span.offset * 3 * hidden + head * headWidth
                products.multiply(
                    m: span.length, n: span.length, k: headWidth, a: query, lda: 3 * hidden, b: query + hidden,
                    ldb: 3 * hidden, transposedB: true, c: scores, ldc: span.length)
                encoder_softmax(scores, Int32(span.length), Int32(span.length), scale)
                products.multiply(
                    m: span.length, n: headWidth, k: span.length, a: scores, lda: span.length,
                    b: query + 2 * hidden, ldb: 3 * hidden, transposedB: false,
                    c: context + span.offset * hidden + head * headWidth, ldc: hidden)
            }
        }
        layer.output.multiply(context, count: rows, beta: 1, into: x, ldc: hidden, products: products)
        Kernels.addBias(layer.outputBias, to: x, rows: rows)
        Kernels.layerNorm(x, rows: rows, width: hidden, layer.attentionNorm)
    }

    private func feedForward(
        _ layer: EncoderLayer, x: UnsafeMutablePointer<Float>, up: UnsafeMutablePointer<Float>, rows: Int
    ) {
        let hidden = model.shape.hidden
        let intermediate = model.shape.intermediate
        layer.up.multiply(x, count: rows, into: up, ldc: intermediate, products: products)
        Kernels.addBias(layer.upBias, to: up, rows: rows)
        encoder_gelu(up, rows * intermediate)
        layer.down.multiply(up, count: rows, beta: 1, into: x, ldc: hidden, products: products)
        Kernels.addBias(layer.downBias, to: x, rows: rows)
        Kernels.layerNorm(x, rows: rows, width: hidden, layer.outputNorm)
    }
}

/// Scratch memory for one batch, freed by its user.
private struct Buffer {
    let pointer: UnsafeMutablePointer<Float>

    init(_ count: Int) {
        pointer = .allocate(capacity: max(count, 1))
        pointer.initialize(repeating: 0, count: max(count, 1))
    }
}
