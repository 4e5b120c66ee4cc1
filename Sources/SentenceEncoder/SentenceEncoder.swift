import Dispatch

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// all-MiniLM-L6-v2, the sentence encoder: text in, a unit vector of 384 floats out, close to
/// another where the two texts mean much the same. Reads the model file once; computing is
/// synchronous and takes the CPU (milliseconds for a query, seconds for many texts), so
/// callers keep it off actors that must stay responsive.
package struct SentenceEncoder: Sendable {
    package static let dimensions = 384
    /// How many tokens a batch packs into one set of matrix products.
    static let batchTokens = 1024

    private let tokenizer: WordPieceTokenizer
    private let encoder: BertEncoder
    private let file: URL

    /// Names the model and its quantisation, with a digest of its weights: vectors made by
    /// another identity are not comparable. The products the weights take do not enter it:
    /// their vectors differ less than
    /// the quantisation's own error (`WeightForm`).
    package let identity: String

    package init(contentsOf file: URL) throws(ModelFileError) {
        try self.init(contentsOf: file, products: .fastest, weights: .fastest)
    }

    init(contentsOf file: URL, products: MatrixProducts, weights: WeightForm) throws(ModelFileError) {
        let model = try ModelFile(contentsOf: file, weights: weights)
        guard
            let tokenizer = WordPieceTokenizer(
                vocabulary: model.vocabulary, longestSequence: model.shape.longestSequence)
        else {
            throw ModelFileError(file: file, problem: "has no [UNK], [CLS] or [SEP] token in its vocabulary")
        }
        self.tokenizer = tokenizer
        self.file = file
        encoder = BertEncoder(model: model, products: products)
        identity = "\(model.name) int8 \(model.digest)"
    }

    /// Checks the model's weights against the digest its header holds, reading every byte of
    /// them (a moment's work): to be done before vectors are kept, which a damaged model would
    /// spoil under the real model's identity.
    package func verifyWeights() throws(ModelFileError) {
        do {
            try encoder.model.verifyDigest()
        } catch {
            throw ModelFileError(file: file, problem: error.description)
        }
    }

    /// The token ids `text` is encoded as, `[CLS]` and `[SEP]` included.
    func tokens(_ text: String) -> [Int32] {
        tokenizer.tokenize(text)
    }

    /// The L2-normalised vector of `text`.
    func embed(_ text: String) -> [Float] {
        encoder.encode([tokenizer.tokenize(text)])[0]
    }

    /// The vectors of `texts`, in order: as `embed(_:)` gives them one by one, in less time.
    /// Batches of texts are encoded on as many threads as there are processors.
    package func embed(_ texts: [String]) -> [[Float]] {
        var batches: [[[Int32]]] = []
        var batchSize = 0
        for text in texts {
            let tokens = tokenizer.tokenize(text)
            if batches.isEmpty || batchSize + tokens.count > Self.batchTokens {
                batches.append([])
                batchSize = 0
            }
            batches[batches.count - 1].append(tokens)
            batchSize += tokens.count
        }
        let encoder = encoder
        let sequences = batches
        let results = Results(count: batches.count)
        DispatchQueue.concurrentPerform(iterations: batches.count) { index in
            results.store(encoder.encode(sequences[index]), at: index)
        }
        return results.vectors
    }
}

/// Each batch's vectors, stored by the thread that computed them.
private final class Results: @unchecked Sendable {
    // @unchecked Sendable: each thread writes its own slot, and `vectors` is read once they
    // all have finished.
    private let slots: UnsafeMutableBufferPointer<[[Float]]>

    init(count: Int) {
        slots = .allocate(capacity: count)
        slots.initialize(repeating: [])
    }

    deinit {
        _ = slots.deinitialize()
        slots.deallocate()
    }

    func store(_ batch: [[Float]], at index: Int) {
        slots[index] = batch
    }

    /// The vectors of every batch, in order.
    var vectors: [[Float]] { slots.flatMap { $0 } }
}
