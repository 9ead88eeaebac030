/// A view drawn over the content that measurement is told to leave out of account, as
/// the OM SDK's `addFriendlyObstruction` and Google's IMA SDK take it: a video's controls,
/// a close button, a transparent overlay.
///
/// It does not reduce what is in view: no ratio, impression or signal changes with it.
/// It is listed in a section's ``VisibleGeometry`` while it overlaps what shows of the
/// section, with its purpose and reason, so a vendor reading the geometry sees why the
/// pixels under it still count.
public struct FriendlyObstruction: Sendable, Hashable, Codable {
    /// Why an obstruction is friendly, in the OM SDK's words (`FriendlyObstructionPurpose`):
    /// the raw value is what the OM SDK and the trace format write.
    public enum Purpose: String, Sendable, Hashable, Codable, CaseIterable {
        /// Playback controls over a video.
        case videoControls
        /// A button that closes the content.
        case closeAd
        /// A view that is in the hierarchy but cannot be seen (transparent, or empty).
        case notVisible
        /// Anything else; ``FriendlyObstruction/detailedReason`` then says what.
        case other
    }

    /// The most characters ``detailedReason`` may have: the OM SDK's limit.
    public static let maximumReasonLength = 50

    /// Where it is, in viewport coordinates, as the unfriendly obstructions are: it stays
    /// put while the content scrolls.
    public var rect: Rect
    /// What it is for.
    public var purpose: Purpose
    /// A short reason in the app's words, at most ``maximumReasonLength`` characters;
    /// `nil` for none.
    public var detailedReason: String?

    /// A friendly obstruction at `rect` (viewport coordinates) for `purpose`, with an
    /// optional short reason.
    public init(rect: Rect, purpose: Purpose, detailedReason: String? = nil) {
        self.rect = rect
        self.purpose = purpose
        self.detailedReason = detailedReason
    }
}
