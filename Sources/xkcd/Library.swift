import XKCDKit

#if canImport(FoundationEssentials)
    import FoundationEssentials
#else
    import Foundation
#endif

/// The data directory's store and the session over it, opened on first use: a script with
/// no commands, or a failed parse, never touches the database.
final class Library {
    private let open: () throws -> Session
    private var opened: Session?

    init(open: @escaping () throws -> Session) {
        self.open = open
    }

    /// The session, opening the store the first time.
    func session() throws -> Session {
        if let opened { return opened }
        let session = try open()
        opened = session
        return session
    }
}
