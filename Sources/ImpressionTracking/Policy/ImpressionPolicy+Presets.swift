extension ImpressionPolicy {
    /// ZOZO's module rule: 50 % of the height for 1 continuous second, checked every
    /// 100 ms; scrolled out and back in fires again. The same as ``default``.
    public static var zozoModule: ImpressionPolicy { .default }

    /// SARAH's cell rule: two thirds of the height for 2 s, once per screen visit.
    /// SARAH sampled every 0.5 s; use `sampleInterval: .milliseconds(500)` to match.
    public static var sarahCell: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 2.0 / 3.0, minimumDuration: .seconds(2), recurrence: .oncePerVisit)
    }

    /// Cookpad's `ShowContentLog`: logged as soon as any of it appears, once
    /// per visit; the lifecycle calls carry the six rules.
    public static var cookpadShowContent: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, recurrence: .oncePerVisit)
    }

    /// One pixel, at once (GameWith, after Google Ad Manager's mobile rule):
    /// any positive visible area fires at the first sample.
    public static var anyPixel: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, measure: .area)
    }

    /// ABEMA's `ImpressionTrackingController`: 80 % of the area for 2 s.
    public static var abema: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0.8, minimumDuration: .seconds(2), measure: .area)
    }

    /// MRC / IAB display viewability: 50 % of the pixels for 1 continuous second.
    public static var mrcDisplay: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), measure: .area)
    }

    /// MRC / IAB video viewability: 50 % of the pixels for 2 continuous seconds.
    public static var mrcVideo: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(2), measure: .area)
    }

    /// MRC / IAB display viewability for large ads: 50 % of the pixels for 1 continuous
    /// second, or 30 % for ads of 242,500 square points or more.
    public static var mrcLargeDisplay: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), measure: .area,
                         exitVisibleRatio: nil,
                         largeSectionRule: .lowerRatio(minimumArea: 242_500, ratio: 0.3))
    }

    /// Jetpack Compose's rule: 50 % of the smaller of the section and the viewport, for
    /// 1 s, so a section taller than the screen counts once it fills half of it.
    public static var viewportRelative: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), measure: .area,
                         exitVisibleRatio: nil, largeSectionRule: .capToViewport)
    }

    /// The MRC's sub-second newsfeed impression (Mobile Viewable Ad Impression
    /// Measurement Guidelines, 2016): an ad in a mobile newsfeed with 50 % of its pixels
    /// in continuous view for more than 0.5 s, reported apart from viewable impressions.
    /// Sampled, the stay is seen for at least 0.5 s.
    public static var mrcNewsfeedSubSecond: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .milliseconds(500), measure: .area)
    }

    /// Jetpack Compose's `Modifier.onVisibilityChanged` with its defaults
    /// (`minFractionVisible = 1f`, `minDurationMs = 0`): all of the area, at once.
    ///
    /// Compose divides the visible area by the smaller of the element's and the
    /// viewport's (`fractionVisibleInRect`), so a section larger than the viewport counts
    /// once it fills the screen: ``LargeSectionRule/capToViewport``.
    public static var composeVisibilityChanged: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: .area, largeSectionRule: .capToViewport)
    }

    /// SwiftUI's `onScrollVisibilityChange(threshold:)` with its default threshold, 0.5:
    /// half of the view on screen in the scroll view's viewport, at once.
    public static var swiftUIScrollVisibility: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .zero, measure: .area)
    }

    /// Epoxy's `FOCUSED_VISIBLE` (`EpoxyVisibilityItem.isInFocusVisible`): a section at
    /// least half the viewport's area counts once it covers half of it, a smaller one
    /// once it is fully visible; at once, again on every entry. The focus rule with half
    /// the viewport, by area.
    public static var epoxyFocusedVisible: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 1, minimumDuration: .zero, measure: .area,
                         exitVisibleRatio: nil, largeSectionRule: .focus(fraction: 0.5))
    }

    /// ImpressionKit's defaults (`UIView.areaRatioThreshold = 0.5`, `durationThreshold =
    /// 1`, no redetection): half of the area for 1 s, once, counting only what is not
    /// hidden and has an alpha above 0 (its `areaRatio()` returns 0 for a view, superview
    /// or window that is hidden or has `alpha <= 0`). The minimum opacity is the smallest
    /// positive number, so `>=` means ImpressionKit's `> 0`. It checks every 0.2 s; use
    /// `sampleInterval: .milliseconds(200)` to match.
    public static var impressionKit: ImpressionPolicy {
        var policy = ImpressionPolicy(minimumVisibleRatio: 0.5, minimumDuration: .seconds(1), measure: .area,
                                      recurrence: .oncePerTracker)
        policy.minimumOpacity = .leastNonzeroMagnitude
        return policy
    }

    /// Flutter's `visibility_detector` as its example app reads it: a widget is shown
    /// while its `VisibilityInfo.visibleFraction` is above 0 (the example drops a widget
    /// whose fraction is 0), at once, again on every entry. The fraction is the area of
    /// the widget's bounding rect clipped to the screen, over its full area, snapped to 0
    /// or 1 within 0.01 (``Rounding/snapNearEnds``); the smallest positive ratio makes
    /// `>=` the example's `> 0`, so a sliver of under 1 % does not count. Its callbacks
    /// are coalesced every 500 ms (`VisibilityDetectorController.updateInterval`); use
    /// `sampleInterval: .milliseconds(500)` to match.
    public static var flutterVisibility: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: .leastNonzeroMagnitude, minimumDuration: .zero, measure: .area,
                         rounding: .snapNearEnds)
    }

    /// React Native's `FlatList` with `itemVisiblePercentThreshold` (`ViewabilityHelper`):
    /// the share of the item in view, its edges floored to whole points along the list's
    /// axis (``Rounding/floorToWholePoints``; the height here, ``Measure/width`` for a
    /// horizontal list), an item wholly in view always counting, at once, again on every
    /// entry. The threshold and `minimumViewTime` are the policy's ratio and duration:
    /// `itemVisiblePercentThreshold: 50, minimumViewTime: 250` is
    /// `.reactNativeItem` with `minimumVisibleRatio = 0.5` and
    /// `minimumDuration = .milliseconds(250)`; `waitForInteraction` is
    /// ``requiresInteraction``.
    ///
    /// The duration is checked at both ends (``Timing/checkedAtBothEnds``), as
    /// `minimumViewTime` is: the item must be viewable when the wait starts and when it
    /// ends, on the engine's sample grid, with nothing checked in between.
    public static var reactNativeItem: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, timing: .checkedAtBothEnds,
                         rounding: .floorToWholePoints)
    }

    /// React Native's `FlatList` with its default `viewabilityConfig`
    /// (`viewAreaCoveragePercentThreshold: 0`): the share of the viewport the item covers
    /// (``LargeSectionRule/viewportCoverage``), edges floored to whole points, an item
    /// wholly in view always counting; with the threshold 0, any point in view at once.
    /// Set the ratio for another `viewAreaCoveragePercentThreshold`; the rest is as
    /// ``reactNativeItem`` says.
    public static var reactNativeArea: ImpressionPolicy {
        ImpressionPolicy(minimumVisibleRatio: 0, minimumDuration: .zero, largeSectionRule: .viewportCoverage,
                         timing: .checkedAtBothEnds, rounding: .floorToWholePoints)
    }
}
