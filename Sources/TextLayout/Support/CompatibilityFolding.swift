// NFKC folding of a string through ICU: the form in which full-width digits and letters are the ASCII ones they stand for.
import CICU

extension String {
    /// The string in Unicode normalization form KC (ICU's NFKC): compatibility characters become
    /// the characters they stand for (full-width `０９０` and `Ａ` become `090` and `A`, half-width
    /// katakana full-width, `①` becomes `1`), and what remains is canonically composed.
    /// The string itself when ICU cannot normalize it (which it can for any valid Unicode).
    package var compatibilityFolded: String {
        let units = Array(utf16)
        guard !units.isEmpty else { return self }
        var capacity = units.count
        while true {
            var output = [UInt16](repeating: 0, count: capacity)
            let written = Int(cicu_nfkc(units, Int32(units.count), &output, Int32(capacity)))
            guard written >= 0 else { return self }
            if written <= capacity { return String(decoding: output[..<written], as: UTF16.self) }
            capacity = written
        }
    }
}
