public import Auth
public import EndpointCore
public import Foundation
public import Messages
public import Storage

/// The member profile Composr's `cns_read_in_member_profile` puts in the login answer (reference
/// §4.1), every key with Composr's type: the SDKs store the whole object and read keys without checking
/// (Android's `getString` throws on a missing one).
public struct MemberProfile: Sendable {
    /// The time zone the profile's dates are worded in: the viewer's, and before logging in the viewer
    /// is Guest, so the site's default (`default_timezone`).
    public typealias SiteTimeZone = @Sendable () async throws -> TimeZone

    private let siteTimeZone: SiteTimeZone
    private let now: @Sendable () -> Int

    public init(siteTimeZone: @escaping SiteTimeZone, now: @escaping @Sendable () -> Int) {
        self.siteTimeZone = siteTimeZone
        self.now = now
    }

    /// The site's default time zone, read live from `policies`, and the time from `clock`.
    public static func live(_ policies: AccountPolicySource, clock: SiteClock) -> MemberProfile {
        MemberProfile(siteTimeZone: { TimezoneName.timeZone(named: try await policies.current().defaultTimezone) ?? .gmt }, now: { clock.now })
    }

    /// The profile keys in Composr's order, then the member's language code (which the apps can send
    /// back as `keep_lang`). `posts` is 0: this server has no forum.
    func fields(_ member: MemberRecord, primaryGroupName: String, messages: MessageCatalog) async throws -> [(key: String, value: JSONValue)] {
        let wording = DateWording(catalog: messages, timeZone: try await self.siteTimeZone())
        let now = self.now()
        return [
            ("username", .string(member.username)),
            ("last_visit_time", .int(member.lastVisitTime)),
            ("last_visit_time_string", .string(wording.moment(member.lastVisitTime, now: now))),
            ("signature", .string(member.signature)),
            ("posts", .int(0)),
            ("join_time", .int(member.joinTime)),
            ("join_time_string", .string(wording.moment(member.joinTime, now: now))),
            ("custom_fields", .emptyObject),
            ("birthdate", .string(Self.birthdate(member, wording))),
            ("primary_group", .int(member.primaryGroupID)),
            ("primary_group_name", .string(primaryGroupName)),
            ("language", .string(member.language)),
        ]
    }

    /// `""` without a date of birth; the day and month, and the year only when the member reveals
    /// their age.
    private static func birthdate(_ member: MemberRecord, _ wording: DateWording) -> String {
        guard let dob = member.dateOfBirth.flatMap(DateOfBirth.components(ofISO:)) else { return "" }
        return wording.day(year: dob.year, month: dob.month, day: dob.day, withYear: member.revealAge)
    }
}
