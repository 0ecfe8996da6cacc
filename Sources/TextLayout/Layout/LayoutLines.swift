// The lines of a layout, kept in pieces that layouts share: an edit's relayout moves the lines after it without copying them.

/// The lines of a ``Layout``, in order: a random-access collection of ``Line`` values.
///
/// A layout made afresh keeps its lines as the breaker found them (``FoundLine``: ranges, widths,
/// boxes, tops), compact, and assembles a ``Line`` only when it is read, building its glyph runs
/// then (the first time: they are kept for the next read), so a caller that needs the height,
/// the line count or a few lines pays for no others. A clamped layout keeps the lines it built,
/// as they are. A relayout after an edit
/// (``Layout/updated(for:after:)``) keeps its lines in pieces, each a run of lines some layout
/// built, with the offsets (UTF-8, UTF-16, paragraph index) they have moved by since, and its
/// lines' tops apart, summed as a fresh layout sums them. It shares the pieces before and after
/// the lines it re-breaks with the old layout, tops and all, so a keystroke costs its paragraph,
/// not a copy of every line; only when the lines above grew or shrank are the later tops summed
/// again (a few additions per later line). A line of a piece is assembled when it is read (its
/// offsets moved, glyph clusters too, its top and baseline filled in).
public struct LayoutLines: RandomAccessCollection, Sendable {
    private let storage: Storage
    /// The laid-out text, which every line read is given (for ``Line/range``).
    private let text: FlatText

    private enum Storage: Sendable {
        /// Lines as a fresh layout found them, assembled when read.
        case found(FoundLines)
        /// Lines as a layout built them: offsets, tops and baselines as they are.
        case built([Line])
        /// Pieces shared with other layouts.
        case pieces(Pieces)
    }

    /// Lines in pieces.
    private struct Pieces: Sendable {
        /// The pieces, in order; together they hold every line.
        var pieces: [LinePiece]
        /// The index of each piece's first line.
        var starts: [Int]
        /// The number of lines.
        var count: Int

        /// The piece index of line `index` and its position in that piece's slice.
        @inline(__always)
        func position(of index: Int) -> (piece: Int, position: Int) {
            let piece = TextLayout.lastIndex(count: pieces.count, atOrBefore: index) { starts[$0] }
            return (piece, pieces[piece].lines.startIndex + index - starts[piece])
        }
    }

    /// Pieces with more lines than this are shared by the layouts an edit makes; smaller
    /// neighbours are copied into one, so that typing in one place does not split the lines
    /// into ever more pieces.
    private static let shareableCount = 64
    /// Neighbouring pieces with this many lines together or fewer are always copied into one.
    private static let copiedCount = 16
    /// When an edit leaves more pieces than this (edits in many far-apart places), the lines
    /// are copied into one piece: reading a line finds its piece by halving.
    private static let maximumPieceCount = 32

    /// Lines laid out afresh, found and not yet built.
    init(found: FoundLines, text: FlatText) {
        storage = .found(found)
        self.text = text
    }

    /// Lines laid out afresh, kept as they are.
    init(_ lines: [Line], text: FlatText) {
        storage = .built(lines)
        self.text = text
    }

    private init(pieces: [LinePiece], text: FlatText) {
        var start = 0
        let starts = pieces.map { piece in
            defer { start += piece.lines.count }
            return start
        }
        storage = .pieces(Pieces(pieces: pieces, starts: starts, count: start))
        self.text = text
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int {
        switch storage {
        case let .found(found): found.lines.count
        case let .built(lines): lines.count
        case let .pieces(pieces): pieces.count
        }
    }

    /// Line `index`, with its glyph runs when the layout has them.
    /// - Complexity: O(1) in a layout laid out afresh, but a line's glyph runs are built on its
    ///   first read there, O(k) in its glyphs, allocating, and kept: each read takes a lock (one of
    ///   a pool shared by all layouts) to look them up, and a first read another to store them, so
    ///   reads on several threads contend briefly. O(log p) in a layout an edit brought up to date
    ///   (``Layout/updated(for:after:)``), whose lines are kept, built, in p pieces (at most 32).
    public subscript(index: Int) -> Line { line(index, withRuns: true) }

    /// Line `index`; `withRuns` false when the caller reads no glyph runs, so a line kept as found
    /// is assembled without building them (its ``Line/runs`` may then be empty or not).
    func line(_ index: Int, withRuns: Bool) -> Line {
        precondition(index >= 0 && index < endIndex, "line index \(index) out of range 0..<\(endIndex)")
        var line: Line
        switch storage {
        case let .found(found):
            line = found.line(index, withRuns: withRuns)
        case let .built(lines):
            line = lines[index]
        case let .pieces(pieces):
            let (p, position) = pieces.position(of: index)
            line = pieces.pieces[p].lines[position]
            pieces.pieces[p].move(&line, at: position)
        }
        line.flatText = text
        return line
    }

    /// What `found` reads from line `index` when it is kept as found, else what `read` reads from
    /// the line as stored, with the piece it lies in (to move its offsets to where the piece lies
    /// now): what the cheap accessors below read, without assembling the line.
    @inline(__always)
    private func stored(_ index: Int, found: (FoundLine) -> Int, _ read: (Line, LinePiece?) -> Int) -> Int {
        switch storage {
        case let .found(lines): return found(lines.lines[index])
        case let .built(lines): return read(lines[index], nil)
        case let .pieces(pieces):
            let (p, position) = pieces.position(of: index)
            return read(pieces.pieces[p].lines[position], pieces.pieces[p])
        }
    }

    /// The index of line `index`'s paragraph, without assembling the line.
    func paragraph(ofLine index: Int) -> Int {
        stored(index, found: \.paragraph) { line, piece in line.paragraph + (piece?.paragraphShift ?? 0) }
    }

    /// The first byte of line `index`, without assembling the line.
    func byteStart(ofLine index: Int) -> Int {
        stored(index, found: \.lineBreak.start) { line, piece in line.byteRange.lowerBound + (piece?.byteShift ?? 0) }
    }

    /// The top of line `index`, without assembling the line.
    func top(ofLine index: Int) -> Double {
        switch storage {
        case let .found(found): return found.lines[index].top
        case let .built(lines): return lines[index].top
        case let .pieces(pieces):
            let (p, position) = pieces.position(of: index)
            return pieces.pieces[p].top(at: position)
        }
    }

    /// The bottom of line `index` (its top plus its height), without assembling the line.
    func bottom(ofLine index: Int) -> Double {
        switch storage {
        case let .found(found): return found.lines[index].top + found.lines[index].height
        case let .built(lines): return lines[index].top + lines[index].height
        case let .pieces(pieces):
            let (p, position) = pieces.position(of: index)
            return pieces.pieces[p].top(at: position) + pieces.pieces[p].lines[position].height
        }
    }

    /// The index of the first line whose paragraph is `paragraph` or later (`count` if none).
    /// Searched from the end in doubling steps, then by halving: O(log k) for a line k lines
    /// before the end, so that appending to the last paragraph does not search all the lines.
    func firstLine(ofParagraphAtLeast paragraph: Int) -> Int {
        var upper = count  // a line of `paragraph` or later, or the end
        var step = 1
        while upper > 0 {
            let probe = Swift.max(0, upper - step)
            if self.paragraph(ofLine: probe) < paragraph {
                let first = probe + 1
                return first + TextLayout.firstIndex(count: upper - first, atOrAfter: paragraph) { self.paragraph(ofLine: first + $0) }
            }
            upper = probe
            step *= 2
        }
        return 0
    }

    /// How many pieces the lines are kept in (1 for lines as a layout built them).
    var pieceCount: Int {
        switch storage {
        case .found, .built: 1
        case let .pieces(pieces): pieces.pieces.count
        }
    }

    /// The widest line's width, without assembling the lines.
    var maximumWidth: Double {
        var widest = 0.0
        switch storage {
        case let .found(found):
            for line in found.lines { widest = Swift.max(widest, line.width) }
        case let .built(lines):
            for line in lines { widest = Swift.max(widest, line.width) }
        case let .pieces(pieces):
            for piece in pieces.pieces {
                for line in piece.lines { widest = Swift.max(widest, line.width) }
            }
        }
        return widest
    }

    /// The bottom of the last line (0 without lines), without assembling it.
    var bottom: Double {
        switch storage {
        case let .found(found):
            guard let last = found.lines.last else { return 0 }
            return last.top + last.height
        case let .built(lines):
            guard let last = lines.last else { return 0 }
            return last.top + last.height
        case let .pieces(pieces):
            guard let piece = pieces.pieces.last, let last = piece.lines.last else { return 0 }
            return piece.top(at: piece.lines.endIndex - 1) + last.height
        }
    }

    /// The lines as pieces (lines as built are one unmoved piece, their tops their own).
    private var asPieces: Pieces {
        switch storage {
        case let .found(found):
            // Assembled now, once: the layouts edits make share them from here on.
            Pieces(pieces: [LinePiece(lines: found.lines.indices.map { found.line($0, withRuns: true) }[...])], starts: [0],
                   count: found.lines.count)
        case let .built(lines): Pieces(pieces: [LinePiece(lines: lines[...])], starts: [0], count: lines.count)
        case let .pieces(pieces): pieces
        }
    }
}

extension LayoutLines: Equatable {
    /// Equal when they hold equal lines (see ``Line``), however they are stored.
    public static func == (a: LayoutLines, b: LayoutLines) -> Bool {
        a.count == b.count && a.elementsEqual(b)
    }
}

/// A run of lines as a layout built them, how far they have moved since (by edits before them),
/// and their tops where those are no longer the tops they were built with.
private struct LinePiece: Sendable {
    var lines: ArraySlice<Line>
    /// Each line's top, in the lines' order, when the lines above them have grown or shrunk
    /// since they were built (nil: the lines' own tops).
    var tops: ArraySlice<Double>?
    var byteShift = 0
    var utf16Shift = 0
    var paragraphShift = 0
    /// How many inline objects the edits before the lines added (or removed, negative).
    var objectShift = 0

    /// The top of the piece's line at `position` (an index of ``lines``).
    @inline(__always)
    func top(at position: Int) -> Double {
        tops.map { $0[$0.startIndex + position - lines.startIndex] } ?? lines[position].top
    }

    /// Moves the piece's line at `position` to where the piece now lies, its top and baseline too.
    @inline(__always)
    func move(_ line: inout Line, at position: Int) {
        if byteShift != 0 || utf16Shift != 0 || objectShift != 0 { line.shift(bytes: byteShift, utf16: utf16Shift, inlineObjects: objectShift) }
        line.paragraph += paragraphShift
        if tops != nil {
            line.top = top(at: position)
            line.baseline = line.top + line.baselineOffset
        }
    }

    /// The piece's lines with its shifts and tops applied (text left as stored).
    var materialized: [Line] {
        guard byteShift != 0 || utf16Shift != 0 || paragraphShift != 0 || objectShift != 0 || tops != nil else { return Array(lines) }
        return lines.indices.map { position in
            var moved = lines[position]
            move(&moved, at: position)
            return moved
        }
    }
}

extension LayoutLines {
    /// The lines of a relayout after an edit, assembled from the old layout's lines and the lines
    /// re-broken: see ``Layout/updated(for:after:)``.
    struct EditBuilder {
        private let old: Pieces
        private var pieces: [LinePiece] = []

        init(old: LayoutLines) {
            self.old = old.asPieces
        }

        /// Keeps the old lines `range` where they are (they lie before the edit), tops and all.
        mutating func keep(_ range: Range<Int>) {
            guard !range.isEmpty else { return }
            appendPieces(of: range, byteShift: 0, utf16Shift: 0, objectShift: 0, paragraphShift: 0)
        }

        /// Adds lines built afresh (their own tops are their tops).
        mutating func append(_ lines: [Line]) {
            guard !lines.isEmpty else { return }
            pieces.append(LinePiece(lines: lines[...]))
        }

        /// Adds the old lines from `start` on, moved by the edit before them (its change in bytes,
        /// UTF-16 code units, inline objects and paragraphs), their tops summed from `top` on as a
        /// layout sums them (each line's height plus `lineSpace`).
        mutating func appendMoved(from start: Int, bytes: Int, utf16: Int, inlineObjects: Int, paragraphs: Int, top: Double, lineSpace: Double) {
            guard start < old.count else { return }
            let first = pieces.count
            appendPieces(of: start..<old.count, byteShift: bytes, utf16Shift: utf16, objectShift: inlineObjects, paragraphShift: paragraphs)
            let (p, position) = old.position(of: start)
            // The lines above are as tall as before: the same sums from the same start, shared.
            if top == old.pieces[p].top(at: position) { return }
            var top = top
            for k in first..<pieces.count {
                let lines = pieces[k].lines
                var tops: [Double] = []
                tops.reserveCapacity(lines.count)
                for line in lines {
                    tops.append(top)
                    top += line.height + lineSpace
                }
                pieces[k].tops = tops[...]
            }
        }

        /// The old pieces' parts that hold `range`, each moved further by the shifts.
        private mutating func appendPieces(of range: Range<Int>, byteShift: Int, utf16Shift: Int, objectShift: Int, paragraphShift: Int) {
            var (p, position) = old.position(of: range.lowerBound)
            var remaining = range.count
            while remaining > 0 {
                var piece = old.pieces[p]
                let end = Swift.min(piece.lines.endIndex, position + remaining)
                piece.tops = piece.tops.map { tops in
                    tops[(tops.startIndex + position - piece.lines.startIndex)..<(tops.startIndex + end - piece.lines.startIndex)]
                }
                piece.lines = piece.lines[position..<end]
                piece.byteShift += byteShift
                piece.utf16Shift += utf16Shift
                piece.objectShift += objectShift
                piece.paragraphShift += paragraphShift
                remaining -= end - position
                pieces.append(piece)
                p += 1
                if p < old.pieces.count { position = old.pieces[p].lines.startIndex }
            }
        }

        /// The lines, of `text`: neighbouring small pieces copied into one, and all of them
        /// into one when too many are left. Past ``LayoutLines/copiedCount`` lines together, a
        /// piece is copied into the one before it only when that one is at most twice as long, so
        /// that lines added one by one at the same place (a streamed text) copy the short pieces
        /// after a longer one, not the longer one each time: such pieces in a row halve in
        /// length, so there are few of them.
        func build(text: FlatText) -> LayoutLines {
            var merged: [LinePiece] = []
            merged.reserveCapacity(pieces.count)
            for piece in pieces {
                if let last = merged.last, last.lines.count + piece.lines.count <= LayoutLines.shareableCount,
                   last.lines.count + piece.lines.count <= LayoutLines.copiedCount || last.lines.count <= 2 * piece.lines.count {
                    merged[merged.count - 1] = LinePiece(lines: (last.materialized + piece.materialized)[...])
                } else {
                    merged.append(piece)
                }
            }
            if merged.count > LayoutLines.maximumPieceCount {
                merged = [LinePiece(lines: merged.flatMap(\.materialized)[...])]
            }
            return LayoutLines(pieces: merged, text: text)
        }
    }
}
