/// What the store keeps beside the comics, one text value a key, in its `state` table: where
/// the archive stands on the server and what a session carries into the next run. The user's
/// settings live in the settings file, never here.
enum StateKey: Hashable, Sendable {
    /// The newest comic number the server reported.
    case latestNumber
    /// When it reported it, in seconds since 1970.
    case latestCheckedAt
    /// The validators of the server's last answer for the newest comic.
    case checkValidators
    /// The newest comic a new-comics check of `mark` has reported.
    case reportedNewest(NewComicsMark)
    /// The browsing state, in ``SessionState/encoded`` form.
    case browsingState
    /// The browsing state as stores before visit rows kept it, visits inside.
    case browsingStateWithVisits
    /// Changes whenever vectors of the index by meaning are written, so that a session holding
    /// them knows to read them again.
    case meaningRevision
    /// Set once a search has said how to build the index by meaning.
    case meaningHintGiven
    /// The model file whose weights were last found to match their digest, as
    /// ``MeaningModel/fileIdentity`` names it.
    case verifiedModel

    var name: String {
        switch self {
        case .latestNumber: "latest.num"
        case .latestCheckedAt: "latest.checked_at"
        case .checkValidators: "check.validators"
        case .reportedNewest(.check): "check.reported_newest"
        case .reportedNewest(.visit): "visit.reported_newest"
        case .browsingState: "session.state.v3"
        case .browsingStateWithVisits: "session.state.v2"
        case .meaningRevision: "meaning.revision"
        case .meaningHintGiven: "meaning.hint_given"
        case .verifiedModel: "meaning.verified_model"
        }
    }
}

extension ComicStore {
    /// The value kept under `key`.
    func state(_ key: StateKey) throws -> String? {
        try read { db in try Self.state(key, in: db) }
    }

    /// Sets `key` to `value` only if it still holds `expected` (nil: not set), in one
    /// transaction; false when another writer got there first.
    func replaceState(_ key: StateKey, expected: String?, with value: String) throws -> Bool {
        try write { db in
            guard try Self.state(key, in: db) == expected else { return false }
            try Self.setState(key, value, in: db)
            return true
        }
    }

    /// Sets (or, with nil, removes) the value kept under `key`.
    func setState(_ key: StateKey, _ value: String?) throws {
        try write { db in try Self.setState(key, value, in: db) }
    }

    /// The value kept under `key` in `table` (`setting` in a store before v13).
    static func state(_ key: StateKey, in db: SQLiteConnection, table: String = "state") throws -> String? {
        try db.cached("SELECT value FROM \(table) WHERE key = ?").value([key.name], as: String.self)
    }

    /// Sets (or, with nil, removes) the value kept under `key` in `table`.
    static func setState(_ key: StateKey, _ value: String?, in db: SQLiteConnection, table: String = "state") throws {
        if let value {
            try db.cached(
                "INSERT INTO \(table)(key, value) VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value"
            ).execute([key.name, value])
        } else {
            try db.cached("DELETE FROM \(table) WHERE key = ?").execute([key.name])
        }
    }
}
