import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// ``HTTPTransport`` over URLSession: kept-alive connections, a timeout, cancellation.
public final class URLSessionTransport: HTTPTransport {
    private let session: URLSession
    private let timeout: TimeInterval

    /// Creates a transport whose requests give up after `timeout` seconds.
    public init(timeout: TimeInterval, maxConnectionsPerHost: Int = 8) {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = timeout
        configuration.timeoutIntervalForResource = timeout * 3
        configuration.httpMaximumConnectionsPerHost = maxConnectionsPerHost
        configuration.requestCachePolicy = .reloadIgnoringLocalCacheData
        configuration.urlCache = nil
        configuration.httpAdditionalHeaders = ["User-Agent": "xkcd-terminal/0.1"]
        session = URLSession(configuration: configuration)
        self.timeout = timeout
    }

    deinit {
        session.finishTasksAndInvalidate()
    }

    /// Fetches `url`.
    public func get(_ url: URL) async throws -> HTTPResponse {
        try Task.checkCancellation()
        var request = URLRequest(url: url)
        request.timeoutInterval = timeout
        do {
            let (data, response) = try await session.data(for: request)
            guard let http = response as? HTTPURLResponse else {
                throw XKCDError.network("no HTTP response from \(url.absoluteString)")
            }
            var headers: [String: String] = [:]
            for (key, value) in http.allHeaderFields {
                if let key = key as? String, let value = value as? String { headers[key.lowercased()] = value }
            }
            return HTTPResponse(status: http.statusCode, headers: headers, body: data)
        } catch let error as XKCDError {
            throw error
        } catch {
            if Task.isCancelled { throw XKCDError.cancelled }
            throw Self.describe(error, url: url, timeout: timeout)
        }
    }

    private static func describe(_ error: Error, url: URL, timeout: TimeInterval) -> XKCDError {
        let host = url.host.map { h in url.port.map { "\(h):\($0)" } ?? h } ?? url.absoluteString
        guard let urlError = error as? URLError else {
            return .network("request to \(host) failed: \(error.localizedDescription)")
        }
        switch urlError.code {
        case .cancelled: return .cancelled
        case .timedOut: return .network("\(host) did not answer within \(formatSeconds(timeout)) — check your connection")
        case .cannotConnectToHost: return .network("cannot connect to \(host) (connection refused)")
        case .cannotFindHost, .dnsLookupFailed: return .network("cannot find host \(host) — check the URL or your connection")
        case .notConnectedToInternet: return .network("not connected to the internet")
        case .networkConnectionLost: return .network("the connection to \(host) was lost", retryable: true)
        case .badServerResponse, .cannotParseResponse, .zeroByteResource:
            return .network("\(host) closed the connection without a proper answer", retryable: true)
        case .secureConnectionFailed, .serverCertificateUntrusted, .serverCertificateHasBadDate,
             .serverCertificateNotYetValid, .serverCertificateHasUnknownRoot:
            return .network("secure connection to \(host) failed")
        case .httpTooManyRedirects, .redirectToNonExistentLocation:
            return .network("too many redirects from \(host)")
        default:
            return .network("request to \(host) failed (\(urlError.code.rawValue))")
        }
    }

    private static func formatSeconds(_ t: TimeInterval) -> String {
        t == t.rounded() ? "\(Int(t))s" : String(format: "%.1fs", t)
    }
}
