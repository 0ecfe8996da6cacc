// The fonts a browser puts behind CSS's generic families and after every font-family list (its font settings), which the chromium profile's fallback reads.

/// The families a browser's font settings give CSS's generic families, and its standard font,
/// which ends every font-family list (Blink's `-webkit-standard`): with the profile's
/// ``FamilyFallback/browser`` rule, a list's `serif`, `sans-serif`, `monospace`, `cursive` and
/// `fantasy` are these families, each found through fontconfig as a named family is (so a family
/// the system lacks, and that no font is bound to strongly, is skipped as any missing family is),
/// and the standard font follows the list's last family. `system-ui`, `emoji` and `math` stay
/// fontconfig's. The defaults are Chromium's on Linux (``chromiumLinux``).
public struct GenericFamilies: Sendable, Hashable {
    /// The families in the order of ``names``: one array, so that a request holding the settings
    /// (or nil for the defaults) is a word wide.
    private var families: [String]

    /// The font after every list, and the family of a text that names none (Chromium's "Standard font").
    public var standard: String { get { families[0] } set { families[0] = newValue } }
    public var serif: String { get { families[1] } set { families[1] = newValue } }
    public var sansSerif: String { get { families[2] } set { families[2] = newValue } }
    public var monospace: String { get { families[3] } set { families[3] = newValue } }
    public var cursive: String { get { families[4] } set { families[4] = newValue } }
    public var fantasy: String { get { families[5] } set { families[5] = newValue } }

    public init(standard: String, serif: String, sansSerif: String, monospace: String, cursive: String, fantasy: String) {
        families = [standard, serif, sansSerif, monospace, cursive, fantasy]
    }

    /// Chromium's font settings on Linux (its defaults for every script): Times New Roman,
    /// Arial, Monospace, Comic Sans MS and Impact, which fontconfig gives as Liberation Serif,
    /// Liberation Sans (metric aliases), its monospace font, and no font where the system has
    /// neither Comic Sans MS nor Impact (the family is then skipped).
    public static let chromiumLinux = GenericFamilies(standard: "Times New Roman", serif: "Times New Roman", sansSerif: "Arial",
                                                      monospace: "Monospace", cursive: "Comic Sans MS", fantasy: "Impact")

    /// The names of the settings, in the order messages list them: `standard`, then CSS's generic families.
    public static let names = ["standard", "serif", "sans-serif", "monospace", "cursive", "fantasy"]

    /// The family of the setting `name` (one of ``names``, any case); nil for any other name.
    public subscript(setting name: String) -> String? {
        get { Self.names.firstIndex(of: name.lowercased()).map { families[$0] } }
        set {
            guard let newValue, let index = Self.names.firstIndex(of: name.lowercased()) else { return }
            families[index] = newValue
        }
    }

    /// The family the settings give the list entry `name` (a generic family of CSS, any case);
    /// nil for any other name. `standard` is no CSS generic family, so a list entry of that name
    /// is a family like any other.
    public func family(forGeneric name: String) -> String? {
        name.lowercased() == "standard" ? nil : self[setting: name]
    }
}
