#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

extension XKCDClient {
    /// The largest explanation accepted.
    static let maxExplanationBytes = 2 << 20

    /// explainxkcd's page for comic `num`, through its MediaWiki API; the numeric page
    /// redirects to `N: Title`. Throws ``XKCDError/noExplanation(_:)`` when there is none yet.
    func explanation(of num: Int) async throws -> ExplainPage {
        var components = URLComponents(
            url: explainURL.appendingPathComponent("wiki/api.php"), resolvingAgainstBaseURL: false)
        components?.queryItems = [
            URLQueryItem(name: "action", value: "parse"), URLQueryItem(name: "page", value: String(num)),
            URLQueryItem(name: "prop", value: "wikitext"), URLQueryItem(name: "format", value: "json"),
            URLQueryItem(name: "redirects", value: "1"),
        ]
        guard let url = components?.url else { throw XKCDError.cannotDo("--explain-url is not a usable address") }
        let response = try await get(url)
        guard response.status == 200 || response.status == 404 else {
            throw XKCDError.httpStatus(response.status, url: url.absoluteString)
        }
        // A page that does not exist is MediaWiki's `missingtitle` error in JSON; any other 404
        // comes from a server that is not its API (a wrong --explain-url).
        let notAnAPI = XKCDError.badData(
            "not a MediaWiki API at \(explainURL.appendingPathComponent("wiki/api.php").absoluteString) "
                + "(\(response.status))")
        guard response.body.count <= Self.maxExplanationBytes else {
            if response.status == 404 { throw notAnAPI }
            throw XKCDError.badData("the explanation of #\(num) is larger than \(Self.maxExplanationBytes >> 20) MB")
        }
        let document: JSONValue
        do {
            document = try JSONReader.parse(response.body)
        } catch {
            if response.status == 404 { throw notAnAPI }
            throw XKCDError.badData("explainxkcd sent something that is not JSON")
        }
        if document["error"]?["code"]?.string == "missingtitle" { throw XKCDError.noExplanation(num) }
        guard response.status == 200 else { throw notAnAPI }
        if let error = document["error"] {
            let info = TerminalSanitizer.brief(error["info"]?.string ?? "unknown error", limit: 80)
            throw XKCDError.badData("explainxkcd refused the request: \(info)")
        }
        // format=json puts the text under "*"; formatversion=2 gives it directly.
        guard let parse = document["parse"],
            let wikitext = parse["wikitext"]?["*"]?.string ?? parse["wikitext"]?.string
        else {
            throw XKCDError.badData("explainxkcd sent JSON that is not a page")
        }
        return ExplainPage(
            num: num, title: ComicPayload.withoutNUL(parse["title"]?.string ?? "\(num)"),
            wikitext: ComicPayload.withoutNUL(wikitext))
    }
}
