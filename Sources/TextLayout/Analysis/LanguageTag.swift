// A text's language tag completed with ICU's likely subtags, read once per style: line breaking, shaping and fallback fonts all take this form.
import CICU

/// A BCP 47 tag completed with the subtags ICU infers for it (likely subtags, as
/// `uloc_addLikelySubtags`): "zh" is "zh-Hans-CN", "zh-Hant" is "zh-Hant-TW", "zh-HK" is
/// "zh-Hant-HK", "ko-KR" is "ko-Kore-KR". So "zh", "zh-CN" and "zh-Hans" are the same language
/// to every reader, and the script (Simplified or Traditional Han) is always spelled out.
struct LanguageTag: Hashable, Sendable {
    /// The tag with its likely subtags, in BCP 47 form (extensions such as `-u-lb-strict` kept);
    /// the tag as given when ICU cannot read it.
    let full: String
    /// The language subtag, lowercased ("zh").
    let language: String
    /// The ISO 15924 script subtag, capitalised as ICU writes it ("Hant"), or nil.
    let script: String?
    /// The region subtag, uppercased ("TW", or three digits such as "419"), or nil.
    let region: String?

    init(_ tag: String) {
        var buffer = [CChar](repeating: 0, count: 160)
        let length = cicu_likely_subtags(tag, &buffer, Int32(buffer.count))
        full = length > 0 ? String(decoding: buffer[..<Int(length)].map { UInt8(bitPattern: $0) }, as: UTF8.self) : tag
        // BCP 47's order: language, then an optional 4-letter script, then an optional region.
        var subtags = full.split(separator: "-").map(String.init)[...]
        language = subtags.popFirst()?.lowercased() ?? ""
        if let next = subtags.first, next.count == 4, next.allSatisfy(\.isLetter) {
            script = next.prefix(1).uppercased() + next.dropFirst().lowercased()
            subtags = subtags.dropFirst()
        } else {
            script = nil
        }
        if let next = subtags.first, (next.count == 2 && next.allSatisfy(\.isLetter)) || (next.count == 3 && next.allSatisfy(\.isNumber)) {
            region = next.uppercased()
        } else {
            region = nil
        }
    }
}
