import EndpointCore
import Foundation
import Messages
import Text

/// The data options a Floki tab class takes (the protocol's "class data" sections), each with the
/// values the clients can use.
enum FlokiOption {
    /// A whole number in a range (every number a 32-bit one: Android reads a larger one as missing).
    case number(ClosedRange<Int>)
    case flag
    /// `[red, green, blue]`, each 0–255.
    case colour
    /// `[width, height]` in points.
    case size
    /// An http(s) address, or a site-relative path (made absolute in the app data).
    case address
    /// An address holding the `_WORDS_` and `_PAGE_` the clients replace (they drop one without).
    case searchAddress
    /// Regular expressions (ICU syntax, as the clients compile them) with a group capturing what the
    /// paired address's `_WORDS_` is replaced by.
    case patterns
    /// An address holding `_WORDS_`, which what any of the tab's `patterns` captured replaces: one
    /// string, as the iOS client reads `gallery_url` (the protocol's text says a list, which that
    /// client reads as no address at all).
    case wordsAddress

    private static let int32 = Int(Int32.max)

    /// What the clients replace in a search or gallery address: the words (or what a pattern
    /// captured), the page number, and the language code.
    static let wordsPlaceholder = "_WORDS_"
    static let pagePlaceholder = "_PAGE_"
    static let languagePlaceholder = "_LNG_"

    /// Whether the option's value is an address or a list of them (site paths are made absolute).
    var holdsAddresses: Bool {
        switch self {
        case .address, .searchAddress, .wordsAddress: true
        case .number, .flag, .colour, .size, .patterns: false
        }
    }

    static let news: [String: FlokiOption] = [
        "row_height": .number(1...int32), "padding": .number(1...int32), "image_alignment": .number(0...1), "image_size": .size,
        "title_lines": .number(1...int32), "title_size": .number(1...int32), "title_color": .colour, "text_size": .number(1...int32),
        "text_color": .colour, "footer_size": .number(1...int32), "footer_color": .colour, "footer_alignment": .number(0...2),
        "back_normal_color": .colour, "back_highlight_color": .colour, "cache_size": .number(1...FlokiFeed.maximumFeedSize),
        "ttl": .number(1...int32), "download_if_virgin": .flag, "allow_manual_reload": .flag, "navigation_changes_section": .flag,
        "section_title_padding": .number(0...int32), "section_collapsed_text_color": .colour, "section_expanded_text_color": .colour,
        "section_collapsed_back_color": .colour, "section_expanded_back_color": .colour, "search_bar": .searchAddress,
        "more_items_url": .address, "videos_regex": .patterns, "videos_url": .wordsAddress,
        "tags_regex": .patterns, "tags_url": .searchAddress,
    ]

    static let gallery: [String: FlokiOption] = [
        "row_height": .number(1...int32), "cells_per_row": .number(1...int32), "padding": .number(1...int32), "cell_normal_color": .colour,
        "cell_highlight_color": .colour, "cache_size": .number(1...FlokiFeed.maximumFeedSize), "ttl": .number(1...int32),
        "download_if_virgin": .flag, "allow_manual_reload": .flag, "stretch_images": .flag, "more_items_url": .address,
        "gallery_regex": .patterns, "gallery_url": .wordsAddress,
    ]

    static let web: [String: FlokiOption] = ["scales_page_to_fit": .flag]

    static func options(of classType: String) -> [String: FlokiOption] {
        switch classType {
        case "News_view_controller": Self.news
        case "Gallery_view_controller": Self.gallery
        default: Self.web
        }
    }

    /// Refuses `value` for the option `name` of tab `tab` with a sentence saying what it must be.
    func check(_ value: JSONValue, name: String, tab: String) throws(Refusal) {
        switch self {
        case .number(let range):
            guard case .int(let number) = value, range.contains(number) else {
                throw .invalid(.flokiTabNumber, tab, name, String(range.lowerBound), String(range.upperBound))
            }
        case .flag:
            guard case .bool = value else { throw .invalid(.flokiTabFlag, tab, name) }
        case .colour:
            guard case .array(let parts) = value, parts.count == 3, parts.allSatisfy({ Self.int($0, in: 0...255) }) else {
                throw .invalid(.flokiTabColour, tab, name)
            }
        case .size:
            guard case .array(let parts) = value, parts.count == 2, parts.allSatisfy({ Self.int($0, in: 1...Self.int32) }) else {
                throw .invalid(.flokiTabSize, tab, name)
            }
        case .address:
            guard case .string(let text) = value, Self.isAddress(text) else { throw .invalid(.flokiTabAddress, tab, name) }
        case .searchAddress:
            guard case .string(let text) = value, Self.isAddress(text) else { throw .invalid(.flokiTabAddress, tab, name) }
            guard text.contains(Self.wordsPlaceholder), text.contains(Self.pagePlaceholder) else { throw .invalid(.flokiSearchAddress, tab, name) }
        case .patterns:
            guard case .array(let items) = value, (1...20).contains(items.count),
                items.allSatisfy({ item in
                    guard case .string(let text) = item, let pattern = try? NSRegularExpression(pattern: text) else { return false }
                    return pattern.numberOfCaptureGroups >= 1
                })
            else { throw .invalid(.flokiTabPatterns, tab, name) }
        case .wordsAddress:
            guard case .string(let text) = value, Self.isAddress(text), text.contains(Self.wordsPlaceholder) else {
                throw .invalid(.flokiTabWordsAddress, tab, name)
            }
        }
    }

    private static func int(_ value: JSONValue, in range: ClosedRange<Int>) -> Bool {
        guard case .int(let number) = value else { return false }
        return range.contains(number)
    }

    /// An http(s) address, or a path on this site.
    static func isAddress(_ text: String) -> Bool {
        (text.hasPrefix("/") && !text.hasPrefix("//") && TextLength.fits(text, atMost: 2000) && !text.contains(where: \.isWhitespace))
            || Self.isWebAddress(text)
    }

    /// An absolute http(s) address without spaces.
    static func isWebAddress(_ text: String) -> Bool {
        let lower = text.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://")) && TextLength.fits(text, in: 9...2000)
            && !text.contains(where: { $0.isWhitespace || $0.isNewline })
    }
}
