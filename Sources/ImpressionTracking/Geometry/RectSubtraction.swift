extension Rect {
    /// Appends to `pieces` the parts of this rect outside `other`: at most four
    /// disjoint rects (above, below, left of and right of the overlap), in that order.
    ///
    /// Appends the rect itself when the two share no positive area, and nothing when
    /// `other` covers it. Only pieces of positive area are appended.
    @inlinable public func subtracting(_ other: Rect, into pieces: inout [Rect]) {
        subtracting(other) { pieces.append($0) }
    }

    /// ``subtracting(_:into:)`` into a measurer's scratch list.
    @inline(__always)
    func subtracting(_ other: Rect, into pieces: inout ScratchList<Rect>) {
        subtracting(other) { pieces.append($0) }
    }

    /// Gives `piece` each part of this rect outside `other`, as ``subtracting(_:into:)``
    /// appends them.
    @inlinable @inline(__always)
    func subtracting(_ other: Rect, piece: (Rect) -> Void) {
        guard let overlap = intersection(other) else {
            if !isEmpty { piece(self) }
            return
        }
        if overlap.minY > minY {
            piece(Rect(x: minX, y: minY, width: width, height: overlap.minY - minY))
        }
        if maxY > overlap.maxY {
            piece(Rect(x: minX, y: overlap.maxY, width: width, height: maxY - overlap.maxY))
        }
        if overlap.minX > minX {
            piece(Rect(x: minX, y: overlap.minY, width: overlap.minX - minX, height: overlap.height))
        }
        if maxX > overlap.maxX {
            piece(Rect(x: overlap.maxX, y: overlap.minY, width: maxX - overlap.maxX, height: overlap.height))
        }
    }

    /// The parts of this rect outside `other`; see ``subtracting(_:into:)``.
    public func subtracting(_ other: Rect) -> [Rect] {
        var pieces: [Rect] = []
        subtracting(other, into: &pieces)
        return pieces
    }
}
