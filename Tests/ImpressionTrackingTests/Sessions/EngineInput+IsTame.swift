@testable import ImpressionTracking

extension EngineInput {
    /// Whether every number in the input is a whole number of magnitude at most 2^20:
    /// sums and products of such numbers are exact in a `Double`.
    var isTame: Bool {
        func tame(_ values: Double...) -> Bool {
            values.allSatisfy { $0.magnitude <= 1_048_576 && $0.rounded() == $0 }
        }
        func tame(_ rect: Rect) -> Bool { tame(rect.x, rect.y, rect.width, rect.height) }
        func tame(_ sections: [TrackedSection<ID>]) -> Bool {
            sections.allSatisfy { section in
                section.cells.allSatisfy(tame) && section.nestedCells.allSatisfy { tame($0.frame) }
                    && tame(section.fullHeight ?? 0, section.fullArea ?? 0)
            }
        }
        switch self {
        case .layout(let sections, let containers):
            return tame(sections) && containers.allSatisfy { tame($0.frame) && tame($0.contentOffset.x, $0.contentOffset.y) }
        case .contentOffset(let offset, _):
            return tame(offset.x, offset.y)
        case .viewport(let rect):
            return tame(rect)
        case .viewportInsets(let insets):
            return tame(insets.top, insets.left, insets.bottom, insets.right)
        case .obstructions(let rects, let friendly):
            return rects.allSatisfy(tame) && friendly.map(\.rect).allSatisfy(tame)
        case .sectionState(_, _, let opacity, _):
            return opacity.map { tame($0) } ?? true
        case .lifecycle:
            return true
        }
    }
}
