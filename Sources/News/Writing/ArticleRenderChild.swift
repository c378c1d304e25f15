public import RichText

/// An article's text rendered in a child process (RichText's ``RenderProcesses``): the server's own
/// program, `endpoint render-child`, answers each request with ``answer(_:)``. The request carries
/// everything the renderer is given (format, site address, language, the library's images it
/// shows), so the child needs neither the database nor the server's state.
public enum ArticleRenderChild {
    /// The children: the `endpoint` program beside the one running (itself, in a server or the
    /// import; the one built beside a test bundle).
    public static let processes = RenderProcesses(program: RenderProcesses.besideThisProgram("endpoint"), arguments: ["render-child"])

    /// `body` and `summary` rendered as `format` by a child; throws ``TextRefused`` (``TextRefused/failed``
    /// when the child crashed or ran out of its limits).
    static func render(
        _ body: String, _ summary: String, format: TextFormat, publicURL: String, language: String, known: [String: HTMLAllowlist.Image]
    ) async throws(TextRefused) -> (body: RenderedText, summary: RenderedText) {
        var request = RenderWire.Writer()
        request.text(format.rawValue)
        request.text(publicURL)
        request.text(language)
        request.text(body)
        request.text(summary)
        request.integer(known.count)
        for (source, image) in known.sorted(by: { $0.key < $1.key }) {
            request.text(source)
            request.image(image)
        }
        var answer = RenderWire.Reader(try await Self.processes.answer(request.bytes))
        let rendered: (body: RenderedText, summary: RenderedText)
        do {
            guard try answer.integer() == 0 else { throw TextRefused.failed }
            rendered = (try answer.rendered(), try answer.rendered())
        } catch {
            // A refusal, or an answer not as the child writes it.
            throw (try? answer.refusal()) ?? TextRefused.failed
        }
        return rendered
    }

    /// What the child answers to `request`: the renderings, or why there are none.
    public static func answer(_ request: [UInt8]) -> [UInt8] {
        var reply = RenderWire.Writer()
        do {
            var reader = RenderWire.Reader(request)
            guard let format = TextFormat(rawValue: try reader.text()) else { throw RenderWire.Malformed() }
            let publicURL = try reader.text()
            let language = try reader.text()
            let body = try reader.text()
            let summary = try reader.text()
            var known: [String: HTMLAllowlist.Image] = [:]
            let images = try reader.integer()
            guard (0...100_000).contains(images) else { throw RenderWire.Malformed() }
            for _ in 0..<images {
                let source = try reader.text()
                known[source] = try reader.image()
            }
            guard reader.atEnd else { throw RenderWire.Malformed() }
            let rendered = try ArticleRendering.renderer(publicURL: publicURL, language: language, known: known).render(body, summary, format: format)
            reply.integer(0)
            reply.rendered(rendered.body)
            reply.rendered(rendered.summary)
        } catch let refused as TextRefused {
            reply.integer(1)
            reply.refusal(refused)
        } catch {
            reply.integer(1)
            reply.refusal(.failed)
        }
        return reply.bytes
    }
}
