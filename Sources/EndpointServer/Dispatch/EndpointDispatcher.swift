import Auth
import EndpointCore
import HTTPTypes
import Hummingbird
import Logging
import Messages
import Outbox
import Routes
import Storage

/// Answers `/data/endpoint.php` and everything below it, for every HTTP method.
///
/// The request path reads top to bottom: target (path + query) → `response_type` check → hook name
/// checks → hook lookup (an unknown hook is refused before the body is read or credentials looked up)
/// → body (size-capped) → parameters → caller (credentials, cross-site check) → hook → envelope. Any
/// other path goes on to the router.
struct EndpointDispatcher: Sendable {
    typealias Context = EndpointRequestContext

    let registry: HookRegistry
    let recognizer: CallerRecognizer
    let languages: LanguageNegotiation
    let maximumBodyBytes: Int
    /// The body limit of hooks that take uploads (``Hook/acceptsUploads``), read for each upload: the
    /// live `media_max_bytes` and room for a form around it.
    let maximumUploadBytes: @Sendable () async -> Int
    let uploads: UploadGate
    let clientAddress: ClientAddress
    let crossSite: CrossSiteCheck

    /// The answer to a request for `/data/endpoint.php` with the path after it (`pathInfo`, still
    /// percent-encoded) and `query`; a failure is thrown with the form and language it is answered in
    /// (``FailureAnswers``).
    func answer(_ request: Request, context: Context, pathInfo: String, query: RouteQuery) async throws -> Response {
        // Made once per request by the access recorder (formatting Hummingbird's ID costs a string).
        let requestID = RequestOrigin.requestID.isEmpty ? context.id : RequestOrigin.requestID
        // The answer's language, once the caller is known; a refusal before that is worded in the
        // language the request itself asks for.
        var language: MessageCatalog?
        // Failures of public answers are never stored by shared caches; a Floki request's failures
        // are empty feeds.
        var failureCaching = CachePolicy.private
        var flokiRequest = false
        do {
            let target = try ResolvedTarget(method: request.method.rawValue, pathInfo: pathInfo, query: query)
            guard let hook = self.registry.hook(for: target.key) else {
                throw EndpointError.refused(.unknownHook, target.key.hookType, target.key.hook)
            }
            if target.responseType == .floki {
                guard hook.speaksFloki else { throw EndpointError.badRequest(.jsonOnly) }
                flokiRequest = true
            }
            if hook.isPublic { failureCaching = .notStored }
            let (hookRequest, uploadPlace) = try await self.hookRequest(
                target, from: request, context: context, requestID: requestID, recognizingCaller: !hook.isPublic,
                effect: hook.effect(of: target.target.type), acceptsUploads: hook.acceptsUploads,
                streamsUpload: hook.acceptsUploads && hook.streamsUpload(to: target.target.id), streamsEvents: hook.streamsEvents,
                parameterNames: hook.parameterNames
            )
            // A body the hook reads as it arrives holds its place until the hook is done with it.
            defer { uploadPlace?.leave() }
            context.access?.record(hook: "\(target.key.hookType)/\(target.key.hook)", type: hookRequest.type, memberID: hookRequest.caller.session?.memberID)
            language = hookRequest.language
            let answer = try await hook.run(hookRequest)
            if let stream = answer.stream {
                return Envelope.stream(stream, requestID: requestID, language: hookRequest.language, connection: context.channel)
            }
            return Envelope.success(
                answer.data, requestID: requestID, language: hookRequest.language, headers: answer.headers,
                cacheable: answer.isCacheable, caching: answer.caching,
                conditions: Envelope.Conditions(
                    ifNoneMatch: request.headers.value(of: .ifNoneMatch), ifModifiedSince: request.headers.value(of: .ifModifiedSince)),
                document: answer.isDocument, rendering: answer.rendering
            )
        } catch {
            throw RouteFailure(error, form: flokiRequest ? .floki(failureCaching) : .envelope(failureCaching), language: language)
        }
    }

    /// The headers credentials come in, named once (making a field name from a string checks and
    /// lower-cases it: a cost on every authenticated call).
    private static let credentialHeaders = Dictionary(
        uniqueKeysWithValues: [PresentedCredentials.memberCookie, PresentedCredentials.tokenCookie].compactMap { name in HTTPField.Name(name).map { (name, $0) }
        }
    )

    /// The request's body within the body limit, or for a hook taking uploads within the upload limit.
    /// A body declared larger than the body limit takes one of the ``UploadGate``'s places before it is
    /// read (``uploadPlace(for:client:)``).
    private func body(of request: Request, acceptsUploads: Bool, client: String) async throws -> ByteBuffer {
        // The hot path (every hook but commandr_fs) reads no header here.
        guard acceptsUploads, let declared = request.headers.value(of: .contentLength).flatMap(Int.init), declared > self.maximumBodyBytes else {
            return try await RequestBody.collect(request, limit: self.maximumBodyBytes)
        }
        let place = try await self.uploadPlace(for: request, client: client)
        defer { place.leave() }
        return try await RequestBody.collect(request, limit: max(self.maximumBodyBytes, await self.maximumUploadBytes()))
    }

    /// One of the ``UploadGate``'s places for an upload's body: a member's when the credentials in its
    /// headers or cookies check out, else one counted against its client's network (`client`); 503
    /// with `Retry-After` when every place it may take is taken.
    private func uploadPlace(for request: Request, client: String) async throws -> UploadGate.Place {
        let caller = try await self.recognizer.recognize(
            PresentedCredentials.find(
                formFields: [:], header: { name in Self.credentialHeaders[name].flatMap { request.headers.value(of: $0) } },
                cookies: CookieHeader.parse(request.headers.value(of: .cookie))))
        guard let place = self.uploads.enter(member: caller.session != nil, network: RateLimit.Subject.address(client).key) else {
            throw EndpointError(status: 503, message: .serverBusy, headers: ["Retry-After": "5"])
        }
        return place
    }

    /// Whether the request is a REST-style write whose body a hook that ``Hook/streamsUpload(to:)``
    /// reads as it arrives: a `PUT` or `POST` of bytes, not of a multipart form (whose file part is read
    /// whole, within the upload limit).
    private static func streamsBody(_ resolved: ResolvedTarget, contentType: String?, streamsUpload: Bool) -> Bool {
        streamsUpload && !resolved.pathInfo.isEmpty && (resolved.method == "PUT" || resolved.method == "POST")
            && !MediaTypeText.hasPrefix((contentType ?? "").utf8, lowercased: "multipart/form-data")
    }

    /// The fields and files of a POST body's form (none for other methods). A REST-style upload
    /// (`rawUpload`) whose bytes are no form, and not even text, has none: curl's
    /// `--data-binary @photo.jpg` labels the bytes a urlencoded form, and they are the file itself.
    private static func form(_ body: ByteBuffer, contentType: String?, method: String, rawUpload: Bool) throws -> PostedForm {
        guard method == "POST" else { return PostedForm() }
        do {
            return try RequestBody.form(body, contentType: contentType)
        } catch {
            // A form that decodes but names a field twice is a form.
            guard rawUpload, error.message != .duplicateParameter, String(validating: body.readableBytesView, as: UTF8.self) == nil else {
                throw error
            }
            return PostedForm()
        }
    }

    /// `chosen`, or for a request refused before its caller was known, the language its query string
    /// and headers ask for.
    /// The hook's view of the request; without `recognizingCaller` (public hooks) the caller is Guest
    /// whatever credentials came, and none are looked up. An operation with `effect` that another site
    /// may not make a browser send (``CrossSiteCheck``) is refused once the credentials' channel is known.
    private func hookRequest(
        _ resolved: ResolvedTarget, from request: Request, context: Context, requestID: String, recognizingCaller: Bool,
        effect: OperationEffect, acceptsUploads: Bool, streamsUpload: Bool, streamsEvents: Bool, parameterNames: @autoclosure () -> Set<String>
    ) async throws -> (HookRequest, UploadGate.Place?) {
        let method = resolved.method
        let clientAddress = self.clientAddress.resolve(peer: context.remoteAddress, forwardedFor: request.headers.value(of: .xForwardedFor))
        var post: [String: String] = [:]
        var upload: [UInt8]?
        var uploadChunks: UploadChunks?
        var uploadPlace: UploadGate.Place?
        if Self.streamsBody(resolved, contentType: request.headers.value(of: .contentType), streamsUpload: streamsUpload) {
            let place = try await self.uploadPlace(for: request, client: clientAddress)
            uploadPlace = place
            uploadChunks = UploadChunks(request.body) { Array($0.readableBytesView) }
        } else {
            let body = try await self.body(of: request, acceptsUploads: acceptsUploads, client: clientAddress)
            // Like PHP, only POST bodies are parsed as forms; a PUT or DELETE body is raw (and becomes
            // `data` in REST style even when a client such as curl labels it urlencoded).
            let form = try Self.form(
                body, contentType: request.headers.value(of: .contentType), method: method, rawUpload: acceptsUploads && !resolved.pathInfo.isEmpty
            )
            post = form.fields
            upload = acceptsUploads ? form.files.first { $0.name == "data" }.map { Array($0.bytes) } : nil
            if !resolved.pathInfo.isEmpty, post.isEmpty, form.files.isEmpty, method != "GET", method != "HEAD" {
                let text = String(validating: body.readableBytesView, as: UTF8.self)
                if acceptsUploads {
                    upload = Array(body.readableBytesView)
                } else if text == nil {
                    throw EndpointError.badRequest(.invalidEncoding)
                }
                post["data"] = text
            }
        }
        do {
            return (
                try await self.hookRequest(
                    resolved, from: request, context: context, requestID: requestID, recognizingCaller: recognizingCaller, effect: effect,
                    post: post, upload: upload, uploadChunks: uploadChunks, clientAddress: clientAddress, streamsEvents: streamsEvents,
                    parameterNames: parameterNames()), uploadPlace
            )
        } catch {
            uploadPlace?.leave()
            throw error
        }
    }

    /// The hook's view of the request once its body was read (or left to the hook): the caller and
    /// the cross-site check.
    private func hookRequest(
        _ resolved: ResolvedTarget, from request: Request, context: Context, requestID: String, recognizingCaller: Bool,
        effect: OperationEffect, post: [String: String], upload: [UInt8]?, uploadChunks: UploadChunks?, clientAddress: String,
        streamsEvents: Bool, parameterNames: Set<String>
    ) async throws -> HookRequest {
        let method = resolved.method

        let caller =
            recognizingCaller
            ? try await self.recognizer.recognize(
                PresentedCredentials.find(
                    formFields: post,
                    header: { name in Self.credentialHeaders[name].flatMap { request.headers.value(of: $0) } },
                    cookies: CookieHeader.parse(request.headers.value(of: .cookie))
                )) : Caller.guest
        if effect != .readsOnly {
            try self.crossSite.admit(
                effect, channel: caller.channel, method: method,
                from: CrossSiteCheck.Provenance(
                    origin: request.headers.value(of: .origin), fetchSite: request.headers.value(of: .secFetchSite), host: request.head.authority
                ))
        }

        return HookRequest(
            key: resolved.key,
            type: resolved.target.type,
            id: resolved.target.id,
            responseType: resolved.responseType,
            parameters: RequestParameters(post: post, query: resolved.query).declaring(parameterNames),
            upload: upload,
            uploadChunks: uploadChunks,
            caller: caller,
            clientAddress: clientAddress,
            userAgent: request.headers.value(of: .userAgent) ?? "",
            requestID: requestID,
            language: await self.languages.catalog(
                fields: [resolved.query, post], memberLanguage: caller.session?.memberLanguage, headers: request.headers
            ),
            logger: context.logger,
            lastEventID: streamsEvents ? request.headers.value(of: .lastEventID) : nil
        )
    }
}
