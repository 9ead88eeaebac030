/// Whether a section is loaded, hidden, and how opaque it is: the attributes beyond its
/// rects that decide whether it shows.
///
/// Stored as an optional on ``TrackedSection`` and ``ScrollContainer``, `nil` when every
/// attribute has its default, so that an encoding without these attributes decodes as all
/// defaults, defaults encode no key, and a layout that uses none of them is recognised
/// with one comparison per section.
struct DisplayState: Sendable, Hashable, Codable {
    var isLoaded = true
    var opacity = 1.0
    var isHidden = false

    /// `nil` when every attribute has its default, else those attributes.
    static func of(isLoaded: Bool, opacity: Double, isHidden: Bool) -> DisplayState? {
        let state = DisplayState(isLoaded: isLoaded, opacity: opacity, isHidden: isHidden)
        return state.isDefault ? nil : state
    }

    /// Every attribute at its default.
    var isDefault: Bool { isLoaded && opacity == 1 && !isHidden }

    /// `state` with `change` applied, or `nil` when that leaves every attribute at its
    /// default (so equal sections compare equal however they were made).
    static func updating(_ state: DisplayState?, _ change: (inout DisplayState) -> Void) -> DisplayState? {
        var updated = state ?? DisplayState()
        change(&updated)
        return updated.isDefault ? nil : updated
    }
}
