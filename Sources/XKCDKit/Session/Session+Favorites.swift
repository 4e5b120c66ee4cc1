extension Session {
    /// Makes the comic `reference` names (or the current one) a favorite, keeping its image
    /// and explanation; for a favorite already, stores what it was missing (one made offline).
    func addFavorite(_ reference: ComicReference?) async throws -> Outcome {
        let comic = try await comic(try resolve(reference))
        let title = DisplayComic(comic).title
        let before = try favorites.copies(comic.num)
        var imageBytes: Int?
        if comic.hasImage {
            do {
                imageBytes = try await images.image(comic, true).data.count
            } catch XKCDError.cancelled {
                throw XKCDError.cancelled
            } catch {
                notify(
                    "note: the image of #\(comic.num) was not stored (\(XKCDError.message(for: error))); "
                        + "'fav \(comic.num)' again to retry")
            }
        }
        // The explanation is kept too, so it reads offline; a comic too new for one is fine.
        do {
            _ = try await explanations.page(comic.num)
        } catch XKCDError.cancelled {
            throw XKCDError.cancelled
        } catch XKCDError.noExplanation {
        } catch {
            notify("note: the explanation of #\(comic.num) was not stored (\(XKCDError.message(for: error)))")
        }
        let isNew = try favorites.add(comic.num, now())
        return .favoriteAdded(
            ComicEntry(num: comic.num, title: title), isNew: isNew, imageBytes: imageBytes,
            storedNow: try favorites.copies(comic.num).subtracting(before))
    }

    /// Removes the favorite `reference` names (among the favorites' titles), or the current comic.
    func removeFavorite(_ reference: ComicReference?) throws -> Outcome {
        guard let target = try resolve(reference, among: .favorites) ?? state.current else {
            throw XKCDError.noCurrentComic
        }
        guard try favorites.remove(target) else { throw XKCDError.notFavorite(target) }
        return .favoriteRemoved(ComicEntry(num: target, title: try comics.titles([target])[target]))
    }

    /// The favorites, in the order they were added.
    func listFavorites() throws -> Outcome {
        .favorites(
            try favorites.list().map { favorite in
                let shown = DisplayComic(favorite.comic)
                return FavoriteEntry(num: shown.num, title: shown.title, date: shown.date, addedAt: favorite.addedAt)
            })
    }

    // All or nothing: the file is checked and every comic fetched before one favorite is added.
    func importFavorites(from path: String) async throws -> Outcome {
        let entries = try favorites.importFile(path)
        var fetched: [Comic] = []
        for entry in entries {
            do {
                fetched.append(try await comics.comic(entry.num))
            } catch XKCDError.cancelled {
                throw XKCDError.cancelled
            } catch {
                throw XKCDError.file(
                    "nothing imported: #\(entry.num) could not be fetched (\(XKCDError.message(for: error)))")
            }
        }
        let date = now()
        let added = try favorites.addAll(entries.map { ($0.num, $0.addedAt ?? date) })
        for comic in fetched where comic.hasImage {
            do {
                _ = try await images.image(comic, true)
            } catch XKCDError.cancelled {
                throw XKCDError.cancelled
            } catch {
                notify("note: the image of #\(comic.num) was not stored (\(XKCDError.message(for: error)))")
            }
        }
        return .imported(added: added, alreadyFavorites: entries.count - added)
    }
}
