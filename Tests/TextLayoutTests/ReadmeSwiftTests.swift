// Runs the Swift examples of the README (section "Swift") and of docs/swift.md on the bundled fonts, so the documented API compiles and does what it says, and resolves the README's Package.swift for an app.
import Foundation
import TestSupport
import Testing
import TextLayout

@Suite("Swift examples of the README and docs/swift.md")
struct ReadmeSwiftTests {
    @Test func examples() throws {
        let fonts = bundledFonts  // the README's FontContext.shared, with the bundled fonts only
        let font = try fonts.font(family: "DejaVu Sans")
        let prepared = try PreparedText("Hello, world! A longer message wraps.", font: font, size: 17)
        let layout = try prepared.layout(wrapWidth: 120, lineSpace: 2)
        #expect(layout.lineCount > 1)
        #expect(layout.lines.allSatisfy { $0.width <= 120 })

        let editor = try prepared.measureEditor(editorWidth: 320, sizing: EditorSizing(
            minLines: 1, maxLines: 4, lineSpace: 2, insets: EdgeInsets(top: 8, left: 12, bottom: 8, right: 12)))
        #expect(editor.height == 16 + editor.contentHeight)

        let bold = try fonts.font(family: "DejaVu Sans:bold")
        #expect(bold.styleName == "Bold")
        let styled = try PreparedText("Hello, world!", style: TextStyle(font: font), spans: [
            StyledSpan(range: 0..<5, font: bold, letterSpacing: 1, attributes: ["color": "#d00000"]),
            StyledSpan(range: 7..<12, features: [try FontFeature("kern", 0)]),
        ])
        let runs = try styled.layout().lines[0].runs
        #expect(runs.first?.content.textFont === bold && runs.first?.attributes == ["color": "#d00000"])

        let list = try fonts.fonts(familyList: "DejaVu Sans Mono, 'DejaVu Sans', sans-serif")
        var settings = TextSettings()
        settings.features = try FontFeature.list(parsing: "kern 0, liga 0")
        settings.wordSpacing = 4
        settings.tabSize = .spaces(4)                                           // or .pixels(20): CSS tab-size
        settings.letterSpacing = 0.5                                            // CSS letter-spacing; a span's own wins
        let listed = try PreparedText("Shalom שלום", style: TextStyle(fonts: list, settings: settings)).layout()
        #expect(listed.lines[0].runs.map(\.content.textFont.familyName) == ["DejaVu Sans Mono", "DejaVu Sans"])

        let japanese = try TextStyle(font: font, settings: TextSettings(direction: .auto, language: "ja", lineBreak: .strict))
        #expect(japanese.settings.lineBreak == .strict)
        let larger = try japanese.withSize(20)
        var web = TextSettings()
        web.profile = .chromium
        #expect(LayoutProfile(rawValue: "chromium") == web.profile && web.profile.normalLineHeight == .roundedAscentDescent)
        var css = TextSettings(language: "ko", lineBreak: .strict)
        css.wordBreak = .keepAll
        css.paragraph.overflowWrap = .normal
        let overflowing = try PreparedText("aa supercalifragilistic bb", style: TextStyle(font: font, settings: css))
        let narrow = try overflowing.layout(wrapWidth: 80)
        // The long word alone is wider than 80 px, so it stands on a line of its own, whole.
        #expect(narrow.lineCount == 3 && narrow.lines[1].width > 80)
        #expect(try overflowing.intrinsicWidths().minContent == narrow.lines[1].width)
        var columns = TextSettings(size: 17)
        columns.profile = .chromium
        columns.writingMode = .verticalRL
        let tategaki = try PreparedText("日本語の文章です。", style: TextStyle(font: fonts.font(family: "Noto Sans CJK JP"), settings: columns))
            .layout(wrapWidth: 84.9)
        #expect(tategaki.lines.map(\.utf16Range) == [0..<4, 4..<7, 7..<9] && tategaki.contentHeight == 75)
        let columnFrames = tategaki.lines.compactMap { tategaki.columnFrame(of: $0) }
        #expect(columnFrames.map(\.x) == [50, 25, 0] && columnFrames.map(\.center) == [62.5, 37.5, 12.5])
        var date = StyledSpan(range: 1..<3)
        date.textCombineUpright = .all
        let dated = try PreparedText("第12回", style: TextStyle(font: fonts.font(family: "Noto Sans CJK JP"), settings: columns), spans: [date]).layout()
        #expect(abs(dated.lines[0].width - 51) < 1e-9 && dated.lines[0].runs.map(\.combinedScaleX) == [nil, 1, nil])
        #expect(dated.combinedBaseline(of: dated.lines[0].runs[1]) == 16)
        var collapsing = TextSettings()
        collapsing.whiteSpace = .normal
        let collapsed = try PreparedText("one   two\nthree", style: TextStyle(font: font, settings: collapsing)).layout()
        #expect(collapsed.lineCount == 1 && collapsed.lines[0].utf16Range == 0..<15)

        var shouting = TextSettings(language: "de")
        shouting.textTransform = .uppercase
        let upper = try PreparedText("Straße", style: TextStyle(font: font, settings: shouting)).layout()
        let written = try PreparedText("STRASSE", font: font).layout()
        #expect(upper.lines[0].utf16Range == 0..<6 && upper.widestLineWidth == written.widestLineWidth)
        let justified = try PreparedText("Justified text fills the width",
            style: TextStyle(font: font, settings: TextSettings(paragraph: ParagraphStyle(alignment: .justify, indent: 12)))).layout(wrapWidth: 150)
        #expect(justified.lines.map { justified.lineOrigin($0) } == [12.0, 0.0] && justified.lines[0].width == 138)
        var trimmed = TextSettings(paragraph: ParagraphStyle(textBox: TextBox("trim-both cap alphabetic")!))
        trimmed.profile = .chromium
        let capped = try PreparedText("Hxg", style: TextStyle(font: font, settings: trimmed)).layout()
        #expect(capped.contentHeight == 13 && capped.lines[0].baseline == 13 && "\(trimmed.paragraph.textBox)" == "trim-both cap alphabetic")
        let hyphenated = try PreparedText("The hyphenation",
            style: TextStyle(font: font, settings: TextSettings(language: "en", hyphens: .auto))).layout(wrapWidth: 100)
        #expect(hyphenated.lines.map(\.endsWithHyphen) == [true, false] && hyphenated.prepared.warnings.isEmpty)
        #expect(larger.settings.size == 20 && larger.settings.language == "ja")

        let (edited, edit) = try prepared.replacingCharacters(inUTF16: 5..<5, with: " there")
        let relaid = try layout.updated(for: edited, after: edit)
        #expect(edited.text == "Hello there, world! A longer message wraps.")
        #expect(relaid.lines.map(\.utf16Range) == (try edited.layout(wrapWidth: 120, lineSpace: 2)).lines.map(\.utf16Range))
        #expect(relaid == (try edited.layout(wrapWidth: 120, lineSpace: 2)))
        let (streamed, appended) = try edited.appending(" More soon.")
        let grown = try relaid.updated(for: streamed, after: appended)
        #expect(streamed.text == "Hello there, world! A longer message wraps. More soon.")
        #expect(grown == (try streamed.layout(wrapWidth: 120, lineSpace: 2)))

        #expect(layout.missingGlyphCount == 0 && prepared.missingGlyphs.isEmpty)
        #expect(layout.stableWidthRange.contains(120))
        #expect(try layout.shrinkWrapWidth() <= layout.widestLineWidth)
        let intrinsic = try prepared.intrinsicWidths()
        #expect(intrinsic.minContent <= layout.widestLineWidth && intrinsic.maxContent >= layout.widestLineWidth)
        let fitted = try prepared.fittingSize(FontSizeFit(maxLines: 2, minSize: 10, maxSize: 24), editorWidth: 120)
        #expect(fitted.fits && fitted.value.lineCount <= 2 && fitted.value.layout.prepared.style.settings.size == fitted.size)
        // 11 px: its first line is 119.12 px, so 121.83 px at 11.25 (× 11.25 / 11) and over 120.
        #expect(fitted.size == 11)
        let height = try prepared.measureEditor(editorWidth: 320, glyphRuns: false).height
        let quick = try prepared.editorHeight(editorWidth: 320).height
        #expect(height == (try prepared.layout(wrapWidth: 320)).contentHeight)
        #expect(quick == height)
        let steps = try prepared.heightSteps(in: 100...600, sizing: EditorSizing(maxLines: 4))
        #expect(steps.first?.fromEditorWidth == 100 && steps.map(\.lineCount) == steps.map(\.lineCount).sorted(by: >))
        #expect(steps.last?.lineCount == 1 && steps.first!.lineCount > 1)
        for step in steps { #expect(try prepared.editorHeight(editorWidth: step.fromEditorWidth, sizing: EditorSizing(maxLines: 4)).lineCount == step.lineCount) }

        let preview = try PreparedText("A long message preview that will not fit in two short lines of text.",
                                       style: TextStyle(font: font, settings: TextSettings(paragraph: ParagraphStyle(lineClamp: 2))))
        let clamped = try preview.layout(wrapWidth: 120)
        let truncation = try #require(clamped.truncation)
        #expect(clamped.lineCount == 2 && truncation.hiddenLineCount > 0 && clamped.ellipsisRect != nil)
        #expect(truncation.hiddenRange.upperBound == preview.text.utf16.count)

        let decorated = try PreparedText("Read this, not that", style: TextStyle(font: font), spans: [
            StyledSpan(range: 5..<9, decoration: .underline),
            StyledSpan(range: 11..<19, decoration: [.underline, .lineThrough]),
        ]).layout()
        let first = decorated.lines[0]
        #expect(decorated.lineCount == 1 && decorated.inkBounds(of: first) != nil && decorated.inkBounds(of: first) == decorated.inkBounds)
        let this = decorated.glyphRuns(of: first)[1]
        #expect(this.utf16Range == 5..<9 && this.decoration == .underline && this.decorationLineRects.count == 1)
        // DejaVu Sans at 17 px: post's underline 40 units below the baseline, 90 thick; OS/2's strikeout 530 above, of 2048.
        #expect(abs(this.decorationLineRects[0].y - 0.33) < 0.005 && abs(this.decorationLineRects[0].height - 0.75) < 0.005)
        #expect(abs(font.decorationMetrics(size: 17).strikeoutPosition - 4.4) < 0.005)
        #expect(decorated.glyphRuns(of: first).last?.decoration == [.underline, .lineThrough])
        let message = try PreparedText("Nice \u{FFFC} work", style: TextStyle(font: font),
                                       inlineObjects: [InlineObject(width: 24, height: 24, align: .baseline)])
        let messageLayout = try message.layout()
        let frames = messageLayout.inlineObjectFrames
        // DejaVu Sans at 17 px: "Nice " is 5138 units of 2048 wide, the ascent 15.78 and the descent 4.01.
        #expect(frames.count == 1 && frames[0].line == 0)
        #expect(frames[0].rect == LayoutRect(x: 5138.0 * 17 / 2048, y: 0, width: 24, height: 24))
        #expect(messageLayout.lines[0].baseline == 24 && messageLayout.lines[0].height == 24 + 483.0 * 17 / 2048)
        let (mono, _) = try fonts.font(named: "DejaVu Sans Mono", selection: FontSelection(weight: 700, slant: .italic), size: 17)
        #expect(mono.synthetic == [.bold, .oblique] && mono.variations.isEmpty)
        let inter = FontSelection(weight: 650, variations: [try FontVariation("opsz", 20)])
        #expect(try FontVariation.parseList("'wght' 650, 'opsz' 12").count == 2 && !inter.isPlain)
    }

    @Test("the README's Package.swift of an app resolves against this package: the products it names are this package's")
    func dependingManifest() throws {
        let readme = try Documentation.text("README.md")
        let manifest = String(try #require(readme.firstMatch(of: /```swift\n(\/\/ swift-tools-version[\s\S]*?)```/), "no Package.swift in the README").1)
        let products = manifest.matches(of: /\.product\(name: "(\w+)", package: "TextLayout"\)/).map { String($0.1) }
        #expect(products.contains("TextLayout"), "\(manifest)")
        // The folders the manifest takes: the app beside this repository, cloned as TextLayout.
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let app = folder.appendingPathComponent("MyApp")
        try FileManager.default.createDirectory(at: app.appendingPathComponent("Sources/MyApp"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(at: folder.appendingPathComponent("TextLayout"), withDestinationURL: repositoryRoot)
        try Data(manifest.utf8).write(to: app.appendingPathComponent("Package.swift"))
        try Data("import TextLayout\n".utf8).write(to: app.appendingPathComponent("Sources/MyApp/main.swift"))
        let run = try runProgram(["swift", "package", "--package-path", app.path, "--scratch-path", folder.appendingPathComponent("scratch").path,
                                  "show-dependencies"])
        #expect(run.status == 0, "\(run.output) \(run.error)")
    }
}
