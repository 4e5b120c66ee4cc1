import Foundation
import TestSupport
import Testing

/// Every networked command against every network fault, through the built binary: one
/// `error:` line per command, retries only where a retry can help, nothing wrong stored, and
/// the script (the REPL's loop without a terminal) goes on.
struct NetworkFaultTests {
    /// One way for the network to fail, and how many requests each command may make for it.
    struct Case: Sendable, CustomTestStringConvertible {
        enum Setup: Sendable {
            case fault(XKCDTestServer.Fault)
            case serverStopped
            case unknownHost
        }

        var name: String
        var setup: Setup
        /// Requests per command: 3 when retried (two retries), 1 when not, nil when not counted.
        var requestsPerCommand: Int?
        /// Requests `next` makes beyond those: the numbers after one the server does not have.
        var nextLooksFurther = 0

        var testDescription: String { name }
    }

    /// Run in a data directory that holds comic #2 (and the newest, #2665, which `goto` also
    /// fetched), so `explain 2` and `image 2` reach only explainxkcd and the image server.
    /// `next` and `prev` move from #2 to comics that are not stored; after a 404, which says a
    /// comic does not exist, `next` tries #4, #5 and #6 and then gives up.
    static let networkedCommands = [
        "goto 3", "next", "prev", "show 10", "alt 11", "transcript 12", "fav 13", "save 14", "share 15", "sync",
        "explain 2", "image 2", "check",
    ]

    static let cases: [Case] = [
        Case(name: "refused connection", setup: .serverStopped),
        Case(name: "DNS failure", setup: .unknownHost),
        Case(name: "hang past the timeout", setup: .fault(.hang), requestsPerCommand: 1),
        Case(name: "HTTP 500", setup: .fault(.status(500, body: "internal error")), requestsPerCommand: 3),
        Case(
            name: "HTTP 503 with Retry-After", setup: .fault(.status(503, headers: ["Retry-After": "0"])),
            requestsPerCommand: 3),
        Case(
            name: "HTTP 404", setup: .fault(.status(404, body: "<html>not here</html>")), requestsPerCommand: 1,
            nextLooksFurther: 2),
        Case(name: "redirect loop", setup: .fault(.status(302, headers: ["Location": "/loop"])), requestsPerCommand: 6),
        Case(
            name: "redirect to file:", setup: .fault(.status(302, headers: ["Location": "file:///etc/passwd"])),
            requestsPerCommand: 1),
        Case(name: "truncated body", setup: .fault(.truncate(afterBytes: 7)), requestsPerCommand: 3),
        Case(name: "closed without an answer", setup: .fault(.closeImmediately), requestsPerCommand: 3),
        Case(
            name: "JSON over 1 MB",
            setup: .fault(.body("{\"num\": 3, \"pad\": \"" + String(repeating: "x", count: 1 << 20) + "\"}")),
            requestsPerCommand: 1),
        Case(name: "not JSON", setup: .fault(.body("<html><body>\u{1B}[2Jhello</body></html>")), requestsPerCommand: 1),
        Case(name: "JSON of the wrong shape", setup: .fault(.body("[1, 2, 3]")), requestsPerCommand: 1),
        Case(
            name: "JSON with wrong types",
            setup: .fault(
                .body(
                    #"{"num": "three", "year": [], "month": {}, "day": true, "title": 42, "safe_title": null, "img": 7, "parse": "x"}"#
                )),
            requestsPerCommand: 1),
        Case(
            name: "JSON with missing fields", setup: .fault(.body(#"{"num": 3, "parse": {}}"#)), requestsPerCommand: 1),
    ]

    @Test(arguments: cases)
    func everyNetworkedCommandGivesOneErrorLineAndStoresNothing(_ fault: Case) throws {
        let loopback = try Loopback()
        let server = loopback.server
        var xkcd = loopback.xkcd
        #expect(try xkcd.run(["goto", "2"]).status == 0)
        // `latest` asks the server only when the newest it knows is older than a few minutes:
        // it runs in a data directory of its own.
        var fresh = XKCDBinary(
            baseURL: server.baseURL, dataDirectory: xkcd.dataDirectory.appendingPathComponent("fresh"))
        switch fault.setup {
        case .fault(let f): server.setFaultForAllPaths(f)
        case .serverStopped: server.stop()
        case .unknownHost:
            server.stop()
            xkcd = XKCDBinary(baseURL: URL(string: "http://no-such-host.invalid")!, dataDirectory: xkcd.dataDirectory)
            fresh = XKCDBinary(baseURL: xkcd.baseURL, dataDirectory: fresh.dataDirectory)
        }
        server.resetCounters()
        let environment = ["XKCD_TIMEOUT": "1", "COLUMNS": "60"]
        let script = Self.networkedCommands + ["history"]
        let run = try xkcd.run([], stdin: script.joined(separator: "\n") + "\n", extraEnvironment: environment)
        #expect(run.status == 1)
        #expect(run.errorLines.count == Self.networkedCommands.count, "\(run.stderr)")
        let latest = try fresh.run(["latest"], extraEnvironment: environment)
        let countedRequests = server.requestCount
        // A comic `random` cannot have is skipped for another (a 404 is xkcd's answer for a
        // number that was never drawn), so its requests are not counted with the others. It runs
        // where nothing is stored: with the server unreachable, `random` rightly falls back to
        // the stored comics, and may show the stored #2.
        let random = try fresh.run(["random"], extraEnvironment: environment)
        #expect(random.status == 1)
        #expect(random.errorLines.count == 1, "\(random.stderr)")
        #expect(latest.status == 1)
        #expect(latest.errorLines.count == 1, "\(latest.stderr)")
        let stderr = run.stderr + latest.stderr + random.stderr
        #expect(stderr.split(separator: "\n").allSatisfy { $0.hasPrefix("error: ") && $0.count < 200 }, "\(stderr)")
        // An error is one line, however long; what goes to stdout fits the width.
        #expect(OutputHygiene.problems(in: stderr).isEmpty, "\(stderr)")
        #expect(OutputHygiene.problems(in: run.stdout, width: 60).isEmpty, "\(run.stdout)")
        #expect(run.stdout.contains("#2     Petit Trees"), "the script went on to `history`: \(run.stdout)")
        if let perCommand = fault.requestsPerCommand {
            let expected = perCommand * (Self.networkedCommands.count + 1) + fault.nextLooksFurther
            #expect(countedRequests == expected, "\(server.requestLog)")
        }
        // Nothing wrong was stored: offline, #3, the image and the explanation are not there.
        let offline = try xkcd.run(["--offline", "-c", "goto 3; explain 2; image 2; fav 13"])
        #expect(offline.errorLines.count == 4, "\(offline.stderr)")
        let favorites = try xkcd.run(["--offline", "favs"])
        #expect(favorites.status == 0 && favorites.errorLines.isEmpty, "\(favorites.stderr)")
        #expect(!favorites.stdout.contains("#13"), "\(favorites.stdout)")
        #expect(try Self.storedCounts(xkcd) == [2, 0])
        #expect(try Self.storedCounts(fresh) == [0, 0])
    }

    /// Comics and images stored.
    static func storedCounts(_ xkcd: XKCDBinary) throws -> [Int] {
        let stats = try xkcd.run(["--json", "--offline", "cache", "stats"])
        let object = try JSONSerialization.jsonObject(with: Data(stats.stdout.utf8)) as? [String: Any]
        return [object?["comics"] as? Int ?? -1, object?["images"] as? Int ?? -1]
    }
}
