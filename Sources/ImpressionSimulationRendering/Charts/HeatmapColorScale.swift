import Foundation

/// A sequential colour scale for the sweep's heatmap: viridis, dark purple to yellow.
/// Its lightness rises steadily, so the picture reads in greyscale too, and each colour
/// gets the label colour (black or white) that contrasts with it.
struct HeatmapColorScale {
    /// The scale's ends: the values coloured darkest and lightest.
    let minimum: Double
    let maximum: Double

    // Viridis at ten evenly spaced points (matplotlib's table).
    private static let stops: [(red: Double, green: Double, blue: Double)] = [
        (0x44, 0x01, 0x54), (0x48, 0x28, 0x78), (0x3e, 0x49, 0x89), (0x31, 0x68, 0x8e), (0x26, 0x82, 0x8e),
        (0x1f, 0x9e, 0x89), (0x35, 0xb7, 0x79), (0x6e, 0xce, 0x58), (0xb5, 0xde, 0x2b), (0xfd, 0xe7, 0x25),
    ]

    /// Where `value` falls between the ends, in 0...1; 0.5 when every value is the same.
    func position(of value: Double) -> Double {
        guard maximum > minimum, value.isFinite else { return 0.5 }
        return min(1, max(0, (value - minimum) / (maximum - minimum)))
    }

    /// The fill of `value`: `#rrggbb`.
    func color(of value: Double) -> String {
        let (red, green, blue) = rgb(at: position(of: value))
        return "#" + [red, green, blue].map { channel in
            let hex = String(Int(channel.rounded()), radix: 16)
            return hex.count == 1 ? "0" + hex : hex
        }.joined()
    }

    /// The label colour on `value`'s fill: black on light fills, white on dark ones,
    /// whichever contrasts more (WCAG relative luminance).
    func labelColor(on value: Double) -> String {
        let (red, green, blue) = rgb(at: position(of: value))
        func linear(_ channel: Double) -> Double {
            let c = channel / 255
            return c <= 0.03928 ? c / 12.92 : pow((c + 0.055) / 1.055, 2.4)
        }
        let luminance = 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
        // Contrast with black (L + 0.05) / 0.05 against white 1.05 / (L + 0.05).
        return (luminance + 0.05) / 0.05 >= 1.05 / (luminance + 0.05) ? "#000000" : "#ffffff"
    }

    private func rgb(at position: Double) -> (Double, Double, Double) {
        let scaled = position * Double(Self.stops.count - 1)
        let lower = min(Self.stops.count - 2, Int(scaled.rounded(.down)))
        let fraction = scaled - Double(lower)
        let a = Self.stops[lower], b = Self.stops[lower + 1]
        return (a.red + (b.red - a.red) * fraction, a.green + (b.green - a.green) * fraction,
                a.blue + (b.blue - a.blue) * fraction)
    }
}
