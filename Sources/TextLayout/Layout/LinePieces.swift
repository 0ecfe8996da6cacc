// A line cut into pieces, each the part of one shaped run (and one styled span) at one bidi level, the hanging whitespace at the paragraph's level (UAX #9 L1).

/// A piece of a line: the part of one shaped run on it, at one bidi level.
struct RunPiece {
    var range: Range<Int>
    var run: Int
    var level: UInt8
    /// The index in ``PreparedText/spans`` of the styled span the piece is in, or nil.
    var span: Int? = nil
}

extension PreparedText {
    /// The pieces of `line` in logical order: its part of each shaped run, with the whitespace that
    /// hangs at its end put at the paragraph's level (UAX #9 rule L1).
    func linePieces(_ paragraph: PreparedParagraph, _ line: LineBreak) -> [RunPiece] {
        guard line.end > line.start else { return [] }
        var pieces: [RunPiece] = []
        var r = paragraph.run(at: line.start)
        while r < paragraph.runs.count, paragraph.runs[r].range.lowerBound < line.end {
            let run = paragraph.runs[r]
            let start = max(run.range.lowerBound, line.start)
            let end = min(run.range.upperBound, line.end)
            let trailing = max(start, line.contentEnd)
            if trailing < end, run.level != paragraph.bidi.paragraphLevel {
                if trailing > start { pieces.append(RunPiece(range: start..<trailing, run: r, level: run.level)) }
                pieces.append(RunPiece(range: trailing..<end, run: r, level: paragraph.bidi.paragraphLevel))
            } else {
                pieces.append(RunPiece(range: start..<end, run: r, level: run.level))
            }
            r += 1
        }
        return resolvedSpans.isEmpty ? pieces : splitAtSpans(pieces)
    }

    /// The pieces cut at the edges of styled spans, each knowing its span: spans that shape alike
    /// share a run, but each keeps its own attributes.
    private func splitAtSpans(_ pieces: [RunPiece]) -> [RunPiece] {
        var result: [RunPiece] = []
        for piece in pieces {
            var start = piece.range.lowerBound
            while start < piece.range.upperBound {
                var end = piece.range.upperBound
                var span: Int?
                if let next = resolvedSpans.first(where: { $0.bytes.upperBound > start }) {
                    if next.bytes.lowerBound <= start {
                        span = next.index
                        end = min(end, next.bytes.upperBound)
                    } else {
                        end = min(end, next.bytes.lowerBound)
                    }
                }
                result.append(RunPiece(range: start..<end, run: piece.run, level: piece.level, span: span))
                start = end
            }
        }
        return result
    }
}
