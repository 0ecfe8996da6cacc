// CSS `word-break`: the setting, and the break opportunities `break-all` adds between letters and digits (Chromium's table).
import CICU

/// Whether lines may break inside words (CSS `word-break`, CSS Text 3 §5.2).
public enum WordBreak: String, Sendable, Hashable, CaseIterable {
    /// Breaks where UAX #14 (with the profile's rules) puts them. The default.
    case normal
    /// Also between two letters or digits of any script (typographic letter units), not only
    /// where UAX #14 allows: `Supercalifragilistic` breaks like `超级`. Punctuation keeps its rules.
    case breakAll = "break-all"
    /// No break between two letters or digits, so Korean and CJK words stay whole as Latin words do.
    case keepAll = "keep-all"
}

extension TextSettings {
    /// The `word-break` in force: ``wordBreak``, or `keep-all` when ``lineBreak`` is its old
    /// spelling, ``LineBreakStrictness/keepAll``.
    var effectiveWordBreak: WordBreak {
        lineBreak == .keepAll ? .keepAll : wordBreak
    }
}

/// The break opportunities `word-break: break-all` adds inside `content` of `bytes` (a paragraph),
/// ascending, after `after` when given: before a character of line break class AI, AL, HL, NU,
/// SA, HY, OP or PR (BA too under `loose`, and U+007C always) that follows one of class AI, AL, HL,
/// NU, SA, SY, BA (any of those), CL, CP, EX, IS, PO (most of those) or HY (only before NU), or
/// before a PO after a PR, combining marks counting as the character before them and `+` as a letter: Blink's
/// `kBreakAllLineBreakClassTable`. Under `loose`, also before U+2010 and U+2013 after AL, NU, SA or
/// ID. Never before a combining mark (so every opportunity is between grapheme clusters), nor after
/// a virama (inside a conjunct) or a spacing mark (a Devanagari vowel sign such as `ि`); after
/// other marks there are (`é|b`, the accent a combining one) unless `afterMarks` is
/// ``BreakAllAfterMarks/none``, which leaves out every one right after a mark (Chromium's).
func breakAllBreaks(_ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, after: Int?, loose: Bool,
                    afterMarks: BreakAllAfterMarks = .asTheirBase) -> [Int] {
    var added: [Int] = []
    var offset = content.lowerBound
    var lastClass: Int32 = -1
    var lastScalar: UInt32 = 0
    var lastIsMark = false
    while offset < content.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: offset)
        let lineClass = scalar == 0x2B ? LineBreakClass.alphabetic : cicu_line_break_class(scalar)
        let afterMark = afterMarks == .none ? lastIsMark : endsSyllable(lastScalar)
        if offset > content.lowerBound, offset > (after ?? content.lowerBound), !afterMark {
            let loosePrefix = loose && (scalar == 0x2010 || scalar == 0x2013)
                && [LineBreakClass.numeric, LineBreakClass.alphabetic, LineBreakClass.complexContext, LineBreakClass.ideographic].contains(lastClass)
            if loosePrefix || breaksAll(after: lastClass, before: lineClass, scalar: scalar, loose: loose) { added.append(offset) }
        }
        lastIsMark = lineClass == LineBreakClass.combiningMark
        if !lastIsMark { lastClass = lineClass }
        lastScalar = scalar
        offset += length
    }
    return added
}

/// Whether no `break-all` opportunity follows `scalar`: a virama (canonical combining class 9) or
/// a spacing combining mark.
private func endsSyllable(_ scalar: UInt32) -> Bool {
    cicu_combining_class(scalar) == 9 || Unicode.Scalar(scalar)?.properties.generalCategory == .spacingMark
}

/// Blink's break-all table: whether `break-all` adds a break before a character of class `next`
/// (`scalar`) after one of class `previous`.
private func breaksAll(after previous: Int32, before next: Int32, scalar: UInt32, loose: Bool) -> Bool {
    // ULineBreak values: AI 1, AL 2, BA 4, CL 8, EX 11, HY 13, IS 16, NU 19, OP 20, PO 21, PR 22,
    // SA 24, SY 27, CP 36, HL 38.
    let letters: Set<Int32> = [1, 2, 4, 19, 24, 27, 38]
    let allowed: Set<Int32>
    switch previous {
    case _ where letters.contains(previous): allowed = [1, 2, 4, 13, 19, 20, 22, 24, 38]
    case 8: allowed = [1, 2, 4, 13, 19, 22, 38]             // CL
    case 36: allowed = [1, 2, 4, 13, 19, 22, 24, 38]        // CP
    case 11, 21: allowed = [1, 2, 4, 13, 19, 21, 22, 38]    // EX, PO
    case 16: allowed = [1, 2, 4, 13, 19, 38]                // IS
    case 13: allowed = [19]                                 // HY
    case 22: allowed = [21]                                 // PR
    default: return false
    }
    guard allowed.contains(next) else { return false }
    // Not before a BA (LB21) but U+007C, unless `loose`.
    return next != 4 || scalar == 0x7C || loose
}
