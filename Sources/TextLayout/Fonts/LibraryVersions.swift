// The project's version and the versions of the C libraries the engine runs with, as they report themselves at run time.
import CFontconfig
import CFreeType
import CHarfBuzz
import CICU

/// Versions for bug reports: the project's, and those of HarfBuzz, FreeType, fontconfig and ICU
/// as loaded (which may differ from the headers the package was built against).
public enum LibraryVersions {
    /// The project's version, the one place it is written.
    public static let textLayout = "0.5.0"

    /// HarfBuzz's version, such as "6.0.0".
    public static var harfBuzz: String { String(cString: hb_version_string()) }

    /// FreeType's version, such as "2.12.1", from a library instance made for the question
    /// (FreeType reports it only per instance); "unknown" if none can be made.
    public static var freeType: String {
        var library: FT_Library?
        guard FT_Init_FreeType(&library) == 0, let library else { return "unknown" }
        defer { FT_Done_FreeType(library) }
        var major: FT_Int = 0, minor: FT_Int = 0, patch: FT_Int = 0
        FT_Library_Version(library, &major, &minor, &patch)
        return "\(major).\(minor).\(patch)"
    }

    /// fontconfig's version, such as "2.14.1" (it reports 21401).
    public static var fontconfig: String {
        let version = Int(FcGetVersion())
        return "\(version / 10000).\(version / 100 % 100).\(version % 100)"
    }

    /// ICU's version, such as "72.1": its numbers up to the last that is not 0, at least two, as ICU writes it.
    public static var icu: String {
        var numbers = [UInt8](repeating: 0, count: 4)
        numbers.withUnsafeMutableBufferPointer { cicu_version_numbers($0.baseAddress) }
        let shown = max(2, (numbers.lastIndex { $0 != 0 } ?? 0) + 1)
        return numbers.prefix(shown).map(String.init).joined(separator: ".")
    }

    /// The C libraries' names and versions, in the order a report lists them.
    public static var runtime: [(name: String, version: String)] {
        [("HarfBuzz", harfBuzz), ("FreeType", freeType), ("fontconfig", fontconfig), ("ICU", icu)]
    }
}
