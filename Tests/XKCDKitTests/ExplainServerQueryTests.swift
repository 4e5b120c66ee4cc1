import Foundation
import TestSupport
import Testing
@testable import XKCDKit

/// The loopback server's explainxkcd batch query API (MediaWiki 1.30's `action=query`) over
/// real HTTP: redirects, missing pages, the 50-title limit, continuation within a result
/// budget, counted throttling faults, and the parse API beside it.
@Suite final class ExplainServerQueryTests {
    let server: XKCDTestServer
    let transport = CurlTransport(timeout: 5)

    init() throws {
        server = try XKCDTestServer(archive: .synthetic(count: 120), servesImages: false)
    }

    deinit {
        server.stop()
    }

    /// One answer: status, headers, raw body, and the body as a JSON object (empty when it is not one).
    struct Answer {
        var status: Int
        var headers: [String: String]
        var text: String
        var json: [String: Any]

        var pages: [String: [String: Any]] {
            (json["query"] as? [String: Any])?["pages"] as? [String: [String: Any]] ?? [:]
        }

        var redirects: [[String: String]] {
            (json["query"] as? [String: Any])?["redirects"] as? [[String: String]] ?? []
        }

        var rvcontinue: String? {
            (json["continue"] as? [String: String])?["rvcontinue"]
        }

        /// Page id -> wikitext, for the pages that carry their content.
        var contents: [Int: String] {
            var out: [Int: String] = [:]
            for page in pages.values {
                guard let id = page["pageid"] as? Int, let revisions = page["revisions"] as? [[String: String]]
                else { continue }
                out[id] = revisions.first?["*"]
            }
            return out
        }
    }

    func encoded(_ text: String) -> String {
        text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? text
    }

    func get(_ query: String) async throws -> Answer {
        let url = try #require(URL(string: server.baseURL.absoluteString + "/wiki/api.php?" + query))
        let response = try await transport.get(url)
        let json = (try? JSONSerialization.jsonObject(with: response.body)) as? [String: Any] ?? [:]
        return Answer(
            status: response.status, headers: response.headers, text: String(decoding: response.body, as: UTF8.self),
            json: json)
    }

    func query(_ titles: [String], extra: String = "") async throws -> Answer {
        try await get(
            "action=query&prop=revisions&rvprop=content&titles=" + titles.map(encoded).joined(separator: "%7C")
                + "&redirects=1&format=json&maxlag=5" + extra)
    }

    @Test func numbersRedirectTitlesNameThePageAndTheRestAreMissing() async throws {
        for num in [3, 7, 353] { server.setExplanation(num: num, title: "Title \(num)", wikitext: "Page \(num).") }
        server.setExplanation(num: 259, title: "Clichéd Exchanges", wikitext: "Caf\u{E9} ''talk''.")
        let answer = try await query(["7", "353: Title 353", "99999", "12: Wrong", "3", "7", "259: Clichéd Exchanges"])
        #expect(answer.status == 200)
        #expect(answer.headers["content-type"] == "application/json; charset=utf-8")
        #expect(answer.json["batchcomplete"] as? String == "")
        #expect(answer.json["continue"] == nil && answer.json["warnings"] == nil)
        #expect(answer.redirects == [["from": "7", "to": "7: Title 7"], ["from": "3", "to": "3: Title 3"]])
        #expect(Set(answer.pages.keys) == ["-1", "-2", "3", "7", "259", "353"])
        #expect(answer.pages["-1"]?["title"] as? String == "99999")
        #expect(answer.pages["-1"]?["missing"] as? String == "")
        #expect(answer.pages["-2"]?["title"] as? String == "12: Wrong")
        #expect(answer.pages["-2"]?["ns"] as? Int == 0 && answer.pages["-2"]?["pageid"] == nil)
        let page = try #require(answer.pages["353"])
        #expect(
            page["pageid"] as? Int == 353 && page["ns"] as? Int == 0 && page["title"] as? String == "353: Title 353")
        #expect(
            page["revisions"] as? [[String: String]] == [
                ["contentformat": "text/x-wiki", "contentmodel": "wikitext", "*": "Page 353."]
            ])
        #expect(answer.contents == [3: "Page 3.", 7: "Page 7.", 259: "Caf\u{E9} ''talk''.", 353: "Page 353."])
        #expect(answer.pages["259"]?["title"] as? String == "259: Clichéd Exchanges")
        #expect(answer.text.contains(#""title":"259: Clich\u00e9d Exchanges""#), "non-ASCII escaped as PHP does")
        let order = ["\"-1\":", "\"-2\":", "\"3\":", "\"7\":", "\"259\":", "\"353\":"].map {
            answer.text.range(of: $0)?.lowerBound
        }
        #expect(
            order.allSatisfy { $0 != nil } && order.map { $0! } == order.map { $0! }.sorted(), "missing, then by id")
    }

    @Test func answersTheFirstFiftyTitlesAndWarnsAboutTheRest() async throws {
        server.serveGeneratedExplanations()
        let answer = try await query((1...60).map(String.init))
        let warnings = answer.json["warnings"] as? [String: [String: String]]
        #expect(warnings == ["query": ["*": "Too many values supplied for parameter \"titles\". The limit is 50."]])
        #expect(Set(answer.pages.keys) == Set((1...50).map(String.init)))
        #expect(answer.redirects.count == 50)
        #expect(answer.contents.count == 50)
        #expect(answer.json["batchcomplete"] as? String == "")
        let fifty = try await query((1...50).map(String.init))
        #expect(fifty.json["warnings"] == nil)
        #expect(try await query([]).text == #"{"batchcomplete":""}"#)
    }

    @Test func aSmallBudgetIsFollowedByContinuationUntilTheBatchIsComplete() async throws {
        server.serveGeneratedExplanations()
        server.explainMaxResultSize = 12_000
        let titles = (21...70).map(String.init)
        var received: [Int: Int] = [:]
        var token: String?
        var answers = 0
        repeat {
            let answer = try await query(
                titles, extra: token.map { "&rvcontinue=\(encoded($0))&continue=%7C%7C" } ?? "")
            answers += 1
            #expect(answer.pages.count == 50, "every page is listed every time")
            #expect(answer.redirects.count == 50)
            let contents = answer.contents
            #expect(!contents.isEmpty)
            let bytes = contents.values.reduce(0) { $0 + $1.utf8.count }
            #expect(bytes <= 12_000 || contents.count == 1)
            if let token, let from = Int(token.prefix { $0 != "|" }) {
                #expect(contents.keys.allSatisfy { $0 >= from }, "pages before rvcontinue come without content")
            }
            for id in contents.keys { received[id, default: 0] += 1 }
            token = answer.rvcontinue
            if let token {
                #expect(answer.json["batchcomplete"] == nil)
                #expect((answer.json["continue"] as? [String: String])?["continue"] == "||")
                #expect(token == "\(contents.keys.max()! + 1)|0")
            } else {
                #expect(answer.json["batchcomplete"] as? String == "")
            }
        } while token != nil && answers < 60
        #expect(received == Dictionary(uniqueKeysWithValues: (21...70).map { ($0, 1) }), "each page exactly once")
        #expect(answers > 10, "pages of 3 to 8 KB, 12,000 bytes an answer")
        #expect(server.explainQueryCount == answers)
        #expect(server.requestLog.filter { $0.contains("action=query") }.count == answers)
    }

    @Test func aPageLargerThanTheBudgetStillComesAlone() async throws {
        for num in [5, 6, 9] {
            server.setExplanation(num: num, title: "Big \(num)", wikitext: String(repeating: "x", count: 900))
        }
        server.explainMaxResultSize = 100
        var token: String?
        var arrived: [[Int]] = []
        repeat {
            let answer = try await query(["9", "5", "6"], extra: token.map { "&rvcontinue=\(encoded($0))" } ?? "")
            arrived.append(answer.contents.keys.sorted())
            token = answer.rvcontinue
        } while token != nil && arrived.count < 5
        #expect(arrived == [[5], [6], [9]])
        let bad = try await query(["5"], extra: "&rvcontinue=nonsense")
        #expect((bad.json["error"] as? [String: String])?["code"] == "badcontinue")
    }

    @Test func countedThrottlingFaultsComeFirstThenNormalAnswers() async throws {
        server.setExplanation(num: 7, title: "Seven", wikitext: "Page 7.")
        server.setFault(.unavailable(retryAfter: 3), for: "/wiki/api.php", times: 2)
        server.setFault(.maxlag(retryAfter: 5, lag: 7), for: "/wiki/api.php", times: 1)
        for _ in 0..<2 {
            let unavailable = try await query(["7"])
            #expect(unavailable.status == 503)
            #expect(unavailable.headers["retry-after"] == "3")
            #expect(unavailable.headers["content-type"]?.hasPrefix("text/plain") == true)
            #expect(!unavailable.text.isEmpty && unavailable.json.isEmpty)
        }
        let lagged = try await query(["7"])
        #expect(lagged.status == 200)
        #expect(
            lagged.headers["content-type"] == "application/json; charset=utf-8",
            "the fault's header replaces text/plain")
        #expect(lagged.headers["retry-after"] == "5")
        #expect(lagged.headers["x-database-lag"] == "7")
        #expect(
            lagged.text
                == #"{"error":{"code":"maxlag","info":"Waiting for 10.64.0.1: 7 seconds lagged","host":"10.64.0.1","#
                + #""lag":7,"type":"db","*":"See https://www.explainxkcd.com/wiki/api.php for API usage."},"#
                + #""servedby":"mw1"}"#)
        let normal = try await query(["7"])
        #expect(normal.status == 200 && normal.contents == [7: "Page 7."])
        #expect(server.explainQueryCount == 1, "faulted requests are not answers")
        #expect(server.requestLog.filter { $0.contains("action=query") }.count == 4)
    }

    @Test func countedFaultsWinOverAPathsOwnFaultWhichThenResumes() async throws {
        server.setFault(.status(500, body: "down"), for: "/wiki/api.php")
        server.setFault(.unavailable(retryAfter: 1), for: "/wiki/api.php", times: 1)
        #expect(try await query(["1"]).status == 503)
        #expect(try await query(["1"]).status == 500)
        server.setFault(nil, for: "/wiki/api.php")
        server.setFaultForAllPaths(.status(502))
        server.setFault(.maxlag(retryAfter: 1, lag: 2), for: "/wiki/api.php", times: 1)
        #expect((try await query(["1"]).json["error"] as? [String: Any])?["lag"] as? Int == 2)
        #expect(try await query(["1"]).status == 502)
        server.setFault(.unavailable(retryAfter: 1), for: "/wiki/api.php", times: 3)
        server.clearFaults()
        #expect(try await query(["1"]).status == 200)
    }

    @Test func theParseAPIStillAnswersBeside() async throws {
        server.setExplanation(num: 353, title: "Python", wikitext: "Real page.")
        server.serveGeneratedExplanations()
        let parse = try await get("action=parse&page=353&prop=wikitext&format=json&redirects=1")
        let parsed = try #require(parse.json["parse"] as? [String: Any])
        #expect(parsed["title"] as? String == "353: Python")
        #expect((parsed["wikitext"] as? [String: String])?["*"] == "Real page.")
        let generated = try await get("action=parse&page=42&prop=wikitext&format=json&redirects=1")
        let page = try #require(generated.json["parse"] as? [String: Any])
        #expect(page["title"] as? String == "42: Comic 42")
        let batch = try await query(["42"])
        #expect(batch.contents[42] == (page["wikitext"] as? [String: String])?["*"])
        let absent = try await get("action=parse&page=404&prop=wikitext&format=json&redirects=1")
        #expect((absent.json["error"] as? [String: String])?["code"] == "missingtitle")
        #expect(server.explainQueryCount == 1)
    }
}
