// Splits a paragraph into runs of one Unicode script, so each is shaped with its own script's features (kerning, forms).
import CICU

/// A run of text in one script, in UTF-8 byte offsets.
struct ScriptRun: Sendable, Equatable {
    var range: Range<Int>
    /// The ISO 15924 code of the script, such as "Latn" or "Cyrl"; "Zyyy" (Common) when the run
    /// holds no letter of any script.
    var script: String
}

/// Itemizes `range` of UTF-8 `bytes` by script (UAX #24).
///
/// Characters of the Common and Inherited scripts (spaces, punctuation, digits, combining marks)
/// join the run around them: the run before them, or at the start of a paragraph the first run
/// with a real script. A closing bracket takes the script of its opening bracket, so "(αβγ) x" keeps
/// its parentheses apart from the Latin that follows, as Pango and HarfBuzz's itemizers do.
///
/// Hiragana and Katakana are one script here, labelled "Hira": OpenType shapes both as `kana`, and
/// browsers keep them in one run (Chromium's ScriptRunIterator and Firefox's gfxScriptItemizer
/// merge the two), so the font's kerning between them applies (ー before で in Noto Sans CJK JP).
/// Han stays a script of its own, as in browsers. Pango cuts the run where Katakana meets Hiragana.
func scriptRuns(_ bytes: UnsafeBufferPointer<UInt8>, range: Range<Int>) -> [ScriptRun] {
    var runs: [ScriptRun] = []
    var runStart = range.lowerBound
    var runScript: Int32 = commonScript
    var brackets: [(closing: UInt32, script: Int32)] = []
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        var script = scriptOf(scalar)
        if script == commonScript, scalar >= 0x80 || isASCIIBracket(scalar) {
            var pair: UInt32 = 0
            switch cicu_paired_bracket(scalar, &pair) {
            case 1:
                if brackets.count < 64 { brackets.append((pair, runScript)) }
            case 2:
                if let k = brackets.lastIndex(where: { $0.closing == scalar }) {
                    if brackets[k].script != commonScript { script = brackets[k].script }
                    brackets.removeSubrange(k...)
                }
            default: break
            }
        }
        if script != commonScript, script != runScript {
            if runScript == commonScript {
                runScript = script  // the run so far was all Common: it takes the first real script
                for k in brackets.indices where brackets[k].script == commonScript { brackets[k].script = script }
            } else {
                runs.append(ScriptRun(range: runStart..<i, script: String(cString: cicu_script_code(runScript))))
                runStart = i
                runScript = script
            }
        }
        i += length
    }
    if range.upperBound > runStart || runs.isEmpty {
        runs.append(ScriptRun(range: runStart..<range.upperBound, script: String(cString: cicu_script_code(runScript))))
    }
    return runs
}

/// ICU's code for the Common script; Inherited (1) and Unknown (103) count as Common here.
private let commonScript: Int32 = 0

/// ICU's code for Hiragana, which Katakana (22) and Katakana_Or_Hiragana (54) count as here.
private let kanaScript: Int32 = 20

private func scriptOf(_ scalar: UInt32) -> Int32 {
    if scalar < 0x80 {
        let isLetter = (0x41...0x5A).contains(scalar) || (0x61...0x7A).contains(scalar)
        return isLetter ? 25 : commonScript  // 25: USCRIPT_LATIN
    }
    switch cicu_script(scalar) {
    case 1, 103: return commonScript
    case 22, 54: return kanaScript
    case let script: return script
    }
}

private func isASCIIBracket(_ scalar: UInt32) -> Bool {
    scalar == 0x28 || scalar == 0x29 || scalar == 0x5B || scalar == 0x5D || scalar == 0x7B || scalar == 0x7D
}
