// The memory scenario: the bytes prepared texts and the caches really allocate (glibc's count), per script of the corpus, each text in its own font.
import CMalloc
import TextLayout

/// Bytes allocated by one group of texts, measured as malloc's in-use bytes before and after.
struct MemoryFigures {
    var group: String
    var utf16Units = 0
    /// The prepared texts themselves (their arrays of glyphs, widths, offsets).
    var preparedTexts = 0
    /// The word cache filled by preparing them.
    var wordCache = 0
    /// The prepared-text cache's own storage (its tables; the texts it holds are counted above).
    var preparedTextCache = 0
    /// What the code estimates for the same texts and words (``PreparedText/estimatedBytes``, the word cache's count).
    var estimatedPreparedTexts = 0
    var estimatedWordCache = 0
    /// The prepared texts' estimate part by part (``PreparedText/forEachEstimatedPart(_:)``), in its order.
    var estimatedParts: [(part: String, bytes: Int)] = []

    mutating func addEstimated(_ part: String, _ bytes: Int) {
        if let i = estimatedParts.firstIndex(where: { $0.part == part }) {
            estimatedParts[i].bytes += bytes
        } else {
            estimatedParts.append((part, bytes))
        }
    }
}

/// Bytes in use by malloc, over all arenas, small blocks and mmapped ones alike.
func allocatedBytes() -> Int {
    let info = mallinfo2()
    return Int(info.uordblks) + Int(info.hblkhd)
}

struct MemoryScenario {
    let jobs: [BenchJob]
    let fonts: FontContext

    /// Prepares each distinct text of `group` in its job's style and weighs what it allocated:
    /// everything, then without the word cache, then without the prepared-text cache, then
    /// without the prepared texts. A first pass, not weighed, loads the fonts and fallbacks.
    static func measure(_ group: String, _ jobs: [BenchJob], fonts: FontContext) throws -> MemoryFigures {
        var seen = Set<TextInStyle>()
        let distinct = jobs.filter { seen.insert(TextInStyle($0)).inserted }
        var figures = MemoryFigures(group: group)
        for job in distinct {
            _ = try PreparedText(job.text, style: job.style)
            figures.utf16Units += job.text.utf16.count
        }
        fonts.clearShapingCaches()
        var kept: [PreparedText] = []
        kept.reserveCapacity(distinct.count)
        for job in distinct { kept.append(try PreparedText(job.text, style: job.style)) }
        // Added up before weighing, so that the breakdown's own array is in every figure.
        for text in kept { text.forEachEstimatedPart { figures.addEstimated($0, $1) } }
        let all = allocatedBytes()
        figures.estimatedWordCache = fonts.shapeCache.statistics.bytes
        figures.estimatedPreparedTexts = kept.reduce(0) { $0 + $1.estimatedBytes }
        fonts.shapeCache.removeAll()
        let withoutWords = allocatedBytes()
        fonts.preparedTextCache.removeAll()
        let withoutCache = allocatedBytes()
        kept.removeAll(keepingCapacity: true)
        let after = allocatedBytes()
        figures.wordCache = all - withoutWords
        figures.preparedTextCache = withoutWords - withoutCache
        figures.preparedTexts = withoutCache - after
        return figures
    }

    func run() throws {
        var groups: [String] = []
        var byGroup: [String: [BenchJob]] = [:]
        for job in jobs {
            if byGroup[job.group] == nil { groups.append(job.group) }
            byGroup[job.group, default: []].append(job)
        }
        print("bytes per UTF-16 code unit of each group's distinct texts, measured (malloc's in-use bytes) and as the code estimates them:")
        print("group     units   prepared (estimate)   word cache (estimate)   prepared-text cache tables")
        var total = MemoryFigures(group: "all")
        var figures: [String: MemoryFigures] = [:]
        for group in groups {
            let f = try Self.measure(group, byGroup[group]!, fonts: fonts)
            figures[group] = f
            print(Self.row(f))
            total.utf16Units += f.utf16Units
            total.preparedTexts += f.preparedTexts
            total.wordCache += f.wordCache
            total.preparedTextCache += f.preparedTextCache
            total.estimatedPreparedTexts += f.estimatedPreparedTexts
            total.estimatedWordCache += f.estimatedWordCache
            for (part, bytes) in f.estimatedParts { total.addEstimated(part, bytes) }
        }
        print(Self.row(total))
        print("the prepared texts' estimate by part, bytes per UTF-16 code unit (all groups): " + Self.parts(total))
        for group in groups { print("  " + group + ": " + Self.parts(figures[group]!)) }
        print("(each group's word cache starts empty, so the total is the sum of the groups' own words)")
    }

    /// The estimate of `f`'s texts part by part, in bytes per UTF-16 code unit.
    static func parts(_ f: MemoryFigures) -> String {
        let units = Double(max(1, f.utf16Units))
        return f.estimatedParts.map { $0.part + " " + String(format: "%.1f", Double($0.bytes) / units) }.joined(separator: ", ")
    }

    static func row(_ f: MemoryFigures) -> String {
        let units = Double(max(1, f.utf16Units))
        func perUnit(_ bytes: Int) -> String { String(format: "%.1f", Double(bytes) / units) }
        return f.group.padding(toLength: 8, withPad: " ", startingAt: 0)
            + String(f.utf16Units).leftPadded(7)
            + "   " + (perUnit(f.preparedTexts) + " (" + perUnit(f.estimatedPreparedTexts) + ")").leftPadded(18)
            + "   " + (perUnit(f.wordCache) + " (" + perUnit(f.estimatedWordCache) + ")").leftPadded(20)
            + "   " + perUnit(f.preparedTextCache).leftPadded(10)
    }
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
