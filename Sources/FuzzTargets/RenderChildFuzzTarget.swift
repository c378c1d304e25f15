import News
import RichText

extension FuzzTarget {
    /// What the render child (`endpoint render-child`) does with a request, fed any bytes: the first
    /// byte 0 sends the rest as the request's bytes as they come (what a broken parent would write);
    /// any other makes a well-formed request of the rest as a body, in Markdown when it is odd and in
    /// Comcode when even (the formats the server sends a child: plain text it renders itself), with a
    /// library image known.
    ///
    /// Properties: the child always answers, with renderings the allowlist wrote or a refusal, and
    /// never with anything it does not write.
    static let renderChild = FuzzTarget(name: "render-child") { input in
        guard let mode = input.first else { return nil }
        let request: [UInt8]
        if mode == 0 {
            request = Array(input.dropFirst())
        } else {
            var writer = RenderWire.Writer()
            writer.text((mode % 2 == 1 ? TextFormat.markdown : .comcode).rawValue)
            writer.text("https://news.example")
            writer.text("EN")
            writer.text(Array(input.dropFirst()).lossyText)
            writer.text("A summary with *emphasis* [b]and[/b] <i>tags</i>.")
            writer.integer(1)
            writer.text("media:7")
            writer.image(HTMLAllowlist.Image(src: "/media/7/photo.jpg", width: 640, height: 480, srcset: nil, alt: "A photo"))
            request = writer.bytes
        }
        var reply = RenderWire.Reader(ArticleRenderChild.answer(request))
        do {
            switch try reply.integer() {
            case 0:
                let (body, summary) = (try reply.rendered(), try reply.rendered())
                guard reply.atEnd else { return "bytes after the renderings" }
                return Self.allowlisted(body) ?? Self.allowlisted(summary)
            case 1:
                _ = try reply.refusal()
                return reply.atEnd ? nil : "bytes after the refusal"
            default:
                return "an answer of neither kind"
            }
        } catch {
            return "an answer the parent cannot read"
        }
    }
}
