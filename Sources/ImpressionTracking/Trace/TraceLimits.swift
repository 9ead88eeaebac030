/// Bounds on what a trace may hold, so that a hostile file cannot exhaust memory.
///
/// A line is read in bounded chunks and refused once it passes ``maximumLineBytes``,
/// without holding the rest of it; a layout may hold at most ``maximumSectionsPerLayout``
/// sections and ``maximumContainersPerLayout`` containers nested at most
/// ``maximumContainerDepth`` deep (cells are bounded by the line length), so the
/// engine's work per sample stays bounded too.
package struct TraceLimits: Sendable, Hashable {
    /// The longest line accepted, in bytes, without its newline.
    package var maximumLineBytes: Int
    /// The most sections one layout may hold.
    package var maximumSectionsPerLayout: Int
    /// The most scroll containers one layout may hold.
    package var maximumContainersPerLayout: Int
    /// The deepest chain of containers inside containers.
    package var maximumContainerDepth: Int
    /// The latest time accepted, in milliseconds: about 115 days, far beyond any session,
    /// and well inside `Duration`'s nanoseconds.
    package var maximumTimeMilliseconds: Double

    /// Creates limits; the defaults hold a layout of 100,000 sections in 16 MiB lines.
    package init(maximumLineBytes: Int = 16 << 20, maximumSectionsPerLayout: Int = 100_000,
                 maximumContainersPerLayout: Int = 10_000, maximumContainerDepth: Int = 32,
                 maximumTimeMilliseconds: Double = 1e10) {
        self.maximumLineBytes = maximumLineBytes
        self.maximumSectionsPerLayout = maximumSectionsPerLayout
        self.maximumContainersPerLayout = maximumContainersPerLayout
        self.maximumContainerDepth = maximumContainerDepth
        self.maximumTimeMilliseconds = maximumTimeMilliseconds
    }
}
