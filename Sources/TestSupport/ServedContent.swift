import Foundation

/// What the server currently serves: the archive's bodies with their validators.
///
/// Every body carries a strong ETag (a hash of its bytes, so equal bodies share it) and a
/// Last-Modified time: the second it entered the server. Stamps come from a clock that only
/// moves forward (each change gets at least the previous stamp plus one second), so a
/// comic published in the same second as the archive was loaded still reads as newer to
/// `If-Modified-Since`.
struct ServedContent: Sendable {
    /// One servable body.
    struct Entry: Sendable {
        /// The archive's bytes.
        var body: Data
        /// The exact bytes served: ``body`` with its image addresses under ``ServedContent/imagePrefix``.
        var served: Data
        /// `"<16 hex digits>"`, a strong validator.
        var etag: String
        /// Seconds since 1970.
        var lastModified: Int
    }

    private(set) var entries: [Int: Entry] = [:]
    private(set) var newest: Int?
    private var clock: Int
    /// Image bodies by path (`/imgs/comics/python.png`), replacing the generated ones.
    var images: [String: Data] = [:]
    /// explainxkcd pages by comic number: the title after `N: ` and the page's wikitext.
    var explanations: [Int: (title: String, wikitext: String)] = [:]
    /// The most wikitext bytes one explainxkcd `action=query` answer carries, as MediaWiki's
    /// `$wgAPIMaxResultSize` (8 MiB).
    var explainMaxResultSize = 8 << 20
    /// When set, comic bodies are served with `https://imgs.xkcd.com/` replaced by this
    /// prefix (the server's own `/imgs/`), so clients fetch images from the server itself.
    /// Bodies are rewritten here, once, rather than for every request.
    var imagePrefix: String? {
        didSet {
            guard imagePrefix != oldValue else { return }
            for (num, entry) in entries {
                entries[num]?.served = Self.pointingImages(of: entry.body, at: imagePrefix)
            }
        }
    }

    init(archive: ComicArchive, now: Int = HTTPDate.now()) {
        clock = now
        for (num, body) in archive.bodies {
            entries[num] = entry(body, lastModified: now)
        }
        newest = entries.keys.max()
    }

    /// The archive as it stands.
    var archive: ComicArchive {
        ComicArchive(bodies: entries.mapValues(\.body))
    }

    /// Adds or replaces one comic.
    mutating func publish(num: Int, body: Data, now: Int = HTTPDate.now()) {
        if let old = entries[num], old.body == body { return }
        entries[num] = entry(body, lastModified: tick(now))
        newest = max(newest ?? num, num)
    }

    private func entry(_ body: Data, lastModified: Int) -> Entry {
        Entry(
            body: body, served: Self.pointingImages(of: body, at: imagePrefix), etag: Self.entityTag(body),
            lastModified: lastModified)
    }

    /// `body` with every `https://imgs.xkcd.com/` replaced by `prefix`, byte for byte otherwise.
    private static func pointingImages(of body: Data, at prefix: String?) -> Data {
        guard let prefix else { return body }
        let pattern = Array("https://imgs.xkcd.com/".utf8)
        let bytes = [UInt8](body)
        var out: [UInt8] = []
        out.reserveCapacity(bytes.count)
        var i = 0
        while i < bytes.count {
            if bytes[i] == pattern[0], bytes.count - i >= pattern.count,
                bytes[i..<(i + pattern.count)].elementsEqual(pattern)
            {
                out.append(contentsOf: prefix.utf8)
                i += pattern.count
            } else {
                out.append(bytes[i])
                i += 1
            }
        }
        return Data(out)
    }

    private mutating func tick(_ now: Int) -> Int {
        clock = max(now, clock + 1)
        return clock
    }

    /// FNV-1a 64 of the bytes, quoted: equal bodies get equal tags across runs.
    static func entityTag(_ body: Data) -> String {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for byte in body {
            hash ^= UInt64(byte)
            hash = hash &* 0x0000_0100_0000_01B3
        }
        let hex = String(hash, radix: 16)
        return "\"" + String(repeating: "0", count: 16 - hex.count) + hex + "\""
    }
}
