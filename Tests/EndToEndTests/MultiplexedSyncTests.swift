import Foundation
import TestSupport
import Testing

/// `sync` the way a user far from the server meets it: nginx serving TLS on loopback, behind a
/// proxy that holds every byte 10 ms each way, trusted through the test authority. HTTP/2
/// carries the whole sync on one connection; HTTP/1.1 opens at most eight, whatever --jobs says.
@Suite(.serialized) final class MultiplexedSyncTests {
    private let scratch: URL
    private let certificates: TestCertificates
    private let archive = ComicArchive.synthetic(count: 300)

    init() throws {
        scratch = FileManager.default.temporaryDirectory.appendingPathComponent("xkcd-h2-\(UUID().uuidString)")
        certificates = try TestCertificates.make(in: scratch.appendingPathComponent("tls"))
    }

    deinit {
        try? FileManager.default.removeItem(at: scratch)
    }

    // nginx serving the archive (images included) and the proxy in front of it.
    private struct Site {
        let nginx: NginxServer
        let proxy: DelayProxy
        let xkcd: XKCDBinary

        func stop() {
            proxy.stop()
            nginx.stop()
            xkcd.cleanUp()
        }
    }

    private func serve(http2: Bool) throws -> Site {
        let name = http2 ? "h2" : "h1"
        let root = scratch.appendingPathComponent("site-\(name)")
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        let nginx = try NginxServer(
            root: root, certificates: certificates, http2: http2,
            prefix: scratch.appendingPathComponent("nginx-\(name)"))
        let proxy: DelayProxy
        do {
            proxy = try DelayProxy(targetPort: nginx.port, delay: 0.01)
        } catch {
            nginx.stop()
            throw error
        }
        do {
            let base = try #require(URL(string: "https://127.0.0.1:\(proxy.port)/"))
            try archive.writeSite(to: root, images: base)
            return Site(nginx: nginx, proxy: proxy, xkcd: try XKCDBinary(baseURL: base))
        } catch {
            proxy.stop()
            nginx.stop()
            throw error
        }
    }

    private var trustTheAuthority: [String: String] { ["CURL_CA_BUNDLE": certificates.authority.path] }

    private func summary(_ run: XKCDBinary.Run) throws -> [String: Any] {
        #expect(run.status == 0, "\(run.stderr)")
        return try #require(try JSONSerialization.jsonObject(with: Data(run.stdout.utf8)) as? [String: Any])
    }

    @Test func http2CarriesTheWholeSyncOnOneConnection() throws {
        let site = try serve(http2: true)
        defer { site.stop() }
        let synced = try summary(
            site.xkcd.run(["--json", "sync", "--images", "--no-explanations"], extraEnvironment: trustTheAuthority))
        #expect(synced["fetched"] as? Int == 299, "the newest came with the first request")
        #expect(synced["images_fetched"] as? Int == 300)
        #expect(synced["failed"] as? [Int] == [])
        #expect(site.proxy.connectionCount == 1, "every comic and image over one connection")

        let offline = try site.xkcd.run(["--offline", "--json", "goto", "250"])
        #expect(offline.status == 0, "\(offline.stderr)")
        #expect(offline.stdout.contains("\"title\":\"Comic 250\""))
        let stats = try summary(site.xkcd.run(["--offline", "--json", "cache", "stats"]))
        #expect(stats["comics"] as? Int == 300)
        #expect(stats["images"] as? Int == 300)
    }

    @Test func http2StaysOnOneConnectionWhateverJobsSays() throws {
        let site = try serve(http2: true)
        defer { site.stop() }
        let synced = try summary(
            site.xkcd.run(["--json", "sync", "--jobs", "3", "--no-explanations"], extraEnvironment: trustTheAuthority))
        #expect(synced["fetched"] as? Int == 299, "the newest came with the first request")
        #expect(site.proxy.connectionCount == 1)
    }

    @Test func http1OpensAtMostEightConnectionsWhateverJobsSays() throws {
        let site = try serve(http2: false)
        defer { site.stop() }
        let synced = try summary(
            site.xkcd.run(
                ["--json", "sync", "--images", "--jobs", "100", "--no-explanations"],
                extraEnvironment: trustTheAuthority))
        #expect(synced["fetched"] as? Int == 299, "the newest came with the first request")
        #expect(synced["images_fetched"] as? Int == 300)
        #expect((2...8).contains(site.proxy.connectionCount), "\(site.proxy.connectionCount) connections")
    }

    @Test func theAuthorityIsTrustedThroughEitherVariableAndNothingElse() throws {
        let site = try serve(http2: true)
        defer { site.stop() }
        let untrusted = try site.xkcd.run(["latest"])
        #expect(untrusted.status != 0)
        #expect(untrusted.errorLines.count == 1, "\(untrusted.stderr)")
        #expect(untrusted.stderr.contains("certificate"), "\(untrusted.stderr)")

        for name in ["CURL_CA_BUNDLE", "SSL_CERT_FILE"] {
            let trusted = try site.xkcd.run(
                ["--json", "goto", "7"], extraEnvironment: [name: certificates.authority.path])
            #expect(trusted.status == 0, "\(name): \(trusted.stderr)")
            #expect(trusted.stdout.contains("\"title\":\"Comic 7\""), "\(name)")
        }
    }

    @Test func httpsProxyIsHonouredAndNoProxyBypassesIt() throws {
        let site = try serve(http2: true)
        defer { site.stop() }
        let tunnel = try DelayProxy(targetPort: site.proxy.port, delay: 0, tunnel: true)
        defer { tunnel.stop() }
        let proxy = "http://127.0.0.1:\(tunnel.port)"
        let synced = try summary(
            site.xkcd.run(
                ["--json", "sync", "--no-explanations"],
                extraEnvironment: trustTheAuthority.merging(["https_proxy": proxy]) { $1 }))
        #expect(synced["fetched"] as? Int == 299)
        #expect(tunnel.tunnelledAuthorities == ["127.0.0.1:\(site.proxy.port)"], "one tunnel, to the server")

        let direct = try site.xkcd.run(
            ["--json", "goto", "3"],
            extraEnvironment: trustTheAuthority.merging(["https_proxy": proxy, "no_proxy": "127.0.0.1"]) { $1 })
        #expect(direct.status == 0, "\(direct.stderr)")
        #expect(tunnel.connectionCount == 1, "no_proxy goes around the proxy")
    }
}
