extension Session {
    /// The card of the comic `reference` names (or the current one); it counts as read.
    func show(_ reference: ComicReference?) async throws -> Outcome {
        shown(try await comic(try resolve(reference)))
    }

    /// The alt text of the comic `reference` names (or the current one).
    func altText(_ reference: ComicReference?) async throws -> Outcome {
        .alt(DisplayComic(try await comic(try resolve(reference))))
    }

    /// The transcript of the comic `reference` names (or the current one).
    func transcript(_ reference: ComicReference?) async throws -> Outcome {
        .transcript(DisplayComic(try await comic(try resolve(reference))))
    }
}
