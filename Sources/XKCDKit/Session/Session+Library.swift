#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension Session {
    /// Makes the comic `reference` names (or the current one) a favorite, keeping its image
    /// and explanation.
    func addFavorite(_ reference: ComicReference?) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        let kept = try await favorites.keep(comic)
        return .favoriteAdded(
            ComicEntry(num: comic.num, title: DisplayComic(comic).title), isNew: kept.isNew,
            imageBytes: kept.imageBytes, storedNow: kept.storedNow)
    }

    /// Removes the favorite `reference` names (among the favorites' titles), or the current comic.
    func removeFavorite(_ reference: ComicReference?) throws -> Outcome {
        guard let target = try resolve(reference, among: .favorites) ?? state.current else {
            throw XKCDError.noCurrentComic
        }
        guard try favorites.remove(target) else { throw XKCDError.notFavorite(target) }
        return .favoriteRemoved(ComicEntry(num: target, title: try source.store.titles(of: [target])[target]))
    }

    /// Merges the favorites export at `path`.
    func importFavorites(from path: String) async throws -> Outcome {
        let (entries, added) = try await favorites.importFile(path)
        return .imported(added: added, alreadyFavorites: entries - added)
    }
}

extension Session {
    /// Fetches every comic not stored yet (with `images`, their images too; with
    /// `explanations`, every explainxkcd page missing or stale), at most `jobs` at a time, then
    /// gives every comic whose text is new its vector in the index by meaning.
    /// With ``indexesInBackground``, the index is built after it returns.
    func sync(images: Bool, explanations: Bool, jobs: Int?) async throws -> Outcome {
        let syncer = Syncer(
            source: source, meaning: indexesInBackground ? .none : meaning, jobs: jobs, now: source.now,
            progress: progress)
        var summary = try await syncer.run(images: images, explanations: explanations)
        if indexesInBackground, !summary.cancelled {
            do {
                if let encoder = try meaning.encoder() {
                    summary.meaningsPending = try source.store.numbersWithoutMeaning(model: encoder.identity).count
                    if summary.meaningsPending > 0 { indexInBackground(encoder) }
                }
            } catch let XKCDError.file(reason) {
                summary.meaningError = reason
            }
        }
        return .synced(summary)
    }

    // Builds the index by meaning on a task of its own, which tells the next prompt when it is
    // done; a build under way is asked to go on with what was stored since it started.
    private func indexInBackground(_ encoder: any MeaningEncoder) {
        if backgroundIndex != nil {
            backgroundIndex?.again = true
            return
        }
        let (store, now) = (source.store, source.now)
        let task = Task.detached(priority: .utility) { [weak self] in
            var summary = SyncSummary(
                newest: 0, stored: 0, fetched: 0, missing: [], failed: [], imagesFetched: 0, imagesFailed: [],
                cancelled: false, seconds: 0)
            do {
                try await MeaningIndexer(store: store, encoder: encoder, now: now, progress: { _ in })
                    .run(into: &summary)
            } catch {
                summary.meaningError = XKCDError.message(for: error)
            }
            await self?.indexBuilt(summary, encoder: encoder)
        }
        backgroundIndex = (task, false)
    }

    private func indexBuilt(_ summary: SyncSummary, encoder: any MeaningEncoder) {
        let again = backgroundIndex?.again ?? false
        backgroundIndex = nil
        if let reason = summary.meaningError {
            pendingNotices.append("note: not indexed by meaning: \(reason)")
        } else if again {
            return indexInBackground(encoder)
        } else {
            let made = summary.meaningsMade
            pendingNotices.append(
                "the index by meaning is built: \(made) \(made == 1 ? "comic" : "comics") indexed, "
                    + "and search finds comics by meaning")
        }
    }

    /// What happened in the background since the last prompt (the index by meaning built), to
    /// tell before the next.
    package func takeNotices() -> [String] {
        defer { pendingNotices = [] }
        return pendingNotices
    }

    /// Waits until the index by meaning being built in the background, if one is, is done.
    package func backgroundIndexBuilt() async {
        while let running = backgroundIndex?.task { await running.value }
    }

    /// The stored comics matching `text`, best first: by its words and, for plain words where
    /// the index by meaning exists, by meaning too, the two rankings fused (`by` asks for one
    /// alone). Where the words as typed find next to nothing and their correction finds more,
    /// the corrected query's (see ``SpellingCorrection``), unless `exact`.
    func search(_ text: String, limit: Int?, exact: Bool = false, by: SearchBy? = nil) throws -> Outcome {
        guard SearchQuery.expression(text) != nil else {
            throw XKCDError.cannotDo(
                "nothing to search for in \(UsageError.quote(text)) — give words, \"a phrase\" or a prefix*")
        }
        let method = try searchMethod(for: text, exact: exact, by: by)
        let options = SearchOptions(exact: exact, by: by)
        let found = try searchHits(text, limit: limit, method: method)
        var spelling = SearchSpelling.asTyped
        if !exact, method != .meaning, let corrected = try correction(of: text, hits: found.hits) {
            let shown = TerminalSanitizer.sanitize(corrected, multiline: false)
            // A query that finds enough as typed keeps its hits, and the corrected one is not run.
            let better =
                found.wordsTotal < SpellingCorrection.fewHits
                ? try searchHits(corrected, limit: limit, method: method) : nil
            if let better, SpellingCorrection.showsCorrection(typed: found.wordsTotal, corrected: better.wordsTotal) {
                state.searched(corrected, shown: better.hits.count, method: method, options: options)
                return .searchResults(
                    query: TerminalSanitizer.sanitize(text, multiline: false), hits: better.hits, total: better.total,
                    spelling: .corrected(shown, asTyped: TerminalSanitizer.sanitize(text, multiline: false)),
                    options: options)
            }
            // A correction that finds nothing is not offered, nor one of a sentence (more than
            // two words) whose words found enough and whose meaning was searched too: the comic
            // it describes is found by its meaning, whatever a word of it looks like.
            let foundByMeaning =
                method == .fused && !SearchRanking(text).short && found.wordsTotal >= SpellingCorrection.fewHits
            if !foundByMeaning, better.map({ $0.wordsTotal > 0 }) ?? true { spelling = .suggested(shown) }
        }
        state.searched(text, shown: found.hits.count, method: method, options: options)
        if found.hits.isEmpty, try source.store.comicCount() == 0 {
            throw XKCDError.cannotDo(
                "nothing is stored yet to search — 'sync' makes the whole archive searchable")
        }
        if found.hits.isEmpty, case let stored = try source.store.comicCount(), try storesFew(stored) != nil {
            notify(
                "note: only \(stored) \(stored == 1 ? "comic is" : "comics are") stored; run 'sync' to search them all")
        }
        return .searchResults(
            query: TerminalSanitizer.sanitize(text, multiline: false), hits: found.hits, total: found.total,
            spelling: spelling, options: options)
    }

    /// The next page of the last search's hits.
    func more() throws -> Outcome {
        guard let last = state.lastSearch, SearchQuery.expression(last.text) != nil else {
            throw XKCDError.cannotDo("no search to show more of yet — search first, e.g. search python")
        }
        let found = try searchHits(last.text, limit: last.nextLimit, method: last.method)
        let page = Array(found.hits.dropFirst(last.shown))
        state.showedMore(page.count)
        return .moreHits(
            query: TerminalSanitizer.sanitize(last.text, multiline: false), hits: page, offset: last.shown,
            total: found.total, options: last.options)
    }

    /// How many of the comics nearest in meaning a search considers.
    static let meaningCandidates = 50

    // What a search goes by: words alone for a phrase, a prefix, an operator or `exact`, and
    // where there is no index by meaning (which is said once, where a model could build one).
    private func searchMethod(for text: String, exact: Bool, by: SearchBy?) throws -> SearchMethod {
        switch by {
        case .words: return .words
        case .meaning:
            guard try meaningIndex() != nil else {
                if let building = try indexBuildProgress() {
                    throw XKCDError.cannotDo(
                        "the index by meaning is being built: \(building.indexed) of \(building.stored) comics so far "
                            + "— search by words meanwhile")
                }
                guard meaning.exists else {
                    if meaning.isTurnedOff {
                        throw XKCDError.cannotDo("search by meaning is turned off: XKCD_MODEL is empty — unset it")
                    }
                    throw XKCDError.cannotDo(
                        "search by meaning needs the sentence encoder's model, which this installation lacks — "
                            + "set XKCD_MODEL to its file")
                }
                throw XKCDError.cannotDo("there is no index by meaning yet — run 'sync' to build it")
            }
            try sayHowFarTheIndexIsBuilt()
            return .meaning
        case nil:
            guard !exact, SearchQuery.isPlain(SearchQuery.tokens(text)), meaning.exists else { return .words }
            do {
                guard try meaningIndex() != nil else {
                    if try sayHowFarTheIndexIsBuilt() { return .words }
                    if try source.store.state(.meaningHintGiven) == nil {
                        try source.remember { try source.store.setState(.meaningHintGiven, "1") }
                        notify("note: 'sync' builds the index by meaning, which finds comics described in other words")
                    }
                    return .words
                }
                try sayHowFarTheIndexIsBuilt()
                return .fused
            } catch let XKCDError.file(reason) {
                saySearchingByWords(because: reason)
                return .words
            }
        }
    }

    // Says once a session that the model cannot be used, and why.
    private func saySearchingByWords(because reason: String) {
        if !modelFailureSaid { notify("note: \(reason); searching by words alone") }
        modelFailureSaid = true
    }

    // How far a build of the index by meaning under way (here or in another process) has come.
    private func indexBuildProgress() throws -> (indexed: Int, stored: Int)? {
        guard let encoder = try meaning.encoder() else { return nil }
        return try source.store.meaningBuildProgress(model: encoder.identity)
    }

    // Says in one line how far the index by meaning is built, while a build is under way;
    // whether one is.
    @discardableResult
    private func sayHowFarTheIndexIsBuilt() throws -> Bool {
        guard let building = try indexBuildProgress() else { return false }
        notify(
            "note: the index by meaning is being built: \(building.indexed) of \(building.stored) comics so far, "
                + "which search by meaning covers")
        return true
    }

    // The encoder and the vectors it made, read anew when another process wrote vectors; nil
    // when there is no model or it made none yet.
    private func meaningIndex() throws -> (encoder: any MeaningEncoder, vectors: MeaningVectors)? {
        guard meaning.exists, let revision = try source.store.meaningRevision(), let encoder = try meaning.encoder()
        else { return nil }
        try verifyOnce(encoder)
        if let cached = meaningVectors, cached.model == encoder.identity, cached.revision == revision {
            return cached.isEmpty ? nil : (encoder, cached)
        }
        let vectors = try source.store.meaningVectors(model: encoder.identity)
        meaningVectors = vectors
        return vectors.isEmpty ? nil : (encoder, vectors)
    }

    // The model's weights checked against their digest before its vectors of a query are
    // trusted: once for each model file, which is known again by its identity on disk, so that
    // later runs read one value instead of every weight. Damaged weights give vectors like any
    // others that mean nothing.
    private func verifyOnce(_ encoder: any MeaningEncoder) throws {
        guard !modelVerified, let identity = meaning.fileIdentity() else { return }
        if try source.store.state(.verifiedModel) != identity {
            do {
                try encoder.verifyWeights()
            } catch {
                throw XKCDError.file("cannot use the sentence encoder's model: \(error)")
            }
            try source.remember { try source.store.setState(.verifiedModel, identity) }
        }
        modelVerified = true
    }

    // The best `limit` hits of `text` (nil: every one) as `method` ranks them, each with the
    // words of it it holds and whether it is close in meaning; how many comics match in all, and
    // how many by their words.
    private func searchHits(_ text: String, limit: Int?, method: SearchMethod) throws -> (
        hits: [SearchHit], total: Int, wordsTotal: Int
    ) {
        let expression = SearchQuery.expression(text) ?? ""
        guard method != .words, let (encoder, vectors) = try meaningIndex() else {
            let (hits, total) = try wordsHits(text, expression: expression, limit: limit)
            return (hits, total, total)
        }
        let query = encoder.embed([text])[0]
        // Reading the model and encoding take the processor for a moment, deaf to Ctrl-C: a
        // search cancelled meanwhile ends here.
        if Task.isCancelled { throw XKCDError.cancelled }
        guard MeaningVectors.isUsable(query) else {
            let reason = "the sentence encoder's model made no usable vector of the query: its file is damaged"
            if method == .meaning { throw XKCDError.file(reason) }
            saySearchingByWords(because: reason)
            let (hits, total) = try wordsHits(text, expression: expression, limit: limit)
            return (hits, total, total)
        }
        let near = SearchFusion.close(vectors.nearest(to: query, count: Self.meaningCandidates))
        if method == .meaning {
            let shown = limit.map { Array(near.prefix($0)) } ?? near
            let hits = try source.store.meaningHits(shown).map { hit in
                var hit = hit
                hit.closeInMeaning = true
                return hit
            }
            return (hits, near.count, 0)
        }
        let (words, wordsTotal) = try wordsHits(
            text, expression: expression, limit: limit.map { max($0, SearchFusion.fusedWords) })
        let fused = SearchFusion.fuse(
            words: words.map { ($0.num, $0.terms.count) }, searched: Set(SearchQuery.words(text)).count,
            pinned: words.prefix(while: \.titled).count, keywords: SearchRanking(text).short, meaning: near)
        let page = limit.map { Array(fused.prefix($0)) } ?? fused
        let byWords = Dictionary(words.map { ($0.num, $0) }, uniquingKeysWith: { first, _ in first })
        let byMeaningAlone = try source.store.meaningHits(page.filter { !$0.byWords }.map(\.num))
        let alone = Dictionary(byMeaningAlone.map { ($0.num, $0) }, uniquingKeysWith: { first, _ in first })
        let hits = page.compactMap { entry -> SearchHit? in
            // A comic the words ranking holds below the fused hits is one found by meaning, on
            // every page alike.
            guard var hit = entry.byWords ? byWords[entry.num] : alone[entry.num] else { return nil }
            hit.closeInMeaning = entry.byMeaning
            return hit
        }
        // The comics close in meaning beyond those the words found, counting those the words
        // ranking holds below the ones read.
        let nearOnly = near.filter { byWords[$0] == nil }
        let matchedBelow = words.count < wordsTotal ? try source.store.matching(expression, among: nearOnly) : []
        return (hits, wordsTotal + nearOnly.count - matchedBelow.count, wordsTotal)
    }

    // The hits of `text` by its words (FTS5 `expression`), each with the words of it it holds.
    private func wordsHits(_ text: String, expression: String, limit: Int?) throws -> (
        hits: [SearchHit], total: Int
    ) {
        let (found, total) = try source.store.search(expression, ranking: SearchRanking(text), limit: limit)
        let words = SearchQuery.words(text)
        let phrases = SearchQuery.phrases(text)
        let hits = found.map { hit in
            var hit = hit
            hit.terms = SearchQuery.terms(words, of: phrases, held: hit.heldPhrases)
            return hit
        }
        return (hits, total)
    }

    // `text` with its words that no comic holds corrected, or nil when none has a correction.
    private func correction(of text: String, hits: [SearchHit]) throws -> String? {
        // A word some hit holds is in the index: only the others are looked up.
        let unmatched = SearchQuery.words(text).filter { word in !hits.contains { $0.terms.contains(word) } }
        guard !unmatched.isEmpty else { return nil }
        var corrections: [String: String] = [:]
        for (word, candidates) in try source.store.spellingCandidates(for: unmatched) {
            corrections[word] = SpellingCorrection.best(for: word, among: candidates)
        }
        return SpellingCorrection.corrected(text, with: corrections)
    }
}

extension Session {
    /// The comic `reference` names (or the current one) written out as `format`.
    func share(
        _ reference: ComicReference?, _ chosen: ShareFormat?, _ to: String?, _ copy: Bool,
        _ open: Bool
    ) async throws -> Outcome {
        let format = chosen ?? settings.shareFormat
        let comic = DisplayComic(try await comic(try resolve(reference)))
        let text: String
        switch format {
        case .text: text = ShareText.text(comic)
        case .mailto: text = ShareText.mailto(comic, to: to)
        case .markdown: text = ShareText.markdown(comic)
        }
        return .shared(
            ShareResult(
                num: comic.num, format: format, text: text,
                openURL: format == .mailto ? text : comic.pageURL, copy: copy, open: open))
    }

    /// The page of the comic `reference` names (or the current one), to open in the browser.
    func openPage(_ reference: ComicReference?) throws -> Outcome {
        guard let target = try resolve(reference) ?? state.current else { throw XKCDError.noCurrentComic }
        return .open(url: Comic.pageURL(of: target))
    }
}

/// A comic written out for sharing.
package struct ShareResult: Sendable, Equatable {
    var num: Int
    /// How it is written.
    var format: ShareFormat
    /// The text, `mailto:` URL or Markdown.
    package var text: String
    /// What `--open` hands to the opener: the `mailto:` URL, else the comic's page.
    package var openURL: String
    /// Put it on the clipboard.
    package var copy: Bool
    /// Hand it to the system opener.
    package var open: Bool
}

extension Session {
    /// The image of the comic `reference` names (or the current one), decoded for drawing.
    /// A stored image that does not decode is deleted, so the next request fetches it anew.
    /// A terminal that draws pixels gets the comic's double-resolution image. What `options`
    /// leave open, the `renderer` and `width` settings say.
    func image(_ reference: ComicReference?, _ given: ImageOptions, _ withCard: Bool) async throws -> Outcome {
        var options = given
        options.renderer = options.renderer ?? settings.renderer
        options.width = options.width ?? settings.width
        let facts = terminal?.facts(forced: options.renderer?.forced, theme: settings.theme, noColor: !settings.color)
        let chosen = facts.map { ImageProtocolChoice.choose(forced: options.renderer?.forced, facts: $0) }
        let drawsPixels = chosen?.drawsPixels
        if chosen == .blocks, let note = facts?.tmuxColourNote, !tmuxColoursSaid {
            tmuxColoursSaid = true
            notify(note)
        }
        // Inside tmux a picture reaches the terminal only through passthrough.
        if drawsPixels == true, let facts, facts.environment["TMUX"] != nil, facts.tmuxPassthrough == false {
            throw XKCDError.cannotDo(
                "tmux does not pass images on to the terminal: 'tmux set -g allow-passthrough on' lets it "
                    + "(or --renderer blocks draws the image in text)")
        }
        let comic = try await comic(try resolve(reference))
        let image = try await source.image(of: comic, highResolution: drawsPixels == true, evenUnstored: true)
        let raster: RasterImage
        do {
            raster = try ImageDecoder.decode(image.data)
        } catch let XKCDError.badImage(reason, corrupt) {
            // Offline, even a damaged copy is kept: it cannot be replaced now.
            if corrupt, !source.offline { try? source.discardImage(of: comic.num) }
            throw XKCDError.badImage("cannot show the image of #\(comic.num): \(reason)", corrupt: corrupt)
        }
        try? source.markSeen(comic.num)
        return .image(
            ComicImage(
                comic: DisplayComic(comic), data: image.data, kind: image.kind, raster: raster,
                options: options, withCard: withCard, doubled: image.doubled, facts: facts))
    }

    /// Writes the image of the comic `reference` names (or the current one) to `path`.
    func saveImage(_ reference: ComicReference?, to path: String?, force: Bool) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        // A saved image is the best there is.
        let image = try await source.image(of: comic, highResolution: true, evenUnstored: true)
        let name = ImageSaver.defaultName(num: comic.num, title: DisplayComic(comic).title, kind: image.kind)
        let destination = ImageSaver.destination(path: path, defaultName: name, currentDirectory: currentDirectory)
        try ImageSaver.write(image.data, to: destination, force: force)
        return .saved(path: destination.path, bytes: image.data.count)
    }
}

extension Session {
    /// What is stored and how large.
    func cacheStats() throws -> Outcome {
        .cacheStats(try cache.stats())
    }

    /// Deletes everything stored but the favorites, and gives the space back; unless
    /// `confirmed`, asks first, saying what would go.
    func clearCache(confirmed: Bool) throws -> Outcome {
        guard confirmed else {
            return .confirmation(
                Confirmation(
                    question: .clearCache(try cache.stats(reclaiming: false)),
                    command: .cacheClear(skipConfirmation: true),
                    declined: "nothing deleted"))
        }
        return .cacheCleared(try cache.clear())
    }
}
