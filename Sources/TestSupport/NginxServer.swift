import Foundation

/// nginx serving a directory over TLS on 127.0.0.1, with HTTP/2 or only HTTP/1.1, run in the
/// foreground as a child of the caller: stopped by ``stop()`` or when the instance goes away,
/// and killed by a watchdog process if the caller dies first.
package final class NginxServer: @unchecked Sendable {
    /// The port nginx listens on.
    package let port: UInt16
    private let process: Process
    private let watchdog: Process
    private let prefix: URL

    /// Why nginx could not be started.
    package struct Failure: Error, CustomStringConvertible {
        /// What went wrong, with nginx's own error log when it wrote one.
        package let description: String
    }

    /// Serves `root` (files as they are, `.json` as JSON) with `certificates`, speaking HTTP/2
    /// when `http2` (else HTTP/1.1 only); nginx's files go under `prefix`.
    package init(root: URL, certificates: TestCertificates, http2: Bool, prefix: URL) throws {
        self.prefix = prefix
        let executable = try Self.executable()
        try FileManager.default.createDirectory(at: prefix, withIntermediateDirectories: true)
        port = try Self.freePort()
        let configuration = prefix.appendingPathComponent("nginx.conf")
        try Data(
            Self.configuration(
                root: root.path, certificates: certificates, http2: http2, prefix: prefix.path, port: port
            ).utf8
        ).write(to: configuration)
        process = try ChildProcess.startQuietly(
            URL(fileURLWithPath: executable),
            ["-p", prefix.path, "-c", configuration.path, "-e", prefix.appendingPathComponent("error.log").path])
        // If the caller dies without stopping nginx, this kills it; `stop()` ends it first.
        do {
            watchdog = try ChildProcess.startQuietly(
                URL(fileURLWithPath: "/bin/sh"),
                ["-c", "while kill -0 \(getpid()) 2>/dev/null; do sleep 1; done; kill -9 \(process.processIdentifier)"])
        } catch {
            kill(process.processIdentifier, SIGKILL)
            process.waitUntilExit()
            throw error
        }
        try waitUntilListening()
    }

    deinit {
        stop()
    }

    /// Stops nginx and waits for it to exit.
    package func stop() {
        // SIGKILL, not SIGTERM: a child started from a thread that blocks SIGTERM inherits the
        // block (as test runners' threads may), and would never see it.
        for child in [process, watchdog] where child.isRunning {
            kill(child.processIdentifier, SIGKILL)
        }
        watchdog.waitUntilExit()
        process.waitUntilExit()
    }

    private func waitUntilListening() throws {
        let deadline = Date().addingTimeInterval(10)
        // nginx writes its pid file once its socket is bound: a listener on the port before
        // that is someone else's.
        let pidFile = prefix.appendingPathComponent("nginx.pid").path
        while Date() < deadline {
            if FileManager.default.fileExists(atPath: pidFile), let fd = try? POSIXSocket.connectLoopback(port: port) {
                POSIXSocket.closeDescriptor(fd)
                return
            }
            guard process.isRunning else { break }
            Thread.sleep(forTimeInterval: 0.02)
        }
        stop()
        let log = (try? String(contentsOf: prefix.appendingPathComponent("error.log"), encoding: .utf8)) ?? ""
        throw Failure(description: "nginx did not start listening on 127.0.0.1:\(port): \(log)")
    }

    /// The nginx to run: the one `XKCD_TEST_NGINX` names (`make` names the one it unpacks),
    /// else the one scripts/fetch-nginx.sh unpacks under the package's `.build`, else the system's.
    private static func executable() throws -> String {
        let named = ProcessInfo.processInfo.environment["XKCD_TEST_NGINX"] ?? ""
        let unpacked = CheckedInFile.packageRoot().appendingPathComponent(".build/test-tools/nginx/usr/sbin/nginx")
        let system = ["/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx", "/opt/homebrew/bin/nginx"]
        let candidates = ([named, unpacked.path] + system).filter { !$0.isEmpty }
        guard let executable = candidates.first(where: FileManager.default.isExecutableFile(atPath:)) else {
            throw Failure(description: "no nginx at \(candidates.joined(separator: ", ")) (make test unpacks one)")
        }
        return executable
    }

    // A port nothing listens on now (nginx binds it a moment later).
    private static func freePort() throws -> UInt16 {
        let (fd, port) = try POSIXSocket.listenLoopback(port: 0)
        POSIXSocket.closeDescriptor(fd)
        return port
    }

    private static func configuration(
        root: String, certificates: TestCertificates, http2: Bool, prefix: String, port: UInt16
    ) -> String {
        """
        daemon off;
        master_process off;
        pid \(prefix)/nginx.pid;
        error_log \(prefix)/error.log warn;
        events { worker_connections 1024; }
        http {
            access_log off;
            client_body_temp_path \(prefix)/body;
            proxy_temp_path \(prefix)/proxy;
            fastcgi_temp_path \(prefix)/fastcgi;
            uwsgi_temp_path \(prefix)/uwsgi;
            scgi_temp_path \(prefix)/scgi;
            types { application/json json; image/png png; }
            default_type application/octet-stream;
            keepalive_requests 100000;
            keepalive_timeout 60s;
            server {
                listen 127.0.0.1:\(port) ssl\(http2 ? " http2" : "");
                ssl_certificate \(certificates.certificate.path);
                ssl_certificate_key \(certificates.key.path);
                root \(root);
            }
        }

        """
    }
}
