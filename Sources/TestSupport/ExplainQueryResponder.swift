import Foundation

/// explainxkcd's batch query API as MediaWiki 1.30 answers it (`format=json`,
/// formatversion 1): `api.php?action=query&prop=revisions&rvprop=content&titles=A|B|…&redirects=1`.
///
/// Of `titles`, the first 50 are answered (more add MediaWiki's warning). A number `N` whose
/// page exists redirects to `N: Title`; `N: Title` names the page itself; anything else is
/// missing, under ids -1, -2, … in the order asked. Pages are listed missing ones first, then by
/// page id (the comic number). Their wikitext fills the answer in page id order until the next
/// page's would exceed `maxResultSize` bytes (one page always fits): the pages after it are
/// listed without `revisions`, and `continue.rvcontinue` names the first of them, from which a
/// request carrying that `rvcontinue` goes on. An answer with nothing left to continue says
/// `batchcomplete`.
struct ExplainQueryResponder: Sendable {
    /// How many titles one request may name.
    static let titleLimit = 50

    /// The pages served: the title after `N: ` and the wikitext, by comic number.
    let explanations: [Int: (title: String, wikitext: String)]
    /// The most wikitext bytes one answer carries, as MediaWiki's `$wgAPIMaxResultSize`.
    let maxResultSize: Int

    /// What one requested title turned out to name.
    private enum Resolution {
        case page(Int)
        case missing(String)
        case invalid
    }

    /// The answer to a request with these parameters.
    func response(to query: FormQuery) -> HTTPResponse {
        var firstWithContent = 0
        if let token = query["rvcontinue"] {
            guard let pageID = Self.continuedPageID(token) else { return Self.json(Self.badContinue) }
            firstWithContent = pageID
        }
        let titlesValue = query["titles"] ?? ""
        let requested = titlesValue.isEmpty ? [] : titlesValue.split(separator: "|", omittingEmptySubsequences: false)
        var redirects: [(from: String, to: String)] = []
        var found: Set<Int> = []
        var unknown: [Resolution] = []
        var seen: Set<String> = []
        for raw in requested.prefix(Self.titleLimit) {
            let title = raw.trimmingCharacters(in: .whitespaces)
            guard seen.insert(title).inserted else { continue }
            switch resolve(title) {
            case .page(let num):
                if title == String(num) { redirects.append((title, fullTitle(num))) }
                found.insert(num)
            case let other:
                unknown.append(other)
            }
        }
        var pages: [String] = []
        for (index, entry) in unknown.enumerated() {
            pages.append(Self.quoted(String(-1 - index)) + ":" + Self.absentPage(entry))
        }
        let withContent = (query["prop"] ?? "").split(separator: "|").contains("revisions")
        var used: Int?
        var cutAt: Int?
        for num in found.sorted() {
            var include = withContent && num >= firstWithContent && cutAt == nil
            let size = explanations[num]?.wikitext.utf8.count ?? 0
            if include, let used, used + size > maxResultSize {
                cutAt = num
                include = false
            }
            if include { used = (used ?? 0) + size }
            pages.append(Self.quoted(String(num)) + ":" + page(num, withContent: include))
        }
        var fields: [String] = []
        if let cutAt {
            fields.append(#""continue":{"rvcontinue":"\#(cutAt)|0","continue":"||"}"#)
        } else {
            fields.append(#""batchcomplete":"""#)
        }
        if requested.count > Self.titleLimit {
            let warning = "Too many values supplied for parameter \"titles\". The limit is \(Self.titleLimit)."
            fields.append(#""warnings":{"query":{"*":"# + Self.quoted(warning) + "}}")
        }
        if !requested.isEmpty {
            var parts: [String] = []
            if !redirects.isEmpty {
                let list = redirects.map { #"{"from":"# + Self.quoted($0.from) + #","to":"# + Self.quoted($0.to) + "}" }
                parts.append(#""redirects":["# + list.joined(separator: ",") + "]")
            }
            parts.append(#""pages":{"# + pages.joined(separator: ",") + "}")
            fields.append(#""query":{"# + parts.joined(separator: ",") + "}")
        }
        return Self.json("{" + fields.joined(separator: ",") + "}")
    }

    /// `N` (digits without a leading zero) or `N: Title` exactly as the page is named.
    private func resolve(_ title: String) -> Resolution {
        if title.isEmpty { return .invalid }
        let digits = title.prefix { $0.isASCII && $0.isNumber }
        guard digits.first != "0", let num = Int(digits), explanations[num] != nil else { return .missing(title) }
        return digits.count == title.count || title == fullTitle(num) ? .page(num) : .missing(title)
    }

    private func fullTitle(_ num: Int) -> String {
        "\(num): \(explanations[num]?.title ?? "")"
    }

    private func page(_ num: Int, withContent: Bool) -> String {
        var out = #"{"pageid":\#(num),"ns":0,"title":"# + Self.quoted(fullTitle(num))
        if withContent, let wikitext = explanations[num]?.wikitext {
            out += #","revisions":[{"contentformat":"text/x-wiki","contentmodel":"wikitext","*":"#
            out += Self.quoted(wikitext) + "}]"
        }
        return out + "}"
    }

    private static func absentPage(_ resolution: Resolution) -> String {
        guard case .missing(let title) = resolution else {
            return #"{"title":"","invalidreason":"The requested page title is empty or contains only the name "#
                + #"of a namespace.","invalid":""}"#
        }
        return #"{"ns":0,"title":"# + quoted(title) + #","missing":""}"#
    }

    /// The page id an `rvcontinue` of the form `PAGEID|REVID` goes on from.
    private static func continuedPageID(_ token: String) -> Int? {
        let parts = token.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count == 2, parts.allSatisfy({ !$0.isEmpty && $0.allSatisfy(\.isASCII) }),
            let pageID = Int(parts[0]), Int(parts[1]) != nil
        else { return nil }
        return pageID
    }

    private static let badContinue =
        #"{"error":{"code":"badcontinue","info":"Invalid continue param. You should pass the original value "#
        + #"returned by the previous query.","*":"See https://www.explainxkcd.com/wiki/api.php for API usage."},"#
        + #""servedby":"mw1"}"#

    /// A JSON string as PHP's `json_encode` writes it for MediaWiki: non-ASCII as `\uXXXX`.
    private static func quoted(_ text: String) -> String {
        LiveAPIJSON.quoted(text)
    }

    private static func json(_ text: String) -> HTTPResponse {
        HTTPResponse(
            status: 200, headers: [("Content-Type", "application/json; charset=utf-8")], body: Data(text.utf8))
    }
}
