import Foundation
import TestSupport
import Testing

@testable import XKCDKit

/// An encoder that knows a few ideas, each by several words: texts sharing an idea lie close
/// whatever words they use for it. Each call is counted, and `onEmbed` hears it.
final class IdeaEncoder: MeaningEncoder, @unchecked Sendable {
    let identity: String
    private let ideas: [Set<String>]
    private let lock = NSLock()
    private var calls = 0
    private var heard: @Sendable (Int) -> Void = { _ in }

    /// Hears each call's number, from the thread the call runs on.
    var onEmbed: @Sendable (Int) -> Void {
        get { lock.withLock { heard } }
        set { lock.withLock { heard = newValue } }
    }

    init(identity: String = "ideas v1", ideas: [Set<String>] = IdeaEncoder.standard) {
        self.identity = identity
        self.ideas = ideas
    }

    static let standard: [Set<String>] = [
        ["python", "serpent", "snake"],
        ["flying", "fly", "levitate", "floating", "soaring"],
        ["school", "pupil", "classroom"],
        ["database", "records", "table"],
        ["perl", "camel"],
    ]

    var callCount: Int { lock.withLock { calls } }

    func verifyWeights() {}

    func embed(_ texts: [String]) -> [[Float]] {
        let call = lock.withLock {
            calls += 1
            return calls
        }
        onEmbed(call)
        return texts.map(vector)
    }

    private func vector(_ text: String) -> [Float] {
        var vector = [Float](repeating: 0, count: MeaningVectors.dimensions)
        let words = text.lowercased().split { !$0.isLetter }.map(String.init)
        for word in words {
            for (index, idea) in ideas.enumerated() where idea.contains(word) { vector[index] += 1 }
        }
        // Every text has a little of its own, so that none is the zero vector.
        vector[MeaningVectors.dimensions - 1] = 0.05
        let length = vector.reduce(0) { $0 + $1 * $1 }.squareRoot()
        return vector.map { $0 / length }
    }
}

@Suite struct SearchFusionTests {
    // Words hits that each hold every word searched.
    private func whole(_ nums: [Int]) -> [(num: Int, held: Int)] { nums.map { ($0, 2) } }

    @Test func titlesTypedStayFirstThenBothRankingsCount() {
        let fused = SearchFusion.fuse(
            words: whole([7, 1, 2, 3, 4]), searched: 2, pinned: 1, keywords: false, meaning: [9, 3, 8])
        #expect(fused.first == SearchFusion.Entry(num: 7, byWords: true, byMeaning: false))
        #expect(fused[1].num == 3, "found by both outranks either alone: \(fused.map(\.num))")
        #expect(Set(fused.map(\.num)) == [7, 1, 2, 3, 4, 9, 8])
        #expect(fused.first { $0.num == 9 } == SearchFusion.Entry(num: 9, byWords: false, byMeaning: true))
    }

    @Test func aWordsHitHoldingFewOfTheWordsWeighsLittle() {
        // A sentence's words found one or two at a time say less than the nearest in meaning.
        let weak = SearchFusion.fuse(
            words: [(1, 1), (2, 1), (3, 4)], searched: 4, pinned: 0, keywords: false, meaning: [99, 3])
        #expect(weak.map(\.num).prefix(2) == [3, 99], "\(weak.map(\.num))")
        let place = weak.firstIndex { $0.num == 1 }!
        #expect(place == 2)
        // Every word held: the words ranking's best comes before the meaning ranking's.
        let strong = SearchFusion.fuse(words: whole([1]), searched: 2, pinned: 0, keywords: false, meaning: [99])
        #expect(strong.map(\.num) == [99, 1] || strong.map(\.num) == [1, 99])
        #expect(strong[0].num == 99, "the meaning ranking weighs twice a full words hit at the same place")
    }

    @Test func oneOrTwoWordsPutTheComicsHoldingThemAllFirst() {
        // "ball pit": #219 alone holds both words, fourth by words; meaning finds others.
        let words = [(num: 10, held: 1), (11, 1), (12, 1), (219, 2), (13, 1)]
        let fused = SearchFusion.fuse(words: words, searched: 2, pinned: 0, keywords: true, meaning: [150, 152, 13])
        #expect(fused.first == SearchFusion.Entry(num: 219, byWords: true, byMeaning: false), "\(fused.map(\.num))")
        #expect(fused.map(\.num).prefix(3) == [219, 150, 13], "then the fused ranking: \(fused.map(\.num))")
        // A sentence's words held all by one comic do not put it first.
        let sentence = SearchFusion.fuse(words: words, searched: 2, pinned: 0, keywords: false, meaning: [150])
        #expect(sentence.first?.num == 150)
    }

    @Test func onlyComicsNearlyAsCloseAsTheNearestCountAsCloseInMeaning() {
        let nearest: [(num: Int, similarity: Float)] = [(353, 0.62), (1987, 0.54), (2510, 0.49), (196, 0.35)]
        #expect(SearchFusion.close(nearest) == [353, 1987], "80% of 0.62 is 0.496")
        #expect(SearchFusion.close([(1, 0.31), (2, 0.26), (3, 0.24)]) == [1, 2], "at least 0.25")
        #expect(SearchFusion.close([(1, 0.2)]).isEmpty && SearchFusion.close([]).isEmpty)
    }

    @Test func aSentenceWhoseBestWordsHitHoldsFewOfItsWordsGoesByMeaning() {
        // Eight words searched, and no comic holds more than two: the comic 15th nearest in
        // meaning outranks the words ranking's best.
        let meaning = Array(100..<114) + [99]
        let fused = SearchFusion.fuse(
            words: [(1, 2), (2, 1)], searched: 8, pinned: 0, keywords: false, meaning: meaning)
        let places = fused.map(\.num)
        #expect(places.firstIndex(of: 99)! < places.firstIndex(of: 1)!, "\(places)")
        // Both of two words held: the words ranking's best is ahead of that comic.
        let whole = SearchFusion.fuse(
            words: [(1, 2), (2, 1)], searched: 2, pinned: 0, keywords: false, meaning: meaning)
        #expect(whole.map(\.num).firstIndex(of: 1)! < whole.map(\.num).firstIndex(of: 99)!)
    }

    @Test func theRankingIsTheSameWhateverPageIsAskedFor() {
        // More words hits than are fused, some of them near in meaning too: a page of 45 and
        // `more` read 100, and the first is the start of the second.
        let words = (1...120).map { (num: $0, held: $0 % 3 + 1) }
        let meaning = [200, 77, 5, 201, 110, 64]
        let short = SearchFusion.fuse(
            words: Array(words.prefix(60)), searched: 3, pinned: 0, keywords: false, meaning: meaning)
        let long = SearchFusion.fuse(words: words, searched: 3, pinned: 0, keywords: false, meaning: meaning)
        #expect(Array(long.prefix(short.count)) == short)
        #expect(Set(long.map(\.num)).count == long.count, "no comic twice")
        #expect(Set(long.map(\.num)) == Set(words.map(\.num) + meaning))
        #expect(long.first { $0.num == 5 } == SearchFusion.Entry(num: 5, byWords: true, byMeaning: true))
        // Below the fused words hits, a comic near in meaning counts as found by meaning.
        #expect(long.first { $0.num == 77 } == SearchFusion.Entry(num: 77, byWords: false, byMeaning: true))
    }

    @Test func equalScoresGoInNumberOrder() {
        #expect(
            SearchFusion.fuse(words: whole([5]), searched: 2, pinned: 0, keywords: false, meaning: []).map(\.num) == [5]
        )
        #expect(SearchFusion.fuse(words: [], searched: 2, pinned: 0, keywords: false, meaning: []).isEmpty)
        // 1 / (10 + 2) by words and 2 / (10 + 14) by meaning are the same score.
        let meaning = Array(100..<113) + [3]
        let tied = SearchFusion.fuse(words: whole([50, 8]), searched: 2, pinned: 0, keywords: false, meaning: meaning)
        let places = tied.map(\.num)
        #expect(SearchFusion.k == 10 && SearchFusion.meaningWeight == 2)
        #expect(places.firstIndex(of: 3)! + 1 == places.firstIndex(of: 8)!, "the same score: number order")
    }

    @Test func theNearestVectorsComeFirstFromTheirCompactBytes() {
        let dimensions = MeaningVectors.dimensions
        func unit(_ weights: [Int: Float]) -> [Float] {
            var vector = [Float](repeating: 0, count: dimensions)
            for (axis, weight) in weights { vector[axis] = weight }
            let length = vector.map { $0 * $0 }.reduce(0, +).squareRoot()
            return vector.map { $0 / length }
        }
        var values: [Float] = []
        for vector in [unit([0: 1]), unit([1: 1]), unit([0: 1, 1: 1])] {
            let bytes = MeaningVectors.bytes(vector)
            #expect(bytes.count == MeaningVectors.storedSize && bytes.count == 4 + dimensions)
            #expect(bytes.withUnsafeBytes { MeaningVectors.append($0, to: &values) })
        }
        #expect(values.count == 3 * dimensions)
        let vectors = MeaningVectors(model: "m", revision: nil, nums: [10, 20, 30], values: values)
        let nearest = vectors.nearest(to: unit([0: 1]), count: 2)
        #expect(nearest.map(\.num) == [10, 30])
        #expect(abs(nearest[0].similarity - 1) < 1e-5 && abs(nearest[1].similarity - Float(0.5).squareRoot()) < 0.01)
    }

    @Test func aCompactVectorKeepsItsCosinesToAThousandth() {
        var random = SeededRandom(seed: 7)
        func vector() -> [Float] {
            let raw = (0..<MeaningVectors.dimensions).map { _ in Float(random.next() % 2001) / 1000 - 1 }
            let length = raw.map { $0 * $0 }.reduce(0, +).squareRoot()
            return raw.map { $0 / length }
        }
        func dot(_ a: [Float], _ b: [Float]) -> Float { zip(a, b).map(*).reduce(0, +) }
        for _ in 0..<50 {
            let (a, b) = (vector(), vector())
            var stored: [Float] = []
            #expect(MeaningVectors.bytes(a).withUnsafeBytes { MeaningVectors.append($0, to: &stored) })
            #expect(abs(dot(stored, stored) - 1) < 1e-4, "read back at unit length")
            #expect(abs(dot(stored, b) - dot(a, b)) < 0.005)
        }
    }

    @Test func aVectorOfZerosOrNotANumberIsNotReadBackAndAWrongSizeIsRefused() {
        var values: [Float] = []
        let zeros = [Float](repeating: 0, count: MeaningVectors.dimensions)
        var broken = zeros
        broken[3] = .nan
        var good = zeros
        good[5] = 0.5
        // Nothing is close to such a vector: it stands for no text, and is not read as one.
        for vector in [zeros, broken] {
            #expect(!MeaningVectors.bytes(vector).withUnsafeBytes { MeaningVectors.append($0, to: &values) })
        }
        #expect(values.isEmpty)
        #expect(MeaningVectors.bytes(good).withUnsafeBytes { MeaningVectors.append($0, to: &values) })
        #expect(values.count == MeaningVectors.dimensions && values[5] == 1)
        let floats = [UInt8](repeating: 0, count: MeaningVectors.dimensions * 4)
        #expect(!floats.withUnsafeBytes { MeaningVectors.append($0, to: &values) })
        #expect(values.count == MeaningVectors.dimensions, "nothing appended")
    }

    @Test func aComicsTextsAreItsTitleAltAndExplanationThenItsTranscriptInWindows() {
        let explanation = String(repeating: "This comic is about a thing. ", count: 80)
        let parts = MeaningText.parts(title: "T", alt: "A", transcript: "Guy: hi", explanation: explanation)
        let lines = parts[0].split(separator: "\n")
        #expect(lines.count == 3 && lines[0] == "T" && lines[1] == "A")
        #expect(lines[2].count <= MeaningText.explanationOpening && lines[2].hasSuffix("."))
        #expect(parts.dropFirst() == ["hi"], "the speaker's name left out")
        #expect(MeaningText.parts(title: "T", alt: "", transcript: "", explanation: "") == ["T"])
        let transcript = """
            [[A man stands at a podium.]]
            Man #2: Hello there.
            {{Title text: the alt text again}}
            Nobody: 12:30 is lunch
            """
        #expect(MeaningText.spoken(transcript) == ["A man stands at a podium.", "Hello there.", "12:30 is lunch"])
        let long = (1...40).map { "word \($0) of ten words in a line of text" }
        let windows = MeaningText.windows(of: long)
        #expect(windows.count == 3, "\(windows.map { $0.split(separator: " ").count })")
        #expect(windows.allSatisfy { $0.split(separator: " ").count <= MeaningText.windowWords })
        #expect(windows.joined(separator: "\n") == long.joined(separator: "\n"), "every line, none split")
    }

    @Test func aComicIsAsNearAsTheNearestOfItsTexts() {
        let dimensions = MeaningVectors.dimensions
        func unit(_ axis: Int) -> [Float] {
            var vector = [Float](repeating: 0, count: dimensions)
            vector[axis] = 1
            return vector
        }
        let values = [unit(1), unit(0), unit(2), unit(1)].flatMap { $0 }
        let vectors = MeaningVectors(model: "m", revision: nil, nums: [4, 4, 7, 9], values: values)
        #expect(vectors.nearest(to: unit(0), count: 3).map(\.num) == [4, 7, 9])
        #expect(vectors.nearest(to: unit(1), count: 3).map(\.num) == [4, 9, 7])
    }
}

/// The index by meaning over the fixtures' real comics, built by a sync of the loopback server
/// with an encoder that knows a few ideas.
@Suite final class MeaningSearchTests {
    private let workspace: Workspace

    init() throws {
        workspace = try Workspace("meaning")
    }

    private func library() -> TestLibrary {
        TestLibrary(directory: workspace.directory, server: workspace.server, clock: ManualClock())
    }

    private func synced(_ encoder: IdeaEncoder = IdeaEncoder()) async throws -> (Session, SyncSummary) {
        let session = try library().session(meaning: MeaningModel(encoder))
        guard case let .synced(summary) = try await session.run(.sync(images: false, explanations: false)) else {
            Issue.record("sync gave no summary")
            return (session, try #require(nil as SyncSummary?))
        }
        return (session, summary)
    }

    private func results(_ session: Session, _ command: Command) async throws -> (hits: [SearchHit], total: Int) {
        let outcome = try await session.run(command)
        guard case let .searchResults(_, hits, total, _, _) = outcome else {
            Issue.record("no search results: \(outcome)")
            return ([], 0)
        }
        return (hits, total)
    }

    @Test func syncGivesEveryComicAVectorOnceAndAgainWhenItsTextChanges() async throws {
        let clock = ManualClock()
        let session = try TestLibrary(directory: workspace.directory, server: workspace.server, clock: clock)
            .session(meaning: MeaningModel(IdeaEncoder()))
        guard case let .synced(summary) = try await session.run(.sync(images: false, explanations: false)) else {
            Issue.record("sync gave no summary")
            return
        }
        let stored = try await session.source.store.comicCount()
        #expect(summary.meaningsMade == stored && stored > 40)
        // A day on, the newest comic is fetched again, as every sync does, with the same texts.
        clock.advance(by: 86_400)
        let again = try #require(
            try await {
                if case let .synced(summary) = try await session.run(.sync(images: false, explanations: false)) {
                    return summary
                }
                return nil
            }())
        #expect(again.meaningsMade == 0, "nothing new: nothing encoded again")
        let store = await session.source.store
        #expect(try store.numbersWithoutMeaning(model: IdeaEncoder().identity).isEmpty, "the newest kept its vectors")
        var one = again
        one.meaningsMade = 1
        #expect(
            Renderer(width: 80, color: false, json: false).render(.synced(one)).contains("1 comic indexed by meaning"))
        // An explanation stored since changes its comic's text.
        let explained = try await session.run(.sync(images: false, explanations: true))
        guard case let .synced(withExplanations) = explained else {
            Issue.record("\(explained)")
            return
        }
        #expect(withExplanations.explanationsFetched > 0)
        // #855's page ends at its heading: no explanation, the same texts, the same vectors.
        #expect(withExplanations.meaningsMade == withExplanations.explanationsFetched - 1)
        // Another model makes every vector anew.
        let other = try library().session(meaning: MeaningModel(IdeaEncoder(identity: "ideas v2")))
        guard case let .synced(renewed) = try await other.run(.sync(images: false, explanations: false)) else {
            Issue.record("no summary")
            return
        }
        #expect(renewed.meaningsMade == stored)
        #expect(
            Renderer(width: 80, color: false, json: false).render(.synced(renewed)).contains(
                "\(stored) comics indexed by meaning"))
    }

    @Test func ctrlCKeepsTheVectorsMadeAndTheNextSyncMakesTheRest() async throws {
        let encoder = IdeaEncoder()
        let session = try library().session(meaning: MeaningModel(encoder))
        // The comics first, without a model.
        let plain = try library().session()
        _ = try await plain.run(.sync(images: false, explanations: false))
        let stored = try await plain.source.store.comicCount()
        let started = Lock<Task<Outcome, any Error>?>(nil)
        encoder.onEmbed = { call in if call == 1 { started.withLock { $0?.cancel() } } }
        let task = Task { try await session.run(.sync(images: false, explanations: false)) }
        started.withLock { $0 = task }
        guard case let .synced(stopped) = try await task.value else {
            Issue.record("no summary")
            return
        }
        #expect(stopped.cancelled)
        #expect(stopped.meaningsMade > 0 && stopped.meaningsMade < stored)
        let store = await session.source.store
        #expect(try store.meaningCount(model: encoder.identity) == stopped.meaningsMade)
        #expect(encoder.callCount == 1, "stopped after the handful under way")
        encoder.onEmbed = { _ in }
        guard case let .synced(rest) = try await session.run(.sync(images: false, explanations: false)) else {
            Issue.record("no summary")
            return
        }
        #expect(!rest.cancelled && rest.meaningsMade == stored - stopped.meaningsMade)
        #expect(try store.meaningCount(model: encoder.identity) == stored)
    }

    @Test func atThePromptTheIndexIsBuiltInTheBackgroundAndASearchSaysHowFarItIs() async throws {
        let encoder = IdeaEncoder()
        // The first handful of texts goes through; the second waits until the test lets it.
        let gate = DispatchSemaphore(value: 0)
        encoder.onEmbed = { call in if call == 2 { gate.wait() } }
        let library = library()
        let session = try library.session(meaning: MeaningModel(encoder), indexesInBackground: true)
        guard case let .synced(summary) = try await session.run(.sync(images: false, explanations: false)) else {
            Issue.record("no summary")
            return
        }
        let store = await session.source.store
        let stored = try store.comicCount()
        #expect(summary.meaningsMade == 0 && summary.meaningsPending == stored, "the sync ended before the index")
        #expect(
            Renderer(width: 200, color: false, json: false).render(.synced(summary)).contains(
                "indexing \(stored) comics by meaning in the background; search by words works now"))
        let deadline = Date().addingTimeInterval(60)
        while try store.meaningCount(model: encoder.identity) == 0, Date() < deadline {
            try await Task.sleep(for: .milliseconds(10))
        }
        let indexed = try store.meaningCount(model: encoder.identity)
        #expect(indexed > 0 && indexed < stored)

        // The session answers meanwhile, and a search says how far the index is.
        _ = try await session.run(.goto(.number(353)))
        _ = try await session.run(.search("a serpent that makes you levitate"))
        #expect(
            library.notices.all.contains(
                "note: the index by meaning is being built: \(indexed) of \(stored) comics so far, "
                    + "which search by meaning covers"), "\(library.notices.all)")
        let notes = library.notices.all.count
        _ = try await session.run(.search("serpent", by: .meaning))
        #expect(library.notices.all.count == notes + 1, "by meaning alone, over what is built")
        #expect(await session.takeNotices().isEmpty)

        gate.signal()
        await session.backgroundIndexBuilt()
        #expect(try store.meaningCount(model: encoder.identity) == stored)
        #expect(
            await session.takeNotices() == [
                "the index by meaning is built: \(stored) comics indexed, and search finds comics by meaning"
            ])
        #expect(await session.takeNotices().isEmpty, "told once")
        let before = library.notices.all.count
        let (hits, _) = try await results(session, .search("a serpent that makes you levitate"))
        #expect(hits.prefix(3).contains { $0.num == 353 })
        #expect(library.notices.all.count == before, "no note once it is built")
    }

    @Test func eachVectorTakesAFractionOfAPageInTheStore() async throws {
        let (session, _) = try await synced()
        let store = await session.source.store
        let vectors = try store.read { db in try db.value("SELECT count(*) FROM meaning", as: Int.self) ?? 0 }
        #expect(vectors > 50)
        let bytes = try store.meaningIndexBytes()
        // A vector as floats (1.5 KB) took a 4 KB overflow page of its own; a byte a number fits a row in a page beside others.
        #expect(bytes < vectors * 600, "\(bytes) bytes for \(vectors) vectors")
    }

    @Test func aSyncFindingTheIndexBeingBuiltElsewhereLeavesIt() async throws {
        let plain = try library().session()
        _ = try await plain.run(.sync(images: false, explanations: false))
        let store = await plain.source.store
        let session = try library().session(meaning: MeaningModel(IdeaEncoder()))
        do {
            // Another process's sync, building the index now, holds the lock.
            let elsewhere = try #require(store.lockMeaningIndex())
            #expect(store.lockMeaningIndex() == nil)
            guard case let .synced(left) = try await session.run(.sync(images: false, explanations: false)) else {
                Issue.record("no summary")
                return
            }
            #expect(left.meaningsMade == 0 && left.meaningError == "another sync is building it now")
            #expect(
                Renderer(width: 80, color: false, json: false).render(.synced(left)).contains(
                    "not indexed by meaning: another sync is building it now"))
            withExtendedLifetime(elsewhere) {}
        }
        // Once that one is done, the next sync builds the index.
        guard case let .synced(built) = try await session.run(.sync(images: false, explanations: false)) else {
            Issue.record("no summary")
            return
        }
        #expect(built.meaningsMade == (try store.comicCount()) && built.meaningError == nil)
    }

    @Test func aComicDescribedInOtherWordsIsFoundAndSaysWhy() async throws {
        let (session, _) = try await synced()
        // No comic holds "serpent" or "levitate"; #353 holds a python and flying.
        let (hits, total) = try await results(session, .search("a serpent that makes you levitate"))
        let hit = try #require(hits.first { $0.num == 353 }, "\(hits.map(\.num))")
        #expect(hits.prefix(3).contains { $0.num == 353 }, "\(hits.map(\.num))")
        #expect(hit.closeInMeaning && !hit.foundByWords)
        #expect(total >= hits.count)
        let text = Renderer(width: 100, color: false, json: false).render(
            .searchResults(query: "q", hits: [hit], total: 1))
        #expect(text.contains("#353") && text.contains("· close in meaning"), "\(text)")
        let json = Renderer(width: 100, color: false, json: true).render(
            .searchResults(query: "q", hits: [hit], total: 1))
        #expect(json.contains(#""close_in_meaning":true"#) && json.contains(#""matched":null"#), "\(json)")
        // Words and meaning both: the words matched and the meaning are said.
        let (both, _) = try await results(session, .search("python flying"))
        let first = try #require(both.first)
        #expect(first.num == 353 && first.closeInMeaning && first.foundByWords && first.terms == ["python", "flying"])
    }

    @Test func phrasesOperatorsAndExactStayWordsAndATitleTypedStaysFirst() async throws {
        let (session, _) = try await synced()
        for command: Command in [
            .search(#""import antigravity""#), .search("python OR perl"), .search("python flying", exact: true),
            .search("python flying", by: .words),
        ] {
            let (hits, _) = try await results(session, command)
            #expect(!hits.isEmpty && hits.allSatisfy { !$0.closeInMeaning }, "\(command)")
        }
        // The idea of a database brings other comics close; the title typed stays first.
        let (hits, _) = try await results(session, .search("exploits of a mom"))
        #expect(hits.first?.num == 327)
        let (byMeaning, _) = try await results(session, .search("serpent levitate", by: .meaning))
        #expect(byMeaning.first?.num == 353 && byMeaning.allSatisfy { $0.closeInMeaning && !$0.foundByWords })
    }

    @Test func aCacheClearedByAnotherSessionTakesTheVectorsOfTheComicsItDeleted() async throws {
        let (session, _) = try await synced()
        let (before, _) = try await results(session, .search("serpent levitate", by: .meaning))
        #expect(before.first?.num == 353, "the vectors are read: \(before.map(\.num))")
        // Another process keeps one favorite and clears the rest.
        let other = try library().session(meaning: MeaningModel(IdeaEncoder()))
        _ = try await other.run(.favorite(.number(1)))
        _ = try await other.run(.cacheClear(skipConfirmation: true))
        let (after, total) = try await results(session, .search("serpent levitate", by: .meaning))
        #expect(after.allSatisfy { $0.num == 1 } && total == after.count, "\(after.map(\.num)), \(total) in all")
    }

    @Test func aSearchCancelledWhileItsQueryIsEncodedEndsCancelled() async throws {
        let encoder = IdeaEncoder()
        let (session, _) = try await synced(encoder)
        let started = Lock<Task<Outcome, any Error>?>(nil)
        let calls = encoder.callCount
        encoder.onEmbed = { call in
            guard call == calls + 1 else { return }
            // Ctrl-C while the query is encoded: once the task is known.
            while started.withLock({ $0 == nil }) { usleep(1000) }
            started.withLock { $0?.cancel() }
        }
        let task = Task { try await session.run(.search("serpent levitate")) }
        started.withLock { $0 = task }
        await #expect(throws: XKCDError.cancelled) { try await task.value }
    }

    @Test func moreGoesOnWithTheSameRanking() async throws {
        let (session, _) = try await synced()
        let (first, total) = try await results(
            session,
            .search("people who think they know computers, a snake flying at school and a table of records", limit: 3))
        let outcome = try await session.run(.more)
        guard case let .moreHits(_, next, offset, moreTotal, _) = outcome else {
            Issue.record("\(outcome)")
            return
        }
        #expect(offset == 3 && moreTotal == total && next.count == total - 3, "\(first.map(\.num)), \(total) in all")
        #expect(next.contains { $0.closeInMeaning } && next.contains { !$0.closeInMeaning })
        #expect(Set(first.map(\.num)).isDisjoint(with: next.map(\.num)))
        let (all, _) = try await results(
            session,
            .search(
                "people who think they know computers, a snake flying at school and a table of records",
                limit: 3 + next.count))
        #expect(all.map(\.num) == (first + next).map(\.num))
    }

    @Test func aSentenceSearchedByMeaningTooIsNotOfferedASpellingCorrection() async throws {
        let (session, _) = try await synced()
        let sentence = "a guy at school with a computer and a database flyng"
        let byWords = try await session.run(.search(sentence, by: .words))
        guard case let .searchResults(_, _, wordsTotal, wordsSpelling, _) = byWords else {
            Issue.record("\(byWords)")
            return
        }
        try #require(wordsTotal >= SpellingCorrection.fewHits, "the words find enough: \(wordsTotal)")
        guard case let .suggested(offered) = wordsSpelling else {
            Issue.record("by words alone, a correction is offered: \(wordsSpelling)")
            return
        }
        #expect(offered.contains("flying"))
        let fused = try await session.run(.search(sentence))
        guard case let .searchResults(_, hits, _, spelling, _) = fused else {
            Issue.record("\(fused)")
            return
        }
        #expect(spelling == .asTyped && hits.contains { $0.closeInMeaning })
        // A misspelt word alone still gets its correction.
        guard case let .searchResults(_, _, _, alone, _) = try await session.run(.search("pyhton")) else {
            Issue.record("no results")
            return
        }
        #expect(alone != .asTyped)
        // And so do two words that find enough as typed: keywords, not a sentence.
        let keywords = try await session.run(.search("computer flyng"))
        guard case let .searchResults(_, _, _, offeredForTwo, _) = keywords else {
            Issue.record("\(keywords)")
            return
        }
        #expect(offeredForTwo == .suggested("computer flying"), "\(offeredForTwo)")
    }

    @Test func withoutTheIndexSearchIsByWordsAndSaysOnceHowToBuildIt() async throws {
        let plain = try library().session()
        _ = try await plain.run(.sync(images: false, explanations: false))
        let library = library()
        let session = try library.session(meaning: MeaningModel(IdeaEncoder()))
        let (hits, _) = try await results(session, .search("python flying"))
        #expect(hits.first?.num == 353 && hits.allSatisfy { !$0.closeInMeaning })
        _ = try await results(session, .search("import antigravity"))
        let hints = library.notices.all.filter { $0.contains("index by meaning") }
        #expect(hints.count == 1, "\(library.notices.all)")
        await #expect(throws: XKCDError.self) { try await session.run(.search("python", by: .meaning)) }
        do {
            _ = try await session.run(.search("python", by: .meaning))
        } catch {
            #expect(XKCDError.message(for: error) == "there is no index by meaning yet — run 'sync' to build it")
        }
        // No model at all: no word of it.
        let none = try self.library().session()
        _ = try await results(none, .search("python flying"))
        do {
            _ = try await none.run(.search("python", by: .meaning))
            Issue.record("searched by meaning without a model")
        } catch {
            #expect(XKCDError.message(for: error).contains("XKCD_MODEL"))
        }
    }

    @Test func aSearchByMeaningWithTheModelTurnedOffSaysSo() async throws {
        let session = try library().session(meaning: .turnedOff)
        _ = try await session.run(.sync(images: false, explanations: false))
        await #expect(throws: XKCDError.cannotDo("search by meaning is turned off: XKCD_MODEL is empty — unset it")) {
            try await session.run(.search("serpent", by: .meaning))
        }
    }

    @Test func theOptionParsesAndExactWithMeaningIsRefused() throws {
        #expect(try CommandParser.commands("search a cat --by meaning") == [.search("a cat", by: .meaning)])
        #expect(try CommandParser.commands("search a cat --by WORDS") == [.search("a cat", by: .words)])
        #expect(throws: UsageError.self) { try CommandParser.commands("search a cat --by vibes") }
        #expect(throws: UsageError.self) { try CommandParser.commands("search a cat --by meaning --exact") }
    }

    @Test func theModelIsLookedForWhereEachKindOfInstallationPutsIt() throws {
        let root = workspace.directory
        let nowhere = root.appendingPathComponent("nowhere").path
        func found(_ program: String, _ environment: Environment = [:]) -> Bool {
            MeaningModel.locate(
                environment: environment, executable: root.appendingPathComponent(program), installed: nowhere
            ).exists
        }
        func place(_ path: String) throws {
            let file = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(
                at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            #expect(FileManager.default.createFile(atPath: file.path, contents: Data()))
        }
        let fileName = MeaningModel.fileName
        #expect(!found("tar/xkcd") && !found("prefix/bin/xkcd") && !found(".build/release/xkcd"))
        // The tarball: beside the program.
        try place("tar/" + fileName)
        #expect(found("tar/xkcd"))
        // install.sh: PREFIX/lib/xkcd beside PREFIX/bin, not PREFIX/share/xkcd, which under
        // ~/.local is the data directory.
        try place("prefix/share/xkcd/" + fileName)
        #expect(!found("prefix/bin/xkcd"))
        try place("prefix/lib/xkcd/" + fileName)
        #expect(found("prefix/bin/xkcd"))
        // A source build: .build/release is a link to .build/<triple>/release.
        try FileManager.default.createDirectory(
            at: root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release"),
            withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            atPath: root.appendingPathComponent(".build/release").path,
            withDestinationPath: "x86_64-unknown-linux-gnu/release")
        #expect(!found(".build/release/xkcd"))
        try place(".build/model/" + fileName)
        #expect(found(".build/release/xkcd"))
        // The package's, wherever the program is.
        try place("usr/share/xkcd/" + fileName)
        #expect(
            MeaningModel.locate(
                environment: [:], executable: root.appendingPathComponent("elsewhere/xkcd"),
                installed: root.appendingPathComponent("usr/share/xkcd/" + fileName).path
            ).exists)
        // XKCD_MODEL names another file, or none.
        #expect(!found("tar/xkcd", ["XKCD_MODEL": ""]))
        #expect(MeaningModel.locate(environment: ["XKCD_MODEL": ""], executable: nil).isTurnedOff)
        #expect(found("elsewhere/xkcd", ["XKCD_MODEL": "/nowhere/model"]))
        // A named file that is not a model fails with its name, each time.
        let bad = MeaningModel.locate(environment: ["XKCD_MODEL": "/nowhere/model"], executable: nil)
        for _ in 0..<2 {
            #expect(throws: XKCDError.self) { try bad.encoder() }
        }
        do {
            _ = try bad.encoder()
        } catch {
            #expect(XKCDError.message(for: error).contains("/nowhere/model"))
        }
    }
}

extension ComicStore {
    /// How many stored comics have vectors `model` made.
    func meaningCount(model: String) throws -> Int {
        try read { db in try db.value("SELECT count(DISTINCT num) FROM meaning WHERE model = ?", [model]) ?? 0 }
    }
}
