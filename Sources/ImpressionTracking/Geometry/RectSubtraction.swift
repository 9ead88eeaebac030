extension Rect {
    /// Appends to `pieces` the parts of this rect outside `other`: at most four
    /// disjoint rects (above, below, left of and right of the overlap), in that order.
    ///
    /// Appends the rect itself when the two share no positive area, and nothing when
    /// `other` covers it. Only pieces of positive area are appended.
    @inlinable public func subtracting(_ other: Rect, into pieces: inout [Rect]) {
        guard let overlap = intersection(other) else {
            if !isEmpty { pieces.append(self) }
            return
        }
        if overlap.minY > minY {
            pieces.append(Rect(x: minX, y: minY, width: width, height: overlap.minY - minY))
        }
        if maxY > overlap.maxY {
            pieces.append(Rect(x: minX, y: overlap.maxY, width: width, height: maxY - overlap.maxY))
        }
        if overlap.minX > minX {
            pieces.append(Rect(x: minX, y: overlap.minY, width: overlap.minX - minX, height: overlap.height))
        }
        if maxX > overlap.maxX {
            pieces.append(Rect(x: overlap.maxX, y: overlap.minY, width: maxX - overlap.maxX, height: overlap.height))
        }
    }

    /// The parts of this rect outside `other`; see ``subtracting(_:into:)``.
    public func subtracting(_ other: Rect) -> [Rect] {
        var pieces: [Rect] = []
        subtracting(other, into: &pieces)
        return pieces
    }
}
