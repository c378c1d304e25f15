import CGumbo
import Glibc

extension HTMLAllowlist.Writer {
    /// Writes `html` parsed as an HTML5 fragment by gumbo (so markup is read as browsers read it,
    /// entities and broken nesting included), all its elements ended at its end. Throws
    /// ``TextRefused`` for markup nested deeper than browsers would ever need, before it is parsed.
    mutating func write(parsed html: ArraySlice<UInt8>) throws(TextRefused) {
        var refused: TextRefused?
        html.withUnsafeBufferPointer { html in
            do throws(TextRefused) { try self.write(parsed: html) } catch { refused = error }
        }
        if let refused { throw refused }
    }

    private mutating func write(parsed html: UnsafeBufferPointer<UInt8>) throws(TextRefused) {
        guard HTMLAllowlist.sourceDepth(html) <= HTMLAllowlist.maximumSourceDepth else {
            throw TextRefused.tooDeep(maximum: HTMLAllowlist.maximumSourceDepth)
        }
        var options = kGumboDefaultOptions
        options.fragment_context = GUMBO_TAG_BODY
        options.fragment_namespace = GUMBO_NAMESPACE_HTML
        options.max_errors = 0
        let base = UnsafeRawPointer(html.baseAddress).map { $0.assumingMemoryBound(to: CChar.self) }
        withUnsafePointer(to: options) { options in
            guard let base, let output = gumbo_parse_with_options(options, base, html.count) else { return }
            defer { gumbo_destroy_output(options, output) }
            self.write(children: output.pointee.root)
        }
    }

    private struct Frame {
        let children: UnsafeMutablePointer<UnsafeMutableRawPointer?>?
        let count: Int
        var next = 0
        let opening: HTMLAllowlist.Writer.Opening

        init(_ node: UnsafeMutablePointer<GumboNode>, _ opening: HTMLAllowlist.Writer.Opening) {
            let vector = node.pointee.v.element.children
            self.children = vector.data
            self.count = Int(vector.length)
            self.opening = opening
        }
    }

    /// Writes the children of `root` (the fragment's `<html>` element), not `root` itself, walking the
    /// tree with a stack of its own (no recursion: a deep tree costs memory, never the stack).
    private mutating func write(children root: UnsafeMutablePointer<GumboNode>) {
        var stack = [Frame(root, Opening(closing: nil))]
        while let top = stack.last {
            guard top.next < top.count, let children = top.children else {
                stack.removeLast()
                self.close(top.opening)
                continue
            }
            stack[stack.count - 1].next += 1
            guard let child = children[top.next]?.assumingMemoryBound(to: GumboNode.self) else { continue }
            switch child.pointee.type {
            case GUMBO_NODE_TEXT, GUMBO_NODE_WHITESPACE, GUMBO_NODE_CDATA:
                let content = child.pointee.v.text.text!
                self.text(UnsafeBufferPointer(start: UnsafeRawPointer(content).assumingMemoryBound(to: UInt8.self), count: strlen(content)))
            case GUMBO_NODE_ELEMENT:
                let element = child.pointee.v.element
                // Foreign content (SVG, MathML) is dropped with everything in it.
                guard element.tag_namespace == GUMBO_NAMESPACE_HTML else { continue }
                let tag = Int(element.tag.rawValue)
                let treatment = tag < HTMLAllowlist.treatmentsByTag.count ? HTMLAllowlist.treatmentsByTag[tag] : .unwrap
                let opening = self.open(
                    treatment, name: { String(cString: gumbo_normalized_tagname(element.tag)) }, attributes: { Self.attributes(of: element) })
                if let opening { stack.append(Frame(child, opening)) }
            default:
                continue
            }
        }
    }

    private static func attributes(of element: GumboElement) -> [String: String] {
        var found: [String: String] = [:]
        guard let data = element.attributes.data else { return found }
        for index in 0..<Int(element.attributes.length) {
            guard let attribute = data[index]?.assumingMemoryBound(to: GumboAttribute.self) else { continue }
            found[String(cString: attribute.pointee.name)] = String(cString: attribute.pointee.value)
        }
        return found
    }
}
