import Foundation

/// A certificate authority made on the spot with the openssl command, and a certificate it
/// signed for 127.0.0.1 and localhost: for serving TLS on loopback to a client that trusts
/// only this authority (`CURL_CA_BUNDLE` / `SSL_CERT_FILE` naming ``authority``).
package struct TestCertificates: Sendable {
    /// The authority's certificate (PEM): the bundle a client is given.
    package let authority: URL
    /// The server's certificate (PEM), signed by the authority.
    package let certificate: URL
    /// The server's private key (PEM).
    package let key: URL

    /// Why the certificates could not be made.
    package struct Failure: Error, CustomStringConvertible {
        /// What openssl said.
        package let description: String
    }

    /// Makes an authority and a server certificate in `directory` (created if missing).
    package static func make(in directory: URL) throws -> TestCertificates {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        func path(_ name: String) -> String { directory.appendingPathComponent(name).path }
        let extensions = path("server.ext")
        try Data("subjectAltName = IP:127.0.0.1, DNS:localhost\nbasicConstraints = CA:FALSE\n".utf8)
            .write(to: URL(fileURLWithPath: extensions))
        let steps: [[String]] = [
            [
                "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", path("ca.key"), "-out", path("ca.pem"), "-days", "2", "-subj", "/CN=xkcd test authority",
            ],
            [
                "req", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
                "-keyout", path("server.key"), "-out", path("server.csr"), "-subj", "/CN=127.0.0.1",
            ],
            [
                "x509", "-req", "-in", path("server.csr"), "-CA", path("ca.pem"), "-CAkey", path("ca.key"),
                "-CAcreateserial", "-out", path("server.pem"), "-days", "2", "-extfile", extensions,
            ],
        ]
        for step in steps {
            let result = try ChildProcess.run("openssl", step)
            guard result.status == 0 else {
                throw Failure(description: "openssl \(step[0]) failed: \(result.stderr)")
            }
        }
        return TestCertificates(
            authority: URL(fileURLWithPath: path("ca.pem")), certificate: URL(fileURLWithPath: path("server.pem")),
            key: URL(fileURLWithPath: path("server.key")))
    }
}
