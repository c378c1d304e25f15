@testable import Messages
import Testing

/// The catalog is complete and its templates well-formed, so no user-facing sentence can be missing or
/// broken at run time.
@Suite struct CatalogTests {
    @Test func everyMessageHasEnglishWording() {
        let catalog = EnglishCatalog()
        for id in MessageID.allCases {
            #expect(catalog.template(for: id).contains { !$0.isWhitespace }, "\(id.rawValue)")
        }
    }

    @Test func idsAreUniqueComposrStyleKeys() {
        let raw = MessageID.allCases.map(\.rawValue)
        #expect(Set(raw).count == raw.count)
        for key in raw {
            #expect(key.allSatisfy { $0.isUppercase || $0.isNumber || $0 == "_" }, "\(key)")
        }
    }

    /// Every `{…}` is a slot the renderer understands: `{n}` or `{n|one|many}` with n ≥ 1.
    @Test func everySlotIsWellFormed() {
        let catalog = EnglishCatalog()
        for id in MessageID.allCases {
            let template = catalog.template(for: id)
            var rest = Substring(template)
            while let open = rest.firstIndex(of: "{") {
                guard let close = rest[open...].firstIndex(of: "}") else {
                    Issue.record("\(id.rawValue): unclosed slot")
                    break
                }
                let parts = rest[rest.index(after: open)..<close].split(separator: "|", omittingEmptySubsequences: false)
                #expect(Int(parts[0]).map { $0 >= 1 } == true && (parts.count == 1 || parts.count == 3), "\(id.rawValue): \(template)")
                rest = rest[rest.index(after: close)...]
            }
        }
    }

    @Suite struct TemplateRendering {
        @Test func slotsAreFilledInOrder() {
            #expect(MessageTemplate("{2} then {1}").render(["a", "b"]) == "b then a")
        }

        @Test func pluralFormsFollowTheNumber() {
            let template = MessageTemplate("{1} {1|minute|minutes}")
            #expect(template.render(["1"]) == "1 minute")
            #expect(template.render(["5"]) == "5 minutes")
        }

        @Test func unfilledAndUnknownSlotsStayLiteral() {
            #expect(MessageTemplate("a {1} {x} {2|b}").render(["z"]) == "a z {x} {2|b}")
            #expect(MessageTemplate("open { only").render([]) == "open { only")
        }

        @Test func catalogsRenderThroughTheirTemplates() {
            #expect(EnglishCatalog().text(.loginThrottled, "1") == "Too many failed login attempts. Please wait 1 minute before trying again.")
        }
    }
}
