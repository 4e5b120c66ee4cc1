import CEncoderKernels
import Foundation
import Testing

@testable import SentenceEncoder

/// The encoder against the real model (all-MiniLM-L6-v2 as scripts/make-model.py converts it,
/// named by `XKCD_TEST_MODEL`, which `make test` sets), and the tokens of huggingface's
/// `tokenizers` and the fp32 model's vectors for the 50 sentences of
/// Fixtures/encoder/references.json (a numpy forward pass over the model's safetensors, within
/// a cosine of 0.995 of ONNX Runtime running the int8 export; scripts/make-encoder-references.py).
struct SentenceEncoderReferenceTests {
    static let model = ProcessInfo.processInfo.environment["XKCD_TEST_MODEL"] ?? ""
    static let skip: Comment = "XKCD_TEST_MODEL is unset: make test builds the model file and names it"

    struct References: Decodable {
        struct Sentence: Decodable {
            var text: String
            var ids: [Int32]
            var vector: [Float]
        }
        var sentences: [Sentence]
    }

    static func references() throws -> References {
        let file = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Fixtures/encoder/references.json")
        return try JSONDecoder().decode(References.self, from: Data(contentsOf: file))
    }

    static func encoder(_ weights: WeightForm = .fastest) throws -> SentenceEncoder {
        try #require(
            FileManager.default.fileExists(atPath: model),
            "XKCD_TEST_MODEL names \(model), which does not exist (make model builds it)")
        return try SentenceEncoder(contentsOf: URL(fileURLWithPath: model), products: .fastest, weights: weights)
    }

    static let forms = WeightForm.allCases.filter(\.isAvailable)

    @Test(.enabled(if: !model.isEmpty, skip))
    func tokensAreTheTokenizersLibrarys() throws {
        let encoder = try Self.encoder()
        let sentences = try Self.references().sentences
        #expect(sentences.count == 50)
        for sentence in sentences {
            #expect(encoder.tokens(sentence.text) == sentence.ids, "\(sentence.text)")
        }
    }

    @Test(.enabled(if: !model.isEmpty, skip), arguments: forms)
    func vectorsAreThePythonModelsWithinQuantisation(weights: WeightForm) throws {
        let encoder = try Self.encoder(weights)
        let sentences = try Self.references().sentences
        let vectors = encoder.embed(sentences.map(\.text))
        try #require(sentences.count == 50 && vectors.count == 50)
        let cosines = zip(vectors, sentences).map { vector, sentence in cosine(vector, sentence.vector) }
        for (cosine, sentence) in zip(cosines, sentences) {
            #expect(cosine >= 0.99, "\(sentence.text)")
        }
        print(
            "encoder (\(weights)): cosine with the references: min \(cosines.min()!), mean \(cosines.reduce(0, +) / 50)"
        )
    }

    @Test(
        .enabled(if: !model.isEmpty, skip),
        .enabled(if: WeightForm.bytes.isAvailable, "this processor has no byte products (AVX-512 VNNI)"))
    func weightsAsBytesGiveTheVectorsOfFloats() throws {
        let texts = try Self.references().sentences.map(\.text)
        let floats = try Self.encoder(.floats).embed(texts)
        let bytes = try Self.encoder(.bytes).embed(texts)
        let cosines = zip(floats, bytes).map { cosine($0, $1) }
        for (text, cosine) in zip(texts, cosines) {
            #expect(cosine >= 0.993, "\(text)")
        }
        let mean = cosines.reduce(0, +) / Float(cosines.count)
        #expect(mean >= 0.998)
        print("encoder: cosine of bytes with floats: min \(cosines.min()!), mean \(mean)")
    }

    @Test(.enabled(if: !model.isEmpty, skip), arguments: forms)
    func aBatchGivesTheVectorsOfOneByOne(weights: WeightForm) throws {
        let encoder = try Self.encoder(weights)
        let texts = try Self.references().sentences.map(\.text)
        for (batched, text) in zip(encoder.embed(texts), texts) {
            let alone = encoder.embed(text)
            #expect(batched.count == SentenceEncoder.dimensions)
            #expect(zip(batched, alone).allSatisfy { abs($0 - $1) < 1e-5 }, "\(text)")
        }
    }

    @Test(.enabled(if: !model.isEmpty, skip))
    func identityNamesTheModelAndItsWeights() throws {
        let identity = try Self.encoder().identity
        #expect(identity.hasPrefix("all-MiniLM-L6-v2 int8 "))
        #expect(identity.split(separator: " ").last?.count == 16)
    }
}

/// The file reader, the tokenizer's steps, the kernels and the matrix products, on a tiny model
/// of the real one's layout.
struct SentenceEncoderUnitTests {
    private func withTinyModel<T>(
        seed: UInt64 = 1, products: MatrixProducts = .fastest, weights: WeightForm = .fastest,
        _ body: (SentenceEncoder) throws -> T
    ) throws -> T {
        let file = try TinyModel(seed: seed).write()
        defer { try? FileManager.default.removeItem(at: file) }
        return try body(try SentenceEncoder(contentsOf: file, products: products, weights: weights))
    }

    private func loadError(of bytes: [UInt8]) throws -> (file: URL, error: ModelFileError?) {
        let file = try TinyModel(seed: 1).write(bytes)
        defer { try? FileManager.default.removeItem(at: file) }
        do {
            _ = try SentenceEncoder(contentsOf: file)
            return (file, nil)
        } catch {
            return (file, error)
        }
    }

    @Test func aWholeTinyModelLoads() throws {
        try withTinyModel { encoder in
            #expect(encoder.identity == "tiny int8 0123456789abcdef")
            let vector = encoder.embed("the cats sat")
            #expect(vector.count == SentenceEncoder.dimensions)
            #expect(abs(vector.reduce(0) { $0 + $1 * $1 } - 1) < 1e-4)
        }
    }

    @Test func aTruncatedFileIsRefusedByName() throws {
        let bytes = TinyModel(seed: 1).bytes
        for length in [0, 10, ModelFile.headerSize, bytes.count / 2, bytes.count - 1] {
            let (file, error) = try loadError(of: Array(bytes.prefix(length)))
            let refused = try #require(error, "\(length) bytes")
            #expect(refused.file == file)
            #expect(refused.description.contains(file.path))
            #expect(refused.description.contains("truncated"), "\(refused)")
        }
        let (_, longer) = try loadError(of: bytes + [0, 0, 0, 0])
        #expect(longer?.problem == "has 4 bytes past its end")
    }

    @Test func aFileOfAnotherKindIsRefusedByName() throws {
        var bytes = TinyModel(seed: 1).bytes
        bytes[0] = UInt8(ascii: "Y")
        let (file, error) = try loadError(of: bytes)
        let refused = try #require(error)
        #expect(refused.description.hasPrefix("the model file \(file.path) is not a sentence encoder model"))

        var version = TinyModel(seed: 1).bytes
        version[8] = 2
        #expect(try loadError(of: version).error?.problem == "has version 2; this program reads version 1")
    }

    @Test func aMissingFileIsRefusedByName() throws {
        let file = URL(fileURLWithPath: "/nonexistent/model.xkcd")
        #expect(throws: ModelFileError.self) { try SentenceEncoder(contentsOf: file) }
        do {
            _ = try SentenceEncoder(contentsOf: file)
        } catch {
            #expect(
                error.description == "the model file /nonexistent/model.xkcd cannot be read (No such file or directory)"
            )
        }
    }

    @Test func sha256IsFIPS180s() {
        func hex(_ bytes: [UInt8]) -> String {
            var digest = [UInt8](repeating: 0, count: 32)
            encoder_sha256(bytes, bytes.count, &digest)
            return digest.map { String(format: "%02x", $0) }.joined()
        }
        // FIPS 180-4's examples, and messages whose padding takes one block and two.
        #expect(hex([]) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(hex(Array("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(
            hex(Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8))
                == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
        #expect(
            hex([UInt8](repeating: UInt8(ascii: "a"), count: 1_000_000))
                == "cdc76e5c9914fb9281a1c7e284d73e67f1809a48a497200e046d39ccc7112cd0")
    }

    @Test func weightsDamagedAnywhereAreFoundByTheirDigestAndNaNAsTheFileIsRead() throws {
        // The digest as scripts/make-model.py writes it, by another SHA-256 than the program's.
        var bytes = TinyModel(seed: 1).bytes
        let body = try TinyModel(seed: 1).write(Array(bytes[ModelFile.headerSize...]))
        defer { try? FileManager.default.removeItem(at: body) }
        let sum = Process()
        sum.executableURL = URL(fileURLWithPath: "/usr/bin/sha256sum")
        sum.arguments = [body.path]
        let output = Pipe()
        sum.standardOutput = output
        try sum.run()
        sum.waitUntilExit()
        let digest = String(decoding: output.fileHandleForReading.readDataToEndOfFile().prefix(16), as: UTF8.self)
        bytes.replaceSubrange(72..<88, with: Array(digest.utf8))
        let good = try TinyModel(seed: 1).write(bytes)
        defer { try? FileManager.default.removeItem(at: good) }
        try SentenceEncoder(contentsOf: good).verifyWeights()

        var scrambled = bytes
        scrambled[bytes.count - 700] ^= 0x40
        let damaged = try TinyModel(seed: 1).write(scrambled)
        defer { try? FileManager.default.removeItem(at: damaged) }
        // It loads, as its numbers are numbers; its digest tells.
        let encoder = try SentenceEncoder(contentsOf: damaged)
        #expect(encoder.identity == "tiny int8 \(digest)")
        #expect(throws: ModelFileError.self) { try encoder.verifyWeights() }
        do {
            try encoder.verifyWeights()
        } catch {
            #expect(error.description.hasPrefix("the model file \(damaged.path) is damaged: its weights' digest is "))
            #expect(error.description.hasSuffix(", where its header says \(digest)"))
        }

        // A NaN in a norm's weights, the model's last bytes.
        var notANumber = bytes
        notANumber.replaceSubrange(bytes.count - 4..<bytes.count, with: [0, 0, 0xc0, 0x7f])
        #expect(
            try loadError(of: notANumber).error?.problem
                == "is damaged: the weight at byte \(bytes.count - 4) is not a finite number")
    }

    @Test func identityFollowsTheWeights() throws {
        let first = try TinyModel(seed: 1, digest: "aaaaaaaaaaaaaaaa").write()
        let second = try TinyModel(seed: 2, digest: "bbbbbbbbbbbbbbbb").write()
        defer { for file in [first, second] { try? FileManager.default.removeItem(at: file) } }
        let one = try SentenceEncoder(contentsOf: first)
        let other = try SentenceEncoder(contentsOf: second)
        #expect(one.identity != other.identity)
        #expect(cosine(one.embed("the cat"), other.embed("the cat")) < 0.99)
    }

    @Test func wordPieceSpellsWordsGreedilyFromTheLeft() throws {
        try withTinyModel { encoder in
            // [CLS] the cat ##s sat on the mat . [SEP]
            #expect(encoder.tokens("The CATS sat on the mat.") == [2, 4, 5, 6, 7, 8, 4, 9, 13, 3])
            #expect(encoder.tokens("unbelievable!") == [2, 10, 11, 12, 15, 3])
            // A word it cannot spell, and one longer than 100 scalars, are each one [UNK].
            #expect(encoder.tokens("dog cat") == [2, 1, 5, 3])
            #expect(
                encoder.tokens(String(repeating: "a", count: 100)) == [2, 18] + Array(repeating: 19, count: 13) + [3])
            #expect(encoder.tokens(String(repeating: "a", count: 101)) == [2, 1, 3])
            #expect(encoder.tokens("") == [2, 3])
        }
    }

    @Test func sequencesAreCutToTheLongestTheModelTakes() throws {
        try withTinyModel { encoder in
            let tokens = encoder.tokens(String(repeating: "the cat ", count: 20))
            #expect(tokens.count == TinyModel.shape.longestSequence)
            #expect(tokens.first == 2)
            #expect(tokens.last == 3)
            #expect(tokens.dropFirst().dropLast().allSatisfy { $0 == 4 || $0 == 5 })
        }
    }

    @Test func normalisationIsBertsUncasedOne() {
        func words(_ text: String) -> [String] {
            WordPieceTokenizer.words(text).map { String(String.UnicodeScalarView($0)) }
        }
        #expect(words("Café NAÏVE") == ["cafe", "naive"])
        #expect(words("hello,world!") == ["hello", ",", "world", "!"])
        #expect(words("a$b+c") == ["a", "$", "b", "+", "c"])
        #expect(words("中文abc") == ["中", "文", "abc"])
        #expect(words("한") == ["\u{1112}\u{1161}\u{11AB}"])
        #expect(words("zero\u{200B}width\u{00AD}x\u{0}y\tz") == ["zerowidthxy", "z"])
        #expect(words("İstanbul Ångström") == ["istanbul", "angstrom"])
        #expect(words("e\u{0301}") == ["e"])
        #expect(words("hi😀there") == ["hi😀there"])
    }

    @Test func softmaxAndGELUAgreeWithTheMathLibrary() {
        var random = SeededRandom(seed: 3)
        // Widths on either side of the vector widths, values from far below to far above zero.
        for width in [1, 7, 16, 17, 33, 256] {
            let rows = 3
            let scale: Float = 0.18
            var matrix = (0..<rows * width).map { _ in Float(Int(random.next() % 20_001) - 10_000) / 100 }
            let input = matrix
            encoder_softmax(&matrix, Int32(rows), Int32(width), scale)
            for row in 0..<rows {
                let values = input[row * width..<(row + 1) * width].map(Double.init)
                let largest = values.max()!
                let exps = values.map { Foundation.exp((($0 - largest) * Double(scale))) }
                let sum = exps.reduce(0, +)
                for column in 0..<width {
                    let expected = exps[column] / sum
                    let got = Double(matrix[row * width + column])
                    #expect(abs(got - expected) <= 1e-6 * max(expected, 1e-30) + 1e-12, "\(width) (\(row), \(column))")
                }
            }
        }
        var values = (0..<2001).map { Float($0 - 1000) / 100 } + [-200, 200, 0]
        let input = values
        encoder_gelu(&values, values.count)
        for (x, got) in zip(input, values) {
            let expected = 0.5 * Double(x) * (1 + Foundation.erf(Double(x) / 2.0.squareRoot()))
            #expect(abs(Double(got) - expected) <= 1e-6 * max(1, abs(Double(x))), "gelu(\(x))")
        }
    }

    @Test(.enabled(if: WeightForm.bytes.isAvailable, "this processor has no byte products (AVX-512 VNNI)"))
    func theByteProductIsTheFloatProductWithinTheActivationsRounding() {
        var random = SeededRandom(seed: 5)
        func uniform(_ spread: Float) -> Float { Float(Int(random.next() % 2001) - 1000) / 1000 * spread }
        for (m, n, k) in [(1, 16, 4), (5, 48, 384), (7, 32, 96), (13, 384, 1536), (4, 1152, 384)] {
            let scales = (0..<n).map { _ in 0.0005 + abs(uniform(0.01)) }
            let values = (0..<n * k).map { _ in Int8(Int(random.next() % 255) - 127) }
            let file = MappedMemory(bytes: n * 4 + n * k) { start in
                for row in 0..<n { start.storeBytes(of: scales[row], toByteOffset: row * 4, as: Float.self) }
                for index in values.indices {
                    start.storeBytes(of: values[index], toByteOffset: n * 4 + index, as: Int8.self)
                }
            }
            let quantized = QuantizedMatrix(rows: n, columns: k, in: file, at: 0)
            // One row all zero, one all positive, the rest on both sides of zero.
            let a = (0..<m * k).map { index in
                index / k == 0 ? 0 : index / k == 1 ? abs(uniform(3)) : uniform(Float(1 + index / k))
            }
            for beta: Float in [0, 1] {
                let start = (0..<m * n).map { _ in uniform(1) }
                var results: [[Float]] = []
                for form in [WeightForm.floats, .bytes] {
                    let weights = WeightMatrix.prepare([[quantized]], as: form)[0]
                    var c = start
                    weights.multiply(a, count: m, beta: beta, into: &c, ldc: n, products: .portable)
                    results.append(c)
                    // The same matrix twice, one above the other, as the query, key and value are.
                    let stacked = WeightMatrix.prepare([[quantized, quantized]], as: form)[0]
                    var twice: [Float] = []
                    for i in 0..<m {
                        let row = Array(start[i * n..<(i + 1) * n])
                        twice += row + row
                    }
                    stacked.multiply(a, count: m, beta: beta, into: &twice, ldc: 2 * n, products: .portable)
                    for i in 0..<m {
                        let single: [Float] = Array(c[i * n..<(i + 1) * n])
                        let upper: [Float] = Array(twice[2 * i * n..<(2 * i + 1) * n])
                        let lower: [Float] = Array(twice[(2 * i + 1) * n..<(2 * i + 2) * n])
                        #expect(upper == single)
                        #expect(lower == single)
                    }
                }
                for i in 0..<m {
                    let row = a[i * k..<(i + 1) * k]
                    let step = Double(max(row.max()!, 0) - min(row.min()!, 0)) / 255
                    for j in 0..<n {
                        var exact = Double(beta) * Double(start[i * n + j])
                        var weight = 0.0
                        for p in 0..<k {
                            let w = Double(values[j * k + p]) * Double(scales[j])
                            exact += Double(a[i * k + p]) * w
                            weight += abs(w)
                        }
                        let bound = weight * step / 2 * 1.01 + 1e-4
                        #expect(abs(Double(results[0][i * n + j]) - exact) < 1e-3, "floats \(m)×\(n)×\(k) (\(i), \(j))")
                        #expect(
                            abs(Double(results[1][i * n + j]) - exact) <= bound, "bytes \(m)×\(n)×\(k) (\(i), \(j))")
                    }
                }
            }
        }
    }

    @Test(.enabled(if: MatrixProducts.openBLAS.isAvailable, "OpenBLAS (libopenblas0) is not installed"))
    func theEncoderGivesTheSameVectorsWithEitherProduct() throws {
        let texts = ["the cat sat on the mat", "unbelievable!", "", "中文 cafe naive, the cats"]
        let fast = try withTinyModel(products: .openBLAS, weights: .floats) { $0.embed(texts) }
        let portable = try withTinyModel(products: .portable, weights: .floats) { $0.embed(texts) }
        for (one, other) in zip(fast, portable) {
            #expect(zip(one, other).allSatisfy { abs($0 - $1) < 1e-4 })
        }
    }

    @Test func aBatchGivesTheVectorsOfOneByOne() throws {
        try withTinyModel { encoder in
            let texts = (0..<300).map { "the cat " + String(repeating: "sat on the mat, ", count: $0 % 5) }
            let batched = encoder.embed(texts)
            #expect(batched.count == texts.count)
            for (vector, text) in zip(batched, texts) {
                #expect(zip(vector, encoder.embed(text)).allSatisfy { abs($0 - $1) < 1e-5 }, "\(text)")
            }
            #expect(encoder.embed([String]()).isEmpty)
        }
    }
}

func cosine(_ a: [Float], _ b: [Float]) -> Float {
    var dot: Float = 0
    var aa: Float = 0
    var bb: Float = 0
    for (x, y) in zip(a, b) {
        dot += x * y
        aa += x * x
        bb += y * y
    }
    return dot / (aa.squareRoot() * bb.squareRoot())
}
