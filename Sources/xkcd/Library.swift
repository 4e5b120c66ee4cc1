import Foundation
import XKCDKit

/// The data directory's store and the session over it, opened on first use: a script with
/// no commands, or a failed parse, never touches the database.
final class Library {
    private let open: () throws -> (session: Session, titles: TitleIndexCache)
    private var opened: (session: Session, titles: TitleIndexCache)?

    init(open: @escaping () throws -> (session: Session, titles: TitleIndexCache)) {
        self.open = open
    }

    /// The session, opening the store the first time.
    func session() throws -> Session {
        try load().session
    }

    /// The title index for Tab, opening the store the first time.
    func titles() throws -> TitleIndexCache {
        try load().titles
    }

    private func load() throws -> (session: Session, titles: TitleIndexCache) {
        if let opened { return opened }
        let made = try open()
        opened = made
        return made
    }
}
