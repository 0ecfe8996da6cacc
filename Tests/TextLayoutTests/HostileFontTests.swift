// Hostile font files: truncated, corrupted, empty, without a cmap, with absurd metrics, devices and pipes: a clear error or a working font, never a crash or a hang.
import Foundation
import Testing
import TextLayout
import TestSupport

/// A font file's bytes and its table directory, for patching tables in place (checksums are left
/// stale: FreeType and HarfBuzz do not check them).
struct FontBytes {
    struct Table {
        var tag: String
        /// Where the table's directory entry starts.
        var entry: Int
        var offset: Int
        var length: Int
    }

    var bytes: [UInt8]
    var tables: [Table] = []

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
        let count = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<count {
            let entry = 12 + 16 * i
            guard entry + 16 <= bytes.count else { break }
            let tag = String(decoding: bytes[entry..<entry + 4], as: UTF8.self)
            tables.append(Table(tag: tag, entry: entry, offset: Int(uint32(at: entry + 8)), length: Int(uint32(at: entry + 12))))
        }
    }

    func uint32(at i: Int) -> UInt32 { bytes[i..<i + 4].reduce(0) { $0 << 8 | UInt32($1) } }

    func table(_ tag: String) -> Table? { tables.first { $0.tag == tag } }

    mutating func setUInt16(_ tag: String, at field: Int, _ value: UInt16) {
        guard let table = table(tag) else { return }
        bytes[table.offset + field] = UInt8(value >> 8)
        bytes[table.offset + field + 1] = UInt8(value & 0xFF)
    }

    mutating func setInt16(_ tag: String, at field: Int, _ value: Int16) { setUInt16(tag, at: field, UInt16(bitPattern: value)) }

    mutating func setUInt32(at i: Int, _ value: UInt32) {
        for k in 0..<4 { bytes[i + k] = UInt8(value >> (24 - 8 * k) & 0xFF) }
    }

    /// Gives table `tag` another tag, so that no reader finds it.
    mutating func hide(_ tag: String) {
        guard let table = table(tag) else { return }
        bytes[table.entry] = UInt8(ascii: "x")
    }
}

@Suite("Hostile font files", suiteTimeLimit(minutes: 3))
struct HostileFontTests {
    /// One hostile file: how it is made from a bundled font (or from nothing).
    struct Variant: Sendable, CustomTestStringConvertible {
        var name: String
        var make: @Sendable () throws -> [UInt8]
        var testDescription: String { name }
    }

    static func bundled(_ file: String) throws -> [UInt8] {
        try [UInt8](Data(contentsOf: URL(fileURLWithPath: #require(FontContext.bundledFontPath(file)))))
    }

    static func patched(_ file: String, _ name: String, _ patch: @escaping @Sendable (inout FontBytes) -> Void) -> Variant {
        Variant(name: "\(file): \(name)") {
            var font = FontBytes(try bundled(file))
            patch(&font)
            return font.bytes
        }
    }

    /// Every variant: from a small font with GSUB, GPOS and GDEF (Noto Sans Hebrew) and a large one
    /// with a kern table and hinting (DejaVu Sans).
    static let variants: [Variant] = {
        var all: [Variant] = []
        for file in ["NotoSansHebrew-Regular.ttf", "DejaVuSans.ttf"] {
            for fraction in [0.0001, 0.001, 0.01, 0.1, 0.25, 0.5, 0.9, 0.999] {
                all.append(Variant(name: "\(file) truncated to \(fraction)") {
                    let bytes = try bundled(file)
                    return Array(bytes.prefix(max(1, Int(Double(bytes.count) * fraction))))
                })
            }
            for length in [1, 4, 11, 12, 13, 27, 28, 100] {
                all.append(Variant(name: "\(file) truncated to \(length) bytes") { Array(try bundled(file).prefix(length)) })
            }
            for tag in ["cmap", "head", "hhea", "hmtx", "maxp", "OS/2", "loca", "glyf", "GSUB", "GPOS", "GDEF", "kern", "post", "name"] {
                all.append(patched(file, "no \(tag)") { $0.hide(tag) })
            }
            for upem: UInt16 in [0, 1, 15, 16, 16384, 16385, 65535] {
                all.append(patched(file, "unitsPerEm \(upem)") { $0.setUInt16("head", at: 18, upem) })
            }
            for (ascender, descender, gap): (Int16, Int16, Int16) in [(32767, -32768, 32767), (30000, 0, 0), (-500, 0, 0),
                                                                      (0, 0, 0), (100, 100, -32768), (1, -1, 0)] {
                all.append(patched(file, "hhea \(ascender) \(descender) \(gap)") {
                    $0.setInt16("hhea", at: 4, ascender)
                    $0.setInt16("hhea", at: 6, descender)
                    $0.setInt16("hhea", at: 8, gap)
                    // The typo metrics likewise, in case the font asks for them.
                    $0.setInt16("OS/2", at: 68, ascender)
                    $0.setInt16("OS/2", at: 70, descender)
                    $0.setInt16("OS/2", at: 72, gap)
                })
            }
            all.append(patched(file, "USE_TYPO_METRICS with zero typo metrics") {
                $0.setUInt16("OS/2", at: 62, 1 << 7)
                $0.setInt16("OS/2", at: 68, 0)
                $0.setInt16("OS/2", at: 70, 0)
            })
            for count: UInt16 in [0, 1, 65535] {
                all.append(patched(file, "numberOfHMetrics \(count)") { $0.setUInt16("hhea", at: 34, count) })
                all.append(patched(file, "numGlyphs \(count)") { $0.setUInt16("maxp", at: 4, count) })
            }
            all.append(patched(file, "numTables 0") { $0.bytes[4] = 0; $0.bytes[5] = 0 })
            all.append(patched(file, "numTables 65535") { $0.bytes[4] = 0xFF; $0.bytes[5] = 0xFF })
            for tag in ["cmap", "glyf", "GSUB", "GPOS", "hmtx"] {
                all.append(patched(file, "\(tag) past the end of the file") { font in
                    guard let table = font.table(tag) else { return }
                    font.setUInt32(at: table.entry + 8, 0xFFFF_FF00)
                    font.setUInt32(at: table.entry + 12, 0xFFFF_FFFF)
                })
                all.append(patched(file, "\(tag) filled with 0xFF") { font in
                    guard let table = font.table(tag) else { return }
                    for i in table.offset..<min(font.bytes.count, table.offset + table.length) { font.bytes[i] = 0xFF }
                })
            }
            for seed: UInt64 in 0..<12 {
                all.append(Variant(name: "\(file) with 64 random bytes changed, seed \(seed)") {
                    var bytes = try bundled(file)
                    var rng = SplitMix(seed: seed)
                    for _ in 0..<64 { bytes[Int.random(in: 0..<bytes.count, using: &rng)] = UInt8.random(in: 0...255, using: &rng) }
                    return bytes
                })
            }
        }
        all.append(Variant(name: "a collection header claiming 4 billion fonts") {
            Array("ttcf".utf8) + [0, 1, 0, 0, 0xFF, 0xFF, 0xFF, 0xFF] + [UInt8](repeating: 0, count: 64)
        })
        all.append(Variant(name: "a megabyte of zeros") { [UInt8](repeating: 0, count: 1 << 20) })
        all.append(Variant(name: "64 KiB of random bytes") {
            var rng = SplitMix(seed: 7)
            return (0..<(1 << 16)).map { _ in UInt8.random(in: 0...255, using: &rng) }
        })
        return all
    }()

    static let texts = ["Hello, world! A longer message that wraps.", "שָׁלוֹם עוֹלָם 123", "e\u{301}\u{302} a\u{308}", "\ttab\t",
                        "中文 😀 👨‍👩‍👧", "", "\n\n"]

    /// Loads `bytes` as a font in `context` and lays texts out with it. Returns what went wrong
    /// (a wrong kind of error, a broken invariant), empty when the font was refused cleanly or worked.
    static func exercise(_ bytes: [UInt8], name: String, in directory: URL, context: FontContext) -> [String] {
        let url = directory.appendingPathComponent("font-\(UUID().uuidString).ttf")
        do { try Data(bytes).write(to: url) } catch { return ["could not write \(url.path): \(error)"] }
        defer { try? FileManager.default.removeItem(at: url) }
        let font: Font
        do {
            font = try context.font(path: url.path)
        } catch let error as LayoutError {
            if error.code != .badFontFile || !error.message.contains(url.path) {
                return ["\(name): refused with \(error.code) '\(error.message)', not a badFontFile error naming the file"]
            }
            return []
        } catch {
            return ["\(name): refused with \(type(of: error)), not a LayoutError"]
        }
        var problems: [String] = []
        let metrics = font.metrics
        if !(16...16384).contains(metrics.unitsPerEm) { problems.append("\(name): loaded with \(metrics.unitsPerEm) units per em") }
        for size in [17.0, 10_000] {
            for text in texts {
                do {
                    let prepared = try PreparedText(text, style: TextStyle(font: font, settings: TextSettings(size: size)))
                    for width in [nil, 1, 150] as [Double?] {
                        let layout = try prepared.layout(wrapWidth: width, lineSpace: 1)
                        problems += layout._checkInvariants().map { "\(name), \(text.debugDescription) at \(size) px, width \(width ?? 0): \($0)" }
                        let editor = try prepared.measureEditor(editorWidth: width, sizing: EditorSizing(minLines: 1, maxLines: 3))
                        if !editor.height.isFinite || editor.height < 0 { problems.append("\(name): editor height \(editor.height)") }
                    }
                } catch {
                    problems.append("\(name): laying out \(text.debugDescription) threw \(error)")
                }
            }
        }
        return problems
    }

    /// Every variant, first in a child process so that a crash fails this test rather than the
    /// whole run; then, when the child survived, here, checking each result.
    @Test("every hostile font file is refused with badFontFile or works, in a child process first")
    func hostileFiles() async throws {
        await #expect(processExitsWith: .success, "a hostile font file crashed the engine (run the variants one by one to find it)") {
            let directory = try makeTemporaryDirectory()
            defer { try? FileManager.default.removeItem(at: directory) }
            // Contexts of their own, here and below: hostile fonts must not stay loaded in the shared one.
            let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
            for variant in HostileFontTests.variants {
                _ = HostileFontTests.exercise(try variant.make(), name: variant.name, in: directory, context: context)
            }
        }
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        for variant in Self.variants {
            let problems = Self.exercise(try variant.make(), name: variant.name, in: directory, context: context)
            for problem in problems { Issue.record(Comment(rawValue: problem)) }
        }
        #expect(Self.variants.count > 150)
    }

    @Test("docs/robustness.md gives the number of hostile font files these tests build")
    func documentedCount() throws {
        let robustness = try Documentation.text("docs/robustness.md")
        #expect(robustness.contains("`HostileFontTests` builds \(Self.variants.count) broken files"),
                "docs/robustness.md's count of hostile font files is not \(Self.variants.count)")
    }

    @Test("absurd metrics are refused with a message that says so", arguments: [
        ("unitsPerEm 0", "units per em"), ("unitsPerEm 1", "units per em"), ("unitsPerEm 15", "units per em"),
        ("unitsPerEm 16385", "units per em"), ("unitsPerEm 65535", "units per em"), ("hhea 32767 -32768 32767", "line metrics"),
    ])
    func absurdMetrics(_ name: String, _ phrase: String) throws {
        let variant = try #require(Self.variants.first { $0.name == "DejaVuSans.ttf: \(name)" })
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("absurd.ttf")
        try Data(variant.make()).write(to: url)
        let error = layoutError { try FontContext().font(path: url.path) }
        #expect(error?.code == .badFontFile)
        #expect(error?.message.contains(phrase) == true, "\(error?.message ?? "")")
    }

    @Test("a font without a cmap loads, and every character falls back or is drawn as .notdef")
    func noCmap() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("no-cmap.ttf")
        var font = FontBytes(try Self.bundled("DejaVuSansMono.ttf"))
        font.hide("cmap")
        try Data(font.bytes).write(to: url)
        // A context of its own: a font without a cmap must not stay loaded in the shared one.
        let context = FontContext(fontDirectories: [FontContext.bundledFontsDirectory!], includeSystemFonts: false)
        let loaded = try context.font(path: url.path)
        #expect(!loaded.hasGlyph(0x41))
        let layout = try PreparedText("Abc def", style: TextStyle(font: loaded, settings: TextSettings(size: 20))).layout(wrapWidth: 30)
        #expect(layout._checkInvariants().isEmpty)
        #expect(layout.lineCount >= 2)
    }

    @Test("a face index past the collection is refused, however large", arguments: [1, 1 << 20, Int(Int32.max), Int(Int32.max) + 1, Int.max, Int.min])
    func faceIndex(_ index: Int) throws {
        let path = try #require(FontContext.bundledFontPath("NotoSansHebrew-Regular.ttf"))
        let error = layoutError { try FontContext().font(path: path, faceIndex: index) }
        #expect(error?.code == .badFontFile)
        #expect(error?.message.contains(path) == true || error?.message.contains("face index") == true, "\(error?.message ?? "")")
    }

    /// A pipe blocked the read forever, holding the context's lock; /dev/zero was read until
    /// HarfBuzz's reader gave up at 512 MiB. Only regular files are read now.
    @Test("a pipe, a device or a socket is refused at once, not read", arguments: ["fifo", "socket", "/dev/zero", "/dev/null", "/dev/urandom"])
    func notARegularFile(_ kind: String) throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var path = kind
        if kind == "fifo" {
            path = directory.appendingPathComponent("pipe.ttf").path
            #expect(mkfifo(path, 0o600) == 0)
        }
        var listening: Int32 = -1
        defer { if listening >= 0 { close(listening) } }
        if kind == "socket" {
            path = directory.appendingPathComponent("socket.ttf").path
            listening = try bindUnixSocket(at: path)
        }
        let error = layoutError { try FontContext().font(path: path) }
        #expect(error?.code == .badFontFile)
        #expect(error?.message.contains("not a regular file") == true, "\(error?.message ?? "")")
    }

    /// A Unix-domain socket bound at `path` (a file of type socket), its descriptor to close.
    private func bindUnixSocket(at path: String) throws -> Int32 {
        let descriptor = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(descriptor >= 0, "socket() failed: \(errno)")
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        let bytes = Array(path.utf8)
        try #require(bytes.count < MemoryLayout.size(ofValue: address.sun_path), "the socket's path is too long: \(path)")
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: bytes) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
        }
        try #require(bound == 0, "bind(\(path)) failed: \(errno)")
        var status = stat()
        try #require(stat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFSOCK, "\(path) is not a socket")
        return descriptor
    }

    @Test("a symbolic link to a font file still loads")
    func symbolicLink() throws {
        let directory = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let link = directory.appendingPathComponent("link.ttf").path
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: #require(FontContext.bundledFontPath("DejaVuSans.ttf")))
        #expect(try FontContext().font(path: link).familyName == "DejaVu Sans")
    }
}
