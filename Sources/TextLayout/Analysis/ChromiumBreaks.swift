// Chromium's break rules around ASCII punctuation, applied to ICU's break opportunities under the chromium profile's `punctuationBreaks`.
import CICU

/// `breaks` (ascending byte offsets in `content` of `bytes`, the paragraph's end last) with the
/// opportunities Chromium's line breaker has around ASCII punctuation where ICU's differ, as
/// measured against headless Chromium on the corpus (docs/profiles.md):
///
/// - none after `/` before an ASCII letter, digit or `[` (`/etc/pam.d/common`, `/proc/[pid]` stay
///   whole), nor between `$` and `{` or `(`, `%` and `%`, `+` and `%` or `+`, `!` and `%`, `\` and
///   `%` (`${name}`, `$(cmd)`, `%%`, `Shift+%MOD1`, `C++`, `idea!%0A`, `"\%"`);
/// - one after a space before anything but a space, a combining mark, a zero width joiner or a word
///   joiner, where UAX 14 has none (` .org`, ` :`, ` !`, ` ,`, `» (`, `( x`: Chromium breaks after
///   every run of spaces in `pre-wrap`);
/// - one after `-` before an ASCII letter, digit or `%` (`UTF-|8`, `ו-|KDE`, `ב-|%PRODUCT`), but not
///   after a `-` that starts a word before a digit (`-1`); and one between two hyphens (`-|-|version`).
///
/// Only opportunities after `after` (when given) are added, as ICU gives only those.
func chromiumPunctuationBreaks(_ breaks: [Int], _ bytes: UnsafeBufferPointer<UInt8>, in content: Range<Int>, after: Int?) -> [Int] {
    let first = max(content.lowerBound, after ?? content.lowerBound) + 1
    guard first < content.upperBound else { return breaks }
    var removed = Set<Int>()
    var added: [Int] = []
    for offset in first..<content.upperBound {
        let before = bytes[offset - 1], next = bytes[offset]
        let rule = before == UInt8(ascii: " ") ? breakAfterSpace(bytes, at: offset)
            : chromiumBreak(before: before, next: next, beforeThat: offset - 2 >= content.lowerBound ? bytes[offset - 2] : nil)
        switch rule {
        case true?: added.append(offset)
        case false?: removed.insert(offset)
        case nil: break
        }
    }
    guard !removed.isEmpty || !added.isEmpty else { return breaks }
    return mergedAscending(breaks.filter { !removed.contains($0) }, added)
}

/// Whether Chromium breaks between the bytes `before` and `next` (`beforeThat` the byte before
/// `before`), where its rules differ from ICU's; nil where they agree.
private func chromiumBreak(before: UInt8, next: UInt8, beforeThat: UInt8?) -> Bool? {
    func isAlphanumeric(_ byte: UInt8) -> Bool { isASCIILetter(byte) || isASCIIDigit(byte) }
    switch before {
    case UInt8(ascii: "/") where isAlphanumeric(next) || next == UInt8(ascii: "["): return false
    case UInt8(ascii: "$") where next == UInt8(ascii: "{") || next == UInt8(ascii: "("): return false
    case UInt8(ascii: "+") where next == UInt8(ascii: "+"): return false
    case UInt8(ascii: "%"), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "\\"): return next == UInt8(ascii: "%") ? false : nil
    case UInt8(ascii: "-"):
        let startsWord = beforeThat == nil || beforeThat == UInt8(ascii: " ")
        if isASCIIDigit(next) { return startsWord ? nil : true }
        if next == UInt8(ascii: "-") { return true }
        return isASCIILetter(next) || next == UInt8(ascii: "%") ? true : nil
    default: return nil
    }
}

/// Whether Chromium breaks after the space before byte `offset` where ICU may not: before any
/// character but a space, a combining mark, a zero width joiner or a word joiner (which keep to
/// what comes before them), and a hard break; nil there (ICU's answer stands).
private func breakAfterSpace(_ bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> Bool? {
    let next = bytes[offset]
    if next < 0x80 { return next > 0x20 && next != 0x7F ? true : nil }
    switch cicu_line_break_class(decodeScalar(bytes, at: offset).0) {
    case LineBreakClass.combiningMark, LineBreakClass.space, LineBreakClass.wordJoiner, LineBreakClass.zeroWidthJoiner,
         LineBreakClass.mandatoryBreak, LineBreakClass.nextLine: return nil
    default: return true
    }
}

private func isASCIILetter(_ byte: UInt8) -> Bool { (byte | 0x20) >= UInt8(ascii: "a") && (byte | 0x20) <= UInt8(ascii: "z") }
private func isASCIIDigit(_ byte: UInt8) -> Bool { byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9") }
