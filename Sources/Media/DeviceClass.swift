import Foundation

/// The `d` parameter of the Floki protocol, which the news API and image URLs share: 1 = tablet
/// (768 px wide), 2 = phone at double resolution (640 px), anything else = phone (320 px).
public enum DeviceClass: Hashable, Sendable, CaseIterable {
    case phone
    case phoneDoubleResolution
    case tablet

    public init(parameter: String?) {
        switch parameter?.trimmingCharacters(in: .whitespaces) {
        case "1": self = .tablet
        case "2": self = .phoneDoubleResolution
        default: self = .phone
        }
    }

    /// The width of the screen: what a version for this class is fitted to.
    public var screenWidth: Int {
        switch self {
        case .phone: 320
        case .phoneDoubleResolution: 640
        case .tablet: 768
        }
    }

    /// Pixels a point: 2 on a double-resolution phone, 1 on the others (the first iPad's screen too).
    public var density: Int {
        self == .phoneDoubleResolution ? 2 : 1
    }

    /// The `d` value naming this class in URLs.
    public var parameter: String {
        switch self {
        case .phone: "0"
        case .phoneDoubleResolution: "2"
        case .tablet: "1"
        }
    }
}
