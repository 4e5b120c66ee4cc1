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
    /// `explanations`, every explainxkcd page missing or stale), at most `jobs` at a time.
    func sync(images: Bool, explanations: Bool, jobs: Int?) async throws -> Outcome {
        .synced(
            try await Syncer(source: source, jobs: jobs, now: source.now, progress: progress)
                .run(images: images, explanations: explanations))
    }

    /// The stored comics matching `text`, best first; where the words as typed find next to
    /// nothing and their correction finds more, the corrected query's (see
    /// ``SpellingCorrection``), unless `exact`.
    func search(_ text: String, limit: Int?, exact: Bool = false) throws -> Outcome {
        guard SearchQuery.expression(text) != nil else {
            throw XKCDError.cannotDo(
                "nothing to search for in \(UsageError.quote(text)) — give words, \"a phrase\" or a prefix*")
        }
        let (hits, total) = try searchHits(text, limit: limit)
        var spelling = SearchSpelling.asTyped
        if !exact, let corrected = try correction(of: text, hits: hits) {
            let shown = TerminalSanitizer.sanitize(corrected, multiline: false)
            // A query that finds enough as typed keeps its hits, and the corrected one is not run.
            let better = total < SpellingCorrection.fewHits ? try searchHits(corrected, limit: limit) : nil
            if let better, SpellingCorrection.showsCorrection(typed: total, corrected: better.total) {
                state.searched(corrected, shown: better.hits.count)
                return .searchResults(
                    query: TerminalSanitizer.sanitize(text, multiline: false), hits: better.hits, total: better.total,
                    spelling: .corrected(shown, asTyped: TerminalSanitizer.sanitize(text, multiline: false)))
            }
            // A correction that finds nothing is not offered.
            if better.map({ $0.total > 0 }) ?? true { spelling = .suggested(shown) }
        }
        state.searched(text, shown: hits.count)
        if hits.isEmpty, try source.store.comicCount() == 0 {
            throw XKCDError.cannotDo(
                "nothing is stored yet to search — 'sync' (about two seconds) makes the whole archive searchable")
        }
        if hits.isEmpty, case let stored = try source.store.comicCount(), try storesFew(stored) != nil {
            notify(
                "note: only \(stored) \(stored == 1 ? "comic is" : "comics are") stored; run 'sync' to search them all")
        }
        return .searchResults(
            query: TerminalSanitizer.sanitize(text, multiline: false), hits: hits, total: total, spelling: spelling)
    }

    /// The next page of the last search's hits.
    func more() throws -> Outcome {
        guard let last = state.lastSearch, SearchQuery.expression(last.text) != nil else {
            throw XKCDError.cannotDo("no search to show more of yet — search first, e.g. search python")
        }
        let (hits, total) = try searchHits(last.text, limit: last.nextLimit)
        let page = Array(hits.dropFirst(last.shown))
        state.showedMore(page.count)
        return .moreHits(
            query: TerminalSanitizer.sanitize(last.text, multiline: false), hits: page, offset: last.shown,
            total: total)
    }

    // The hits of `text` (which has words to search for), each with the words of it it holds.
    private func searchHits(_ text: String, limit: Int?) throws -> (hits: [SearchHit], total: Int) {
        let (found, total) = try source.store.search(
            SearchQuery.expression(text) ?? "", ranking: SearchRanking(text), limit: limit)
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
        let drawsPixels = facts.map {
            ImageProtocolChoice.choose(forced: options.renderer?.forced, facts: $0).drawsPixels
        }
        // Inside tmux a picture reaches the terminal only through passthrough.
        if drawsPixels == true, let facts, facts.environment["TMUX"] != nil, facts.tmuxPassthrough == false {
            throw XKCDError.cannotDo(
                "tmux does not pass images on to the terminal: 'tmux set -g allow-passthrough on' lets it "
                    + "(or --renderer blocks draws the image in text)")
        }
        let comic = try await comic(try resolve(reference))
        let image = try await source.image(of: comic, highResolution: drawsPixels == true)
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
        let image = try await source.image(of: comic, highResolution: true)
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
