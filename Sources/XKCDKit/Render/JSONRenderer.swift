#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// Turns outcomes into the one JSON document a line that `--json` prints.
enum JSONRenderer {
    /// The document for `outcome` and a newline, or empty when there is nothing to print.
    static func render(_ outcome: Outcome) -> String {
        let value: JSONValue
        switch outcome {
        case let .comic(comic), let .card(comic, _):
            value = Self.comic(comic)
        case let .alt(comic):
            value = .object([("num", .int(comic.num)), ("alt", .string(comic.alt))])
        case let .transcript(view):
            value = .object([
                ("num", .int(view.num)), ("transcript", .string(view.text)),
                ("source", view.source.map { .string($0.rawValue) } ?? .null),
            ])
        case let .history(entries, total):
            value = .object([("history", .array(entries.map(entry))), ("total", .int(total))])
        case let .choices(query, entries):
            value = .object([("query", .string(query)), ("choices", .array(entries.map(entry)))])
        case let .favoriteAdded(entry, isNew, imageBytes, storedNow):
            value = .object([
                ("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null),
                ("favorite", .bool(true)), ("new", .bool(isNew)),
                ("image_bytes", imageBytes.map(JSONValue.int) ?? .null),
                ("stored_now", .array(storedNow.names.map(JSONValue.string))),
            ])
        case let .favoriteRemoved(entry):
            value = .object([
                ("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null),
                ("favorite", .bool(false)),
            ])
        case let .favorites(entries):
            value = favorites(entries)
        case let .imported(added, already):
            value = .object([("added", .int(added)), ("already_favorites", .int(already))])
        case let .image(image):
            value = Self.image(image)
        case let .saved(path, bytes):
            value = .object([("path", .string(path)), ("bytes", .int(bytes))])
        case let .cacheStats(stats):
            value = .object([
                ("comics", .int(stats.comics)), ("newest", stats.newest.map(JSONValue.int) ?? .null),
                ("images", .int(stats.images)), ("image_bytes", .int(stats.imageBytes)),
                ("image_cache_limit_bytes", .int(stats.imageCacheLimit)), ("favorites", .int(stats.favorites)),
                ("explanations", .int(stats.explanations)), ("explanation_bytes", .int(stats.explanationBytes)),
                ("database_bytes", .int(stats.databaseBytes)), ("data_dir", .string(stats.dataDirectory)),
            ])
        case let .cacheCleared(cleared):
            value = .object([
                ("deleted_comics", .int(cleared.deleted.comics)), ("deleted_images", .int(cleared.deleted.images)),
                ("deleted_explanations", .int(cleared.deleted.explanations)),
                ("database_bytes_before", .int(cleared.databaseBytesBefore)),
                ("database_bytes_after", .int(cleared.databaseBytesAfter)),
                ("space_not_reclaimed", cleared.spaceNotReclaimed.map(JSONValue.string) ?? .null),
                ("leftover_files", .int(cleared.leftovers.count)), ("leftover_bytes", .int(cleared.leftovers.bytes)),
            ])
        case let .synced(summary):
            value = sync(summary)
        case let .searchResults(query, hits, total, spelling, _):
            let (corrected, offered) = Self.spelling(spelling)
            value = .object([
                ("query", .string(query)), ("more", .bool(total > hits.count)), ("total", .int(total)),
                ("hits", .array(hits.map(hit))),
                ("corrected", corrected), ("did_you_mean", offered),
            ])
        case let .moreHits(query, hits, offset, total, _):
            value = .object([
                ("query", .string(query)), ("offset", .int(offset)), ("more", .bool(total > offset + hits.count)),
                ("total", .int(total)), ("hits", .array(hits.map(hit))),
            ])
        case let .explanation(view):
            value = explanation(view)
        case let .shared(result):
            value = .object([
                ("num", .int(result.num)), ("format", .string(result.format.rawValue)), ("text", .string(result.text)),
            ])
        case let .open(url):
            value = .object([("url", .string(url))])
        case let .newComics(report, _):
            value = .object([("newest", .int(report.newest)), ("new", .array(report.comics.map(newComic)))])
        case let .unread(summary):
            value = .object([
                ("unread", .int(summary.unread)), ("total", .int(summary.total)),
                ("first", .array(summary.first.map(entry))),
            ])
        case let .help(topic):
            value = HelpText.json(topic: topic)
        case let .settings(report):
            value = .object([
                ("file", .string(report.file)), ("file_exists", .bool(report.fileExists)),
                ("settings", .array(report.rows.map(setting))),
            ])
        case let .settingChanged(row, savedTo, appliesNow, overriddenBy):
            value = .object([
                ("setting", setting(row)), ("saved_to", savedTo.map(JSONValue.string) ?? .null),
                ("applies_now", .bool(appliesNow)), ("overridden_by", overriddenBy.map(JSONValue.string) ?? .null),
            ])
        case .quit, .confirmation:
            // A question is asked on the terminal, never written as a document.
            return ""
        }
        return value.serialized + "\n"
    }

    /// A search's `corrected` query (whose hits these are, null for the query as typed) and
    /// `did_you_mean` (the corrected queries offered, not run).
    private static func spelling(_ spelling: SearchSpelling) -> (corrected: JSONValue, didYouMean: JSONValue) {
        switch spelling {
        case .asTyped: (.null, .array([]))
        case let .corrected(query, _): (.string(query), .array([]))
        case let .suggested(query): (.null, .array([.string(query)]))
        }
    }

    /// The document for a failure the `error:` line on stderr tells, and a newline; `line` is
    /// the script's line that failed, where one did; `didYouMean`, the comics the message offers.
    static func error(_ message: String, line: Int?, didYouMean: [ComicEntry] = []) -> String {
        let value = JSONValue.object(
            [("error", .string(message))] + (line.map { [("line", .int($0))] } ?? [])
                + (didYouMean.isEmpty ? [] : [("did_you_mean", .array(didYouMean.map(entry)))]))
        return value.serialized + "\n"
    }

    /// A setting: its value a boolean or number where the setting takes one.
    static func setting(_ row: SettingRow) -> JSONValue {
        let value: JSONValue
        switch row.kind {
        case .onOff: value = .bool(row.value == "true")
        case .number: value = Double(row.value) == nil ? .string(row.value) : .number(row.value)
        case .columns: value = Int(row.value).map(JSONValue.int) ?? .string(row.value)
        case .address, .directory, .choice: value = .string(row.value)
        }
        return .object([
            ("key", .string(row.key)), ("value", value), ("origin", .string(row.origin)),
            ("pending", row.pending.map(JSONValue.string) ?? .null),
        ])
    }

    /// The document for a comic.
    static func comic(_ comic: DisplayComic) -> JSONValue {
        .object([
            ("num", .int(comic.num)),
            ("title", .string(comic.title)),
            ("date", .string(comic.date)),
            ("alt", .string(comic.alt)),
            ("url", .string(comic.pageURL)),
            ("img", comic.imageURL.isEmpty ? .null : .string(comic.imageURL)),
            ("interactive", .bool(comic.isInteractive)),
            ("link", comic.link.isEmpty ? .null : .string(comic.link)),
            ("news", comic.news.isEmpty ? .null : .string(comic.news)),
            ("transcript", comic.transcript.isEmpty ? .null : .string(comic.transcript)),
        ])
    }

    private static func entry(_ entry: ComicEntry) -> JSONValue {
        .object([("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null)])
    }

    private static func favorites(_ entries: [FavoriteEntry]) -> JSONValue {
        .object([
            (
                "favorites",
                .array(
                    entries.map { entry in
                        .object([
                            ("num", .int(entry.num)), ("title", .string(entry.title)), ("date", .string(entry.date)),
                            ("added", .string(DateText.iso8601(entry.addedAt))),
                        ])
                    })
            )
        ])
    }

    private static func image(_ image: ComicImage) -> JSONValue {
        var fields: [(String, JSONValue)] = [
            ("num", .int(image.comic.num)), ("title", .string(image.comic.title)),
            ("img", .string(image.comic.imageURL)), ("format", .string(image.kind.rawValue)),
            ("width", .int(image.raster.width)), ("height", .int(image.raster.height)),
            ("bytes", .int(image.data.count)),
        ]
        if image.withCard { fields.append(("comic", comic(image.comic))) }
        return .object(fields)
    }

    private static func sync(_ summary: SyncSummary) -> JSONValue {
        .object([
            ("newest", .int(summary.newest)), ("stored", .int(summary.stored)),
            ("fetched", .int(summary.fetched)), ("missing", .array(summary.missing.map(JSONValue.int))),
            ("failed", .array(summary.failed.map(JSONValue.int))), ("images_fetched", .int(summary.imagesFetched)),
            ("images_failed", .array(summary.imagesFailed.map(JSONValue.int))),
            ("image_error", summary.imageError.map(JSONValue.string) ?? .null),
            ("explanations_fetched", .int(summary.explanationsFetched)),
            ("explanations_missing", .array(summary.explanationsMissing.map(JSONValue.int))),
            ("explanations_failed", .array(summary.explanationsFailed.map(JSONValue.int))),
            ("explanation_requests", .int(summary.explanationRequests)),
            ("explanation_error", summary.explanationError.map(JSONValue.string) ?? .null),
            ("indexed_by_meaning", .int(summary.meaningsMade)),
            ("indexing_by_meaning_in_background", .int(summary.meaningsPending)),
            ("meaning_error", summary.meaningError.map(JSONValue.string) ?? .null),
            ("cancelled", .bool(summary.cancelled)), ("seconds", .double(summary.seconds)),
        ])
    }

    private static func hit(_ hit: SearchHit) -> JSONValue {
        .object([
            ("num", .int(hit.num)), ("title", .string(hit.title)),
            ("snippet", .string(SearchHighlight.removed(from: hit.snippet))),
            ("matched", hit.foundByWords ? .string(hit.matched.rawValue) : .null),
            ("terms", .array(hit.terms.map(JSONValue.string))), ("close_in_meaning", .bool(hit.closeInMeaning)),
        ])
    }

    // The text as an 80-column terminal without colour would show it.
    private static func explanation(_ view: ExplanationView) -> JSONValue {
        let text = WikiLayout(width: 80, style: Style(enabled: false), hyperlinks: false).lines(view.document)
        return .object([
            ("num", .int(view.num)), ("title", .string(view.title)), ("page", .string(view.pageTitle)),
            ("url", .string(view.url)), ("whole_page", .bool(view.wholePage)),
            ("incomplete", .bool(view.incomplete != nil)),
            ("incomplete_reason", view.incomplete?.reason.map(JSONValue.string) ?? .null),
            ("text", .string(text.joined(separator: "\n"))),
        ])
    }

    private static func newComic(_ entry: ComicEntry) -> JSONValue {
        .object([
            ("num", .int(entry.num)), ("title", entry.title.map(JSONValue.string) ?? .null),
            ("url", .string(Comic.pageURL(of: entry.num))),
        ])
    }
}
