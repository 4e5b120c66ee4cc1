import Foundation
import TestSupport
import XKCDKit

extension Bench {
    /// The newest comic of the live archive when these rows were written.
    static let liveNewest = 3281
    /// Each way over the link: a 40 ms round trip, an ordinary distance to a CDN's edge.
    static let linkDelay = 0.020

    /// A full `sync` over a 40 ms link: nginx on loopback (TLS with a certificate made on the
    /// spot; HTTP/2, then HTTP/1.1 only) behind a proxy that holds every byte 20 ms each way,
    /// against curl fetching the same URLs through the same proxy in the same rounds.
    func linkRows(archive: ComicArchive, into table: inout Table) throws {
        log("sync over a 40 ms link …")
        var live = archive
        for num in 1...Self.liveNewest where num != 404 && live.bodies[num] == nil {
            live.bodies[num] = ComicArchive.body(
                num: num, title: "Comic \(num)", alt: "alt \(num)", year: 2025, month: 1, day: 1 + num % 28)
        }
        let certificates = try TestCertificates.make(in: try directory("tls"))
        let curl = try Machine.which("curl")
        for http2 in [true, false] {
            let name = http2 ? "h2" : "h1"
            let root = try directory("site-\(name)")
            try live.writeSite(to: root)
            let nginx = try NginxServer(
                root: root, certificates: certificates, http2: http2, prefix: try directory("nginx-\(name)"))
            defer { nginx.stop() }
            let proxy = try DelayProxy(targetPort: nginx.port, delay: Self.linkDelay)
            defer { proxy.stop() }
            let base = "https://127.0.0.1:\(proxy.port)"
            let urls = try curlConfig(
                "link-urls-\(name).txt",
                fetching: (1...Self.liveNewest).filter { $0 != 404 }.map { "\(base)/\($0)/info.0.json" })
            let curlArguments =
                (http2
                    ? ["--http2", "--parallel", "--parallel-max", "100"]
                    : ["--http1.1", "--parallel", "--parallel-max", "8"])
                + ["-s", "--fail", "--cacert", certificates.authority.path, "-K", urls.path]
            var ours: [Double] = []
            var floor: [Double] = []
            var connections: [Int] = []
            for round in 0..<(http2 ? 5 : 3) {
                var variables = environment(try directory("link-\(name)-\(round)"), baseURL: base)
                variables["CURL_CA_BUNDLE"] = certificates.authority.path
                let before = proxy.connectionCount
                let run = try Spawn.run(options.xkcd, ["sync", "--no-explanations"], environment: variables)
                guard run.status == 0 else { throw BenchError("sync over \(name) failed (\(run.status))") }
                ours.append(run.seconds)
                connections.append(proxy.connectionCount - before)
                let fetched = try Spawn.run(curl, curlArguments, environment: variables)
                guard fetched.status == 0 else { throw BenchError("curl over \(name) failed (\(fetched.status))") }
                floor.append(fetched.seconds)
            }
            let opened = Set(connections).sorted().map(String.init).joined(separator: "–")
            table.add(
                "full `sync` of \(live.bodies.count) comics over a 40 ms link, "
                    + (http2 ? "HTTP/2" : "HTTP/1.1 only")
                    + " (nginx, TLS; \(opened) connection\(opened == "1" ? "" : "s"))",
                ours: Measure.median(ours), floor: Measure.median(floor),
                floorName: "curl " + curlArguments.prefix(4).joined(separator: " ") + ", same URLs, same link",
                goal: .ratio(1.3))
        }
    }
}
