import SentenceEncoder

#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// What turns text into a point in a space where texts that mean alike lie close: the sentence
/// encoder, or in tests an encoder of their own.
package protocol MeaningEncoder: Sendable {
    /// Names the model and its weights: vectors another made are made again.
    var identity: String { get }
    /// Each text's vector, of unit length.
    func embed(_ texts: [String]) -> [[Float]]
    /// Checks that the vectors it makes can be kept: a damaged model throws.
    func verifyWeights() throws
}

extension SentenceEncoder: MeaningEncoder {}

/// The sentence encoder a session searches and indexes with, read from its file the first time
/// it is needed: a command that never searches by meaning never reads it.
package final class MeaningModel: Sendable {
    private enum Source {
        case none
        case turnedOff
        case file(URL)
        case encoder(any MeaningEncoder)
    }

    private let source: Source
    private let loaded = Lock<Result<any MeaningEncoder, XKCDError>?>(nil)

    /// No model: search is by words alone.
    package static let none = MeaningModel(source: .none)
    /// No model, as `XKCD_MODEL=` asks.
    static let turnedOff = MeaningModel(source: .turnedOff)

    private init(source: Source) {
        self.source = source
    }

    /// The model in `file`, read when first needed.
    package convenience init(file: URL) {
        self.init(source: .file(file))
    }

    /// `encoder` itself.
    package convenience init(_ encoder: any MeaningEncoder) {
        self.init(source: .encoder(encoder))
    }

    /// Whether there is a model to search by meaning with.
    var exists: Bool {
        switch source {
        case .none, .turnedOff: false
        case .file, .encoder: true
        }
    }

    /// Whether `XKCD_MODEL=` turned search by meaning off.
    var isTurnedOff: Bool {
        if case .turnedOff = source { return true }
        return false
    }

    /// The encoder, read from its file the first time; nil when there is no model. A file that
    /// cannot be read fails each time with the same error.
    func encoder() throws -> (any MeaningEncoder)? {
        switch source {
        case .none, .turnedOff: return nil
        case let .encoder(encoder): return encoder
        case let .file(file):
            let result = loaded.withLock { loaded in
                if let loaded { return loaded }
                let result: Result<any MeaningEncoder, XKCDError>
                do {
                    result = .success(try SentenceEncoder(contentsOf: file))
                } catch {
                    result = .failure(.file("cannot use the sentence encoder's model: \(error)"))
                }
                loaded = result
                return result
            }
            return try result.get()
        }
    }

    /// The model file as it stands on disk (device, inode, size and change time, which any
    /// write to it changes); nil where there is no file, or it cannot be looked at.
    func fileIdentity() -> String? {
        guard case let .file(file) = source else { return nil }
        var status = stat()
        guard stat(file.path, &status) == 0 else { return nil }
        #if canImport(Darwin)
            let changed = status.st_ctimespec
        #else
            let changed = status.st_ctim
        #endif
        return "\(status.st_dev):\(status.st_ino):\(status.st_size):\(changed.tv_sec).\(changed.tv_nsec)"
    }

    /// The name of the model file the package installs and a source build makes.
    package static let fileName = "all-minilm-l6-v2.xkcd"

    /// Where the model is looked for, in order: the file `XKCD_MODEL` names (empty: no model),
    /// beside the program (the tarball), in `lib/xkcd` beside its `bin` (install.sh), a source
    /// build's `.build/model` (the program is in `.build/<triple>/release`, which
    /// `.build/release` links to), and the installed package's.
    package static func locate(
        environment: Environment, executable: URL?, installed: String = "/usr/share/xkcd/" + fileName
    ) -> MeaningModel {
        if let named = environment["XKCD_MODEL"] {
            return named.isEmpty
                ? .turnedOff
                : MeaningModel(file: URL(fileURLWithPath: LocalPath.expandingTilde(named, environment: environment)))
        }
        var candidates: [URL] = []
        if let directory = executable?.resolvingSymlinksInPath().deletingLastPathComponent().resolvingSymlinksInPath() {
            let parent = directory.deletingLastPathComponent()
            candidates.append(directory.appendingPathComponent(fileName))
            candidates.append(parent.appendingPathComponent("lib/xkcd/" + fileName))
            candidates.append(parent.deletingLastPathComponent().appendingPathComponent("model/" + fileName))
        }
        candidates.append(URL(fileURLWithPath: installed))
        guard let found = candidates.first(where: { LocalPath.exists($0.path) && !LocalPath.isDirectory($0.path) })
        else {
            return .none
        }
        return MeaningModel(file: found)
    }
}
