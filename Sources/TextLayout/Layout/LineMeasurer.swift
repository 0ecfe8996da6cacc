// Measures a line from a given start to any end: prepared widths where the edges are safe to break, reshaping where not; tabs to their stops.

/// How to measure or draw `s..<c` of a paragraph: a slice of the paragraph's shaped clusters,
/// with a reshaped piece at each edge HarfBuzz marks unsafe to break.
struct SpanPlan {
    /// Bytes to shape on their own before the slice (nil when the start is safe).
    var head: Range<Int>?
    /// Cluster indices taken from the paragraph's shaping.
    var clusters: Range<Int>
    /// Bytes to shape on their own after the slice (nil when the end is safe).
    var tail: Range<Int>?
}

/// Measures the line that starts at `start` of one paragraph, up to any later offset.
///
/// A break at a safe position reuses the paragraph's shaping (HarfBuzz guarantees both sides shape
/// the same on their own); at an unsafe one, the piece from the nearest safe position is reshaped.
/// The reshaped head of the line is measured once and reused for every end tried.
struct LineMeasurer {
    let paragraph: PreparedParagraph
    let bytes: UnsafeBufferPointer<UInt8>
    let style: TextStyle
    let start: Int
    /// The index in `paragraph.tabs` of the first tab at or after `start`.
    let firstTab: Int
    /// ``PreparedParagraph/safeCluster(at:)`` of `start`, found once: every end measured is planned
    /// from it. Nil also when the line starts with a mark trimmed there (``startsTrimmed``).
    private let startSafeCluster: Int?
    /// Whether the line starts with an opening mark set half as wide because it starts a wrapped
    /// line (``TextSpacingTrim/spaceFirst``, ``TextSpacingTrim/trimStart``): its head is shaped
    /// again with the mark trimmed.
    let startsTrimmed: Bool
    /// The run of ``startSafeCluster``, found once too.
    private let startRun: Int
    /// The reshaped head of the line (from `start` to the first safe position) and its width, once measured.
    private var measuredHead: (range: Range<Int>, width: Double)?
    /// Where the last ``width(to:)`` left off after the tabs before its end: the next tab, the pen
    /// after the last tab, and the byte after it. The breaker asks for ends in increasing order, so
    /// a line with many tabs is measured across its tabs once, not once per end.
    private var afterTabs: (t: Int, x: Double, position: Int)?

    init(_ paragraph: PreparedParagraph, bytes: UnsafeBufferPointer<UInt8>, style: TextStyle, start: Int) {
        self.paragraph = paragraph
        self.bytes = bytes
        self.style = style
        self.start = start
        self.firstTab = paragraph.tabs.isEmpty ? 0 : firstIndex(in: paragraph.tabs, atOrAfter: start)
        // (Most lines start with no byte of a mark: the style is read only for those that may.)
        self.startsTrimmed = start != paragraph.range.start && start < paragraph.range.end && bytes[start] >= 0xE2
            && startsTrimmedLine(paragraph, bytes: bytes, style: style, at: start)
        self.startSafeCluster = startsTrimmed ? nil : paragraph.safeCluster(at: start)
        self.startRun = startSafeCluster.map(paragraph.positions.run(ofCluster:)) ?? 0
    }

    /// The width in pixels of the line from ``start`` to `end`, with tabs advanced to their stops.
    /// Whitespace before `end` counts: pass a content end to leave hanging whitespace out.
    mutating func width(to end: Int) -> Double {
        var x = 0.0
        var position = start
        let tabs = paragraph.tabs
        var t = firstTab
        // Every tab before the saved position is before `end` too: go on from there.
        if let saved = afterTabs, saved.position <= end { (t, x, position) = saved }
        while t < tabs.count, tabs[t] < end {
            if tabs[t] > position { x += width(of: plan(position, tabs[t])) }
            x = nextTabStop(after: x)
            position = tabs[t] + 1
            t += 1
        }
        if t > firstTab { afterTabs = (t, x, position) }
        if end > position { x += width(of: plan(position, end)) }
        return x
    }

    /// Where a tab at pen position `x` (from the line's start) takes the pen: the first tab stop
    /// (every ``TextStyle/tabStop`` pixels) far enough past `x`, by the profile's ``TabStopRule``.
    /// A tab stop of 0 leaves the pen where it is.
    func nextTabStop(after x: Double) -> Double {
        let stop = style.tabStop
        switch style.settings.profile.tabStops {
        case .oneSpaceGap:
            guard stop > 0 else { return x }
            return max(1, ((x + style.spaceWidth) / stop - Layout.fitTolerance).rounded(.up)) * stop
        case .halfSpaceGapInLayoutUnits:
            // Stops are measured from the content box's edge: the line starts at its indent.
            // (Found here, for a tab, not for every line: the measurer stays small enough to inline.)
            let tabOrigin = style.settings.paragraph.indent(isFirstLine: start == paragraph.range.start)
            // In Float, as Blink's Font::TabWidth computes it; the pen and the advance each
            // rounded up to 1/64 px (a tiny tolerance keeps a pen already on a unit there).
            let pen = Self.unitsUp(tabOrigin + x)
            guard stop > 0 else { return pen - tabOrigin }
            let stop = Float(stop)
            var distance = stop - Float(pen).truncatingRemainder(dividingBy: stop)
            if distance < Float(style.spaceWidth) / 2 { distance += stop }
            return pen + Self.unitsUp(Double(distance)) - tabOrigin
        }
    }

    /// `x` rounded up to Chromium's 1/64 px layout unit (within a millionth of a unit, a rounding
    /// error of the sum that led to it, it stays).
    private static func unitsUp(_ x: Double) -> Double {
        ((x * 64 - 1e-6).rounded(.up)) / 64
    }

    /// The plan for measuring or drawing `s..<c` (see ``SpanPlan``).
    func plan(_ s: Int, _ c: Int) -> SpanPlan {
        let p = paragraph
        var first: Int
        var head: Range<Int>?
        if let i = s == start ? startSafeCluster : p.safeCluster(at: s) {
            first = i
        } else {
            first = p.cluster(atOrAfter: s)
            if first < p.clusterCount, p.clusterStarts[first] == s { first += 1 }
            // (Only as far as `c`: in a long word unsafe to break throughout, such as joined
            // Arabic, scanning to its end for every end measured made a line cost the whole word.)
            while first < p.clusterCount, p.clusterUnsafe[first], p.clusterStarts[first] < c { first += 1 }
            let safeStart = first < p.clusterCount ? p.clusterStarts[first] : p.range.end
            if safeStart >= c { return SpanPlan(head: s..<c, clusters: first..<first, tail: nil) }
            head = s..<safeStart
        }
        if let end = p.safeCluster(at: c) { return SpanPlan(head: head, clusters: first..<end, tail: nil) }
        var last = p.cluster(atOrAfter: c) - 1
        while last > first, p.clusterUnsafe[last] { last -= 1 }
        return SpanPlan(head: head, clusters: first..<last, tail: p.clusterStarts[last]..<c)
    }

    /// The width in pixels of a plan.
    mutating func width(of plan: SpanPlan) -> Double {
        var width = preparedWidth(plan.clusters)
        if let head = plan.head {
            if let known = measuredHead, known.range == head {
                width += known.width
            } else {
                let measured = reshapedWidth(head)
                if head.lowerBound == start { measuredHead = (head, measured) }
                width += measured
            }
        }
        if let tail = plan.tail { width += reshapedWidth(tail) }
        return width
    }

    /// The width of `clusters` as prepared: ``PreparedParagraph/width(fromCluster:to:)``, its run
    /// known when it starts at the line's safe start (and the paragraph has more than one).
    private func preparedWidth(_ clusters: Range<Int>) -> Double {
        guard clusters.lowerBound == startSafeCluster, clusters.upperBound > clusters.lowerBound, paragraph.positions.runs.count > 1 else {
            return paragraph.width(fromCluster: clusters.lowerBound, to: clusters.upperBound)
        }
        var widths = WidthCursor(from: clusters.lowerBound, run: startRun)
        return widths.width(to: clusters.upperBound, in: paragraph.positions)
    }

    /// Shapes `range` (which lies inside one run) on its own, with its run's font, script and
    /// direction, through the word cache.
    /// - Parameter hyphenAt: where a hyphen is shaped after it, in the same buffer (its glyphs take
    ///   that cluster): the soft hyphen it stands for, or the automatic hyphenation point
    ///   (`range.upperBound` either way). The hyphen is the font's U+2010 HYPHEN, or `-` when it
    ///   has none (as Pango and browsers choose), or nothing when it has neither; the font is that
    ///   of the soft hyphen, or of the letter before the point. Not cached: it is shaped only at
    ///   the ends of lines.
    /// - Parameter trimmingEnd: whether the piece's last mark is set half as wide, as at the end of
    ///   a line that fits only so (``endTrimmedWidth(markStart:contentEnd:)``). Not cached either.
    func reshape(_ range: Range<Int>, hyphenAt hyphen: Range<Int>? = nil, trimmingEnd: Bool = false) -> ShapedGlyphs {
        // (No `text-autospace` space either: Chromium shapes a line's edge anew without it, as
        // measured: `漢字漢字とし|てa` starts its second line with a `て` of 16 px, the break
        // before it unsafe in Noto Sans CJK JP, where `かかかかかか|てa` keeps the `て` 18 px wide.)
        guard let collapsed = paragraph.collapsed else { return reshapeAsPrepared(range, hyphenAt: hyphen, trimmingEnd: trimmingEnd) }
        var glyphs = reshapeAsPrepared(range, hyphenAt: hyphen, trimmingEnd: trimmingEnd)
        zeroCollapsedAdvances(&glyphs, collapsed, bytes: bytes)
        return glyphs
    }

    /// ``reshape(_:hyphenAt:trimmingEnd:)`` before collapsed characters lose their advances.
    private func reshapeAsPrepared(_ range: Range<Int>, hyphenAt hyphen: Range<Int>? = nil, trimmingEnd: Bool = false) -> ShapedGlyphs {
        let run = paragraph.runs[paragraph.run(at: hyphen.map(hyphenRunOffset) ?? range.lowerBound)]
        var properties = run.shapingProperties(style)
        if hyphen != nil {
            return Shaper.shape(properties, bytes, range, appending: run.textFont.hyphen)
        }
        // The piece's last mark is trimmed by the character after it, though that starts the next
        // line, as Chromium shapes a line's end (`）` before `。` at a break between them: 8.5 px).
        properties.followingPunctuation = trimmingEnd ? .close : properties.around(bytes, range).followingPunctuation
        // A wrapped line's opening mark, trimmed at its start as after another opening mark.
        if startsTrimmed, range.lowerBound == start { properties.precedingPunctuation = .open }
        if style.settings.profile.reshapedEdges == .inContext, isCursiveScript(properties.script),
           let context = joiningContext(of: range) {
            // Not through the word cache, which keys a piece by its own text.
            return Shaper.shape(properties, bytes, range, context: context)
        }
        if let cache = style.font.context?.shapeCache, properties.followingPunctuation == .other, properties.precedingPunctuation == .other {
            return cache.shape(properties, bytes, range)
        }
        return Shaper.shape(properties, bytes, range)
    }

    /// The text around `range` that HarfBuzz reads as its context under
    /// ``ReshapedEdges/inContext``: up to ``contextCharacters`` characters of the paragraph on
    /// each side; nil when the characters right beside it are whitespace or the paragraph's edges
    /// (nothing there joins, and the piece shapes as it does alone).
    private func joiningContext(of range: Range<Int>) -> Range<Int>? {
        let paragraphRange = paragraph.range
        let before = range.lowerBound > paragraphRange.start
            ? scalarStart(bytes, atOrBefore: range.lowerBound - 1, notBefore: paragraphRange.start) : nil
        let joinsBefore = before.map { !isWhitespace(decodeScalar(bytes, at: $0).0) } ?? false
        let joinsAfter = range.upperBound < paragraphRange.end && !isWhitespace(decodeScalar(bytes, at: range.upperBound).0)
        guard joinsBefore || joinsAfter else { return nil }
        var lower = range.lowerBound
        for _ in 0..<contextCharacters where lower > paragraphRange.start {
            lower = scalarStart(bytes, atOrBefore: lower - 1, notBefore: paragraphRange.start)
        }
        var upper = range.upperBound
        for _ in 0..<contextCharacters where upper < paragraphRange.end {
            upper += decodeScalar(bytes, at: upper).1
        }
        return lower..<min(upper, paragraphRange.end)
    }

    /// A byte whose run gives the hyphen that stands for `hyphen` its font: the soft hyphen's, or
    /// for an automatic point (an empty range) the letter's before it.
    func hyphenRunOffset(_ hyphen: Range<Int>) -> Int {
        hyphen.isEmpty ? max(paragraph.range.start, hyphen.lowerBound - 1) : hyphen.lowerBound
    }

    /// The width in pixels of the line from ``start`` to a break where a hyphen stands for
    /// `hyphen` (a soft hyphen, or an empty range at an automatic point; see ``hyphenPiece(replacing:)``).
    mutating func hyphenatedWidth(replacing hyphen: Range<Int>) -> Double {
        let piece = hyphenPiece(replacing: hyphen)
        return width(to: piece.lowerBound) + reshapedWidth(piece, hyphenAt: hyphen)
    }

    /// The end of the line that is shaped again, with a hyphen after it, when the line breaks with
    /// a hyphen standing for `hyphen`: from the last cluster before it that is safe to break at (so
    /// the hyphen is kerned against the letter before it) up to it. It starts no earlier than the
    /// line, the hyphen's run or the byte after the last tab, and is empty when nothing of the run
    /// comes before.
    func hyphenPiece(replacing hyphen: Range<Int>) -> Range<Int> {
        let p = paragraph
        let at = hyphen.lowerBound
        var floor = max(start, p.runs[p.run(at: hyphenRunOffset(hyphen))].range.lowerBound)
        if !p.tabs.isEmpty {
            let t = firstIndex(in: p.tabs, atOrAfter: at)
            if t > 0 { floor = max(floor, p.tabs[t - 1] + 1) }
        }
        var k = p.cluster(atOrAfter: at) - 1
        while k > 0, p.clusterUnsafe[k], p.clusterStarts[k] > floor { k -= 1 }
        let pieceStart = k >= 0 ? max(floor, p.clusterStarts[k]) : floor
        return min(pieceStart, at)..<at
    }

    /// Shapes `range` on its own and returns its width in pixels (tabs count 0).
    /// - Parameter hyphenAt: what a hyphen after it stands for (see ``reshape(_:hyphenAt:)``).
    /// - Parameter trimmingEnd: whether its last mark is set half as wide (see ``reshape(_:hyphenAt:trimmingEnd:)``).
    func reshapedWidth(_ range: Range<Int>, hyphenAt hyphen: Range<Int>? = nil, trimmingEnd: Bool = false) -> Double {
        let run = paragraph.runs[paragraph.run(at: hyphen.map(hyphenRunOffset) ?? range.lowerBound)]
        var units = 0
        var clusters = 0
        var separators = 0
        var last: Int32 = -1
        for glyph in reshape(range, hyphenAt: hyphen, trimmingEnd: trimmingEnd) {
            if glyph.cluster != last {
                clusters += 1
                last = glyph.cluster
                if run.takesWordSpacing(bytes, cluster: Int(glyph.cluster)) { separators += 1 }
            }
            if bytes[Int(glyph.cluster)] != 0x09 { units += Int(glyph.advance) }
        }
        return run.width(units: units, clusters: clusters, separators: separators)
    }
}

/// How many characters on each side of a piece shaped in context HarfBuzz is given: as many as it
/// reads (its buffer keeps five on each side; a joining letter's neighbour may lie past marks).
private let contextCharacters = 5

/// Whether `scalar` is whitespace (Unicode's White_Space), which no letter joins.
private func isWhitespace(_ scalar: UInt32) -> Bool {
    Unicode.Scalar(scalar)?.properties.isWhitespace ?? false
}
