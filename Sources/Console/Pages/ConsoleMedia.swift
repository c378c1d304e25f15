import EndpointCore
import Foundation
import Media
import Messages
import News
import Routes
import Storage
import Text

/// The media library: every image with its thumbnail, size and the articles that show it; uploads of
/// several at once (with scripts, one request each with its progress), and deletion of what no article
/// shows, images and videos — the API's rules (``MediaUploads``, ``VideoUploads``) both ways; each
/// image's alternative text, said once here for every article that shows it.
struct ConsoleMedia: Sendable {
    let database: Database
    let clock: SiteClock
    let uploads: MediaUploads
    let videos: VideoUploads

    static let pageSize = 40

    func answer(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard request.method == .post else {
            let images = request.query.first("uploaded").flatMap { Int($0) }.map { view.messages.text(.consoleImagesUploaded, view.messages.number($0)) }
            let videos = request.query.first("videos").flatMap { Int($0) }.map { view.messages.text(.consoleVideosUploaded, view.messages.number($0)) }
            // The image is named by ID and its name read here: a link cannot make the page say anything else.
            var described: String?
            if let id = request.query.first("described").flatMap({ Int($0) }),
                let image = try await self.database.withConnection({ try await MediaStore.find(id: id, on: $0) })
            {
                described = view.messages.text(.consoleAltTextSaved, image.name)
            }
            return try await self.page(request, view, notice: images ?? videos ?? described)
        }
        do {
            switch request.form["action"] {
            case "upload": return try await self.upload(request, staff)
            case "delete" where request.form["video"] != nil: return try await self.deleteVideo(request, staff, view)
            case "delete": return try await self.delete(request, staff, view)
            case "describe": return try await self.describe(request)
            default: throw Refusal.malformed(.improperlyFilledIn)
            }
        } catch {
            guard let refusal = ConsoleRefusal(error) else { throw error }
            return try await self.page(request, view, error: refusal.sentence(view.messages), status: refusal.status)
        }
    }

    /// Stores every image the form carries, each checked and recorded; all or none.
    private func upload(_ request: ConsoleRequest, _ staff: ConsoleStaff) async throws -> ConsoleAnswer {
        let inspected = try await PostedImages.inspected(request, by: self.uploads)
        let now = self.clock.now
        try await self.database.transaction { connection in
            for (image, name) in inspected {
                let (stored, created) = try await self.uploads.store(image, name: name, properties: MediaChanges(), addedBy: staff.memberID, on: connection)
                guard created else { continue }
                try await ConsoleChangeStore.record(
                    ConsoleChange(memberID: staff.memberID, username: staff.username, action: .imageAdded, subject: stored.name, madeAt: now),
                    on: connection)
            }
        }
        return .redirect(to: ConsoleRoute.media.target([("uploaded", String(inspected.count))]))
    }

    /// Keeps the alternative text the form gives the image it names (at most 1,000 scalars, as
    /// commandr_fs's `alt_text`).
    private func describe(_ request: ConsoleRequest) async throws -> ConsoleAnswer {
        guard let id = request.form["image"].flatMap({ Int($0) }), let text = request.form["alt_text"]?.trimmingWhitespace else {
            throw Refusal.malformed(.improperlyFilledIn)
        }
        guard TextLength.fits(text, atMost: Self.altTextMaximum) else { throw Refusal.invalid(.fieldTooLong, "alt_text", String(Self.altTextMaximum)) }
        try await self.database.transaction { connection in
            guard try await MediaStore.find(id: id, on: connection) != nil else { throw Refusal.notFound(.missingResource) }
            try await ArticleEditor.describeImage(id, MediaChanges(altText: text), on: connection)
        }
        return .redirect(to: ConsoleRoute.media.target([("described", String(id))]) + "#image-\(id)")
    }

    static let altTextMaximum = 1000

    /// Deletes the image the form names, unless an article shows it, once the page asking first was
    /// answered.
    private func delete(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard let id = request.form["image"].flatMap({ Int($0) }) else { throw Refusal.malformed(.improperlyFilledIn) }
        if !ConsoleConfirmation.isConfirmed(request), let image = try await self.database.withConnection({ try await MediaStore.find(id: id, on: $0) }) {
            return ConsoleConfirmation(
                action: ConsoleRoute.media.path, fields: [("action", "delete"), ("image", String(id))],
                question: view.messages.text(.consoleConfirmDeleteImage, image.name), confirmLabel: view.messages.text(.delete),
                back: ConsoleRoute.media.path
            ).page(view, title: view.messages.text(.delete), section: .media)
        }
        let now = self.clock.now
        try await self.database.transaction { connection in
            guard let image = try await MediaStore.find(id: id, on: connection) else { return }
            try await self.uploads.delete(image, on: connection)
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: .imageDeleted, subject: image.name, madeAt: now),
                on: connection)
        }
        return .redirect(to: ConsoleRoute.media.path)
    }

    /// Deletes the video the form names with everything made for it, unless an article shows it, once
    /// the page asking first was answered.
    private func deleteVideo(_ request: ConsoleRequest, _ staff: ConsoleStaff, _ view: ConsoleView) async throws -> ConsoleAnswer {
        guard let id = request.form["video"].flatMap({ Int($0) }) else { throw Refusal.malformed(.improperlyFilledIn) }
        if !ConsoleConfirmation.isConfirmed(request), let video = try await self.database.withConnection({ try await VideoStore.find(id: id, on: $0) }) {
            return ConsoleConfirmation(
                action: ConsoleRoute.media.path, fields: [("action", "delete"), ("video", String(id))],
                question: view.messages.text(.consoleConfirmDeleteVideo, video.name), confirmLabel: view.messages.text(.delete),
                back: ConsoleRoute.media.path
            ).page(view, title: view.messages.text(.delete), section: .media)
        }
        let now = self.clock.now
        let deleted = try await self.database.transaction { connection -> VideoRecord? in
            guard let video = try await VideoStore.find(id: id, on: connection) else { return nil }
            try await self.videos.delete(video, on: connection)
            try await ConsoleChangeStore.record(
                ConsoleChange(memberID: staff.memberID, username: staff.username, action: .videoDeleted, subject: video.name, madeAt: now),
                on: connection)
            return video
        }
        if let deleted { self.videos.removeFiles(of: deleted) }
        return .redirect(to: ConsoleRoute.media.path)
    }

    /// A video as the library lists it: its poster once made, its size and length, where it is on its
    /// way to the apps (queued, being made with its progress, ready, or why it failed).
    private static func video(_ shown: ShownVideo, shownBy: [String], _ view: ConsoleView) -> [String: Any] {
        let video = shown.video
        let seconds = (video.durationMilliseconds + 500) / 1000
        let length = String(format: "%d:%02d", seconds / 60, seconds % 60)
        let state =
            switch video.state {
            case .queued: view.messages.text(.consoleVideoQueued)
            case .processing: view.messages.text(.consoleVideoProcessing, view.messages.number(video.progress))
            case .ready: view.messages.text(.consoleVideoReady)
            case .failed: view.messages.text(.consoleVideoFailed, video.failure)
            }
        var listed: [String: Any] = [
            "id": video.id, "name": video.name, "state": video.state.rawValue, "stateText": state,
            "size": view.messages.text(.consoleVideoSize, view.messages.number(video.width), view.messages.number(video.height), length),
            "uses": Self.uses(shownBy, view), "deletable": shownBy.isEmpty,
        ]
        if let poster = shown.poster(.device(.phone)) { listed["poster"] = poster.target }
        return listed
    }

    private func page(_ request: ConsoleRequest, _ view: ConsoleView, notice: String? = nil, error: String? = nil, status: Int = 200) async throws
        -> ConsoleAnswer
    {
        let page = min(max(1, request.query.first("page").flatMap { Int($0) } ?? 1), 10_000)
        let (images, uses, videos, videoUses) = try await self.database.withConnection { connection in
            let images = try await MediaStore.newest(Self.pageSize + 1, offset: (page - 1) * Self.pageSize, on: connection)
            var uses: [Int: [String]] = [:]
            for image in images.prefix(Self.pageSize) { uses[image.id] = try await MediaStore.articlesShowing(mediaID: image.id, on: connection) }
            let videos = page == 1 ? try await VideoStore.newest(Self.pageSize, on: connection) : []
            var videoUses: [Int: [String]] = [:]
            for shown in videos { videoUses[shown.video.id] = try await VideoStore.articlesShowing(videoID: shown.video.id, on: connection) }
            return (images, uses, videos, videoUses)
        }
        let context: [String: Any] = [
            "images": images.prefix(Self.pageSize).map { image in
                let shownBy = uses[image.id] ?? []
                return [
                    "id": image.id, "name": image.name, "thumbnail": MediaLinks.path(of: image, .device(.phone)), "original": MediaLinks.path(of: image),
                    "alt": image.altText.isEmpty ? image.name : image.altText, "altText": image.altText, "undescribed": image.altText.isEmpty,
                    "size": view.messages.text(
                        .consoleImageSize, view.messages.number(image.width), view.messages.number(image.height),
                        view.messages.number((image.byteCount + 1023) / 1024)),
                    "uses": Self.uses(shownBy, view),
                    "deletable": shownBy.isEmpty,
                ] as [String: Any]
            },
            "videos": videos.map { shown in Self.video(shown, shownBy: videoUses[shown.video.id] ?? [], view) },
            "previous": page > 1 ? ConsoleRoute.media.target([("page", String(page - 1))]) : false,
            "next": images.count > Self.pageSize ? ConsoleRoute.media.target([("page", String(page + 1))]) : false,
        ]
        return view.page(.media, title: view.messages.text(.consoleMedia), section: .media, context: context, notice: notice, error: error, status: status)
    }

    /// Which articles show an image or video, as the library says it.
    private static func uses(_ shownBy: [String], _ view: ConsoleView) -> String {
        shownBy.isEmpty ? view.messages.text(.consoleNotShown) : view.messages.text(.consoleShownBy, shownBy.joined(separator: ", "))
    }
}
