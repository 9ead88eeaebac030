import ImpressionSimulation
import ImpressionTracking

/// The presets by the names the command line reads (`--policy abema`) and lists in its
/// help, in a fixed order. The policies are the core's (``ImpressionPolicy/abema``, ...);
/// only the table of names is the command line's.
package enum PolicyPresets {
    /// Every preset under its name, in the order the help lists them.
    package static let all: [NamedPolicy] = [
        NamedPolicy(name: "default", policy: .default),
        NamedPolicy(name: "zozo", policy: .zozoModule),
        NamedPolicy(name: "sarah", policy: .sarahCell),
        NamedPolicy(name: "cookpad", policy: .cookpadShowContent),
        NamedPolicy(name: "any-pixel", policy: .anyPixel),
        NamedPolicy(name: "abema", policy: .abema),
        NamedPolicy(name: "mrc-display", policy: .mrcDisplay),
        NamedPolicy(name: "mrc-video", policy: .mrcVideo),
        NamedPolicy(name: "mrc-large-display", policy: .mrcLargeDisplay),
        NamedPolicy(name: "viewport-relative", policy: .viewportRelative),
        NamedPolicy(name: "mrc-newsfeed", policy: .mrcNewsfeedSubSecond),
        NamedPolicy(name: "compose-visibility", policy: .composeVisibilityChanged),
        NamedPolicy(name: "swiftui-scroll-visibility", policy: .swiftUIScrollVisibility),
        NamedPolicy(name: "epoxy-focused-visible", policy: .epoxyFocusedVisible),
        NamedPolicy(name: "impressionkit", policy: .impressionKit),
        NamedPolicy(name: "flutter-visibility", policy: .flutterVisibility),
        NamedPolicy(name: "react-native-item", policy: .reactNativeItem),
        NamedPolicy(name: "react-native-area", policy: .reactNativeArea),
    ]

    /// The names of ``all``, in order.
    package static var names: [String] { all.map(\.name) }

    /// The preset called `name`, or `nil`.
    package static func named(_ name: String) -> NamedPolicy? {
        all.first { $0.name == name }
    }
}
