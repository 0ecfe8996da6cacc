// The command-line parser, the layout option table and the usage texts, without running the program.
import Testing
import TextLayout
import TextLayoutCLI
import TextLayoutIO

/// A command with one option of every kind, for the parser alone.
enum Sample {
    enum Shade: String, CaseIterable { case light, dark }

    static let ratio = CommandOption("ratio", .number(valueName: "R", bounds: .any), help: "any number")
    static let scale = CommandOption("scale", .number(valueName: "N", bounds: .positive), help: "a positive number")
    static let count = CommandOption("count", .integer(valueName: "N", bounds: .within(1...4)), help: "one to four")
    static let name = CommandOption("name", .string(valueName: "NAME"), help: "any text")
    static let shade = CommandOption("shade", .choice(of: Shade.self), help: "a shade", default: Shade.light.rawValue)
    static let margins = CommandOption("margins", .insets, help: "four sides")
    static let loud = CommandOption("loud", .flag, help: "a flag")
    static let target = CommandOption("target", .string(valueName: "FILE"), help: "where it goes", required: true)

    static func command(options: [CommandOption] = [ratio, scale, count, name, shade, margins, loud], operands: Int = 1) -> Command {
        Command("sample", summary: "try the parser", options: options, operands: Operands("[THING]", maximum: operands)) { _ in 0 }
    }

    static func parse(_ arguments: [String], _ command: Command = command()) throws -> ParsedArguments {
        try ParsedArguments(arguments, for: command)
    }

    /// The usage error `arguments` give, or nil (and a recorded issue) when they give none.
    static func mistake(_ arguments: [String], _ command: Command = command(), sourceLocation: SourceLocation = #_sourceLocation) -> UsageError? {
        do {
            _ = try parse(arguments, command)
            Issue.record("\(arguments) were accepted", sourceLocation: sourceLocation)
        } catch let error as UsageError {
            return error
        } catch {
            Issue.record("\(arguments) threw \(error), not a usage error", sourceLocation: sourceLocation)
        }
        return nil
    }
}

@Suite("Command-line parser")
struct CommandLineParserTests {
    @Test("each kind of value is read as its kind, in either --name value or --name=value form")
    func valuesByKind() throws {
        for form in [["--ratio", "-2.5", "--scale", "3", "--count", "4", "--name", "a b", "--shade", "dark", "--margins", "1, 2,3 ,4.5", "--loud"],
                     ["--ratio=-2.5", "--scale=3", "--count=4", "--name=a b", "--shade=dark", "--margins=1, 2,3 ,4.5", "--loud"]] {
            let args = try Sample.parse(form + ["thing"])
            #expect(args.number(Sample.ratio) == -2.5)
            #expect(args.number(Sample.scale) == 3)
            #expect(args.integer(Sample.count) == 4)
            #expect(args.string(Sample.name) == "a b")
            #expect(args.choice(Sample.shade, as: Sample.Shade.self) == .dark)
            #expect(args.insets(Sample.margins) == EdgeInsets(top: 1, left: 2, bottom: 3, right: 4.5))
            #expect(args.flag(Sample.loud))
            #expect(args.operands == ["thing"])
        }
    }

    @Test("an option not given has no value; a flag not given is false")
    func absentOptions() throws {
        let args = try Sample.parse([])
        #expect(args.number(Sample.ratio) == nil && args.string(Sample.name) == nil && args.insets(Sample.margins) == nil)
        #expect(args.choice(Sample.shade, as: Sample.Shade.self) == nil)
        #expect(!args.flag(Sample.loud) && !args.contains(Sample.count))
        #expect(args.operands.isEmpty)
    }

    @Test("a value may start with '-'; '-' alone is an operand; after -- everything is; the last of two values wins")
    func operandsAndDashes() throws {
        let args = try Sample.parse(["--ratio", "-5", "--name", "-h", "--ratio", "7", "-"])
        #expect(args.number(Sample.ratio) == 7)
        #expect(args.string(Sample.name) == "-h")
        #expect(args.operands == ["-"])
        let after = try Sample.parse(["--", "--loud"])
        #expect(after.operands == ["--loud"] && !after.flag(Sample.loud))
    }

    @Test("-h or --help asks for the usage even after a mistake, but not after --")
    func help() throws {
        for arguments in [["-h"], ["--help"], ["--bogus", "--ratio", "x", "-h"], ["--count", "9", "--help", "a", "b", "c"]] {
            #expect(throws: HelpRequest.self, "\(arguments)") { try Sample.parse(arguments) }
        }
        #expect(try Sample.parse(["--", "-h"]).operands == ["-h"])
    }

    @Test("a mistake names the option, what it takes and what it got", arguments: [
        (["--bogus"], "unknown option --bogus; the options are: --ratio, --scale, --count, --name, --shade, --margins, --loud, -h, --help"),
        (["-5"], "unknown option -5; the options are: --ratio, --scale, --count, --name, --shade, --margins, --loud, -h, --help (put -- before a text that starts with '-')"),
        (["--loud=yes"], "--loud takes no value"),
        (["--ratio"], "--ratio needs a value: R"),
        (["--ratio", "12px"], "--ratio must be a number, got '12px'"),
        (["--ratio", "nan"], "--ratio must be a number, got 'nan'"),
        (["--ratio", "inf"], "--ratio must be a number, got 'inf'"),
        (["--scale", "0"], "--scale must be a positive number, got '0'"),
        (["--count", "5"], "--count must be a whole number from 1 to 4, got '5'"),
        (["--count", "2.0"], "--count must be a whole number from 1 to 4, got '2.0'"),
        (["--shade", "Dark"], "--shade must be one of light, dark, got 'Dark'"),
        (["--margins", "1,2,3"], "--margins must be four numbers TOP,LEFT,BOTTOM,RIGHT, got '1,2,3'"),
        (["--margins", "1,2,3,x"], "--margins must be four numbers TOP,LEFT,BOTTOM,RIGHT, got '1,2,3,x'"),
        (["--count", "0", "--bogus"], "--count must be a whole number from 1 to 4, got '0'"),
    ])
    func mistakes(_ arguments: [String], _ message: String) {
        let error = Sample.mistake(arguments)
        #expect(error?.message == message)
        #expect(error?.showsSynopsis == false)
    }

    @Test("a missing required option and too many operands are mistakes of the arguments' shape, shown with the usage line")
    func shapeMistakes() {
        let required = Sample.mistake(["x"], Sample.command(options: [Sample.target, Sample.loud]))
        #expect(required == UsageError("--target FILE is required", showsSynopsis: true))
        #expect(Sample.mistake(["a", "b"]) == UsageError("sample takes at most 1 argument, got 2: 'a', 'b'", showsSynopsis: true))
        #expect(Sample.mistake(["a"], Sample.command(operands: 0)) == UsageError("sample takes no arguments, got 'a'", showsSynopsis: true))
        let none = Sample.mistake(["--x"], Sample.command(options: [], operands: 0))
        #expect(none?.message == "unknown option --x; the options are: none but -h, --help")
    }

    @Test("an option under another name keeps its kind, help and default")
    func renamed() {
        let renamed = Sample.shade.named("tint")
        #expect(renamed.name == "tint" && renamed.kind == Sample.shade.kind && renamed.help == Sample.shade.help)
        #expect(renamed.defaultValue == "light" && renamed.synopsis == "--tint light|dark")
    }
}

@Suite("Command-line usage texts")
struct CommandLineUsageTests {
    @Test("the usage lists every option with what it takes, its help, default and whether it is required")
    func usage() {
        let command = Sample.command(options: [Sample.target, Sample.count, Sample.shade, Sample.loud, Sample.margins])
        let lines = command.usage.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "usage: textlayout sample --target FILE [options] [THING]")
        #expect(lines.contains("Try the parser."))
        func row(_ synopsis: String) -> String? { lines.first { $0.hasPrefix("  " + synopsis + " ") } }
        #expect(row("--target FILE")?.hasSuffix("where it goes (required)") == true, "\(lines)")
        #expect(row("--count N")?.hasSuffix("one to four") == true)
        #expect(row("--shade light|dark")?.hasSuffix("a shade (default: light)") == true)
        #expect(row("--loud")?.hasSuffix("a flag") == true)
        #expect(row("--margins T,L,B,R") != nil)
        #expect(row("-h, --help") != nil)
        #expect(lines.allSatisfy { $0.count <= 100 })
    }

    @Test("a long help wraps under its column, and the details follow the options")
    func wrapping() {
        let long = CommandOption("long", .flag, help: Array(repeating: "word", count: 60).joined(separator: " "))
        let command = Command("sample", summary: "try", options: [long], details: "More prose.") { _ in 0 }
        let lines = command.usage.split(separator: "\n").map(String.init)
        let first = lines.firstIndex { $0.hasPrefix("  --long ") }!
        let column = lines[first].range(of: "word")!.lowerBound.utf16Offset(in: lines[first])
        #expect(lines[first + 1].prefix(column).allSatisfy { $0 == " " } && lines[first + 1].dropFirst(column).hasPrefix("word"))
        #expect(lines.allSatisfy { $0.count <= 100 })
        #expect(lines.last == "More prose.")
    }

    @Test("the program's usage lists each command with its summary")
    func overview() {
        let commands = [Command("one", summary: "do one thing") { _ in 0 }, Command("three", summary: "do three") { _ in 0 }]
        let text = Command.overview(commands, footer: "The end.")
        #expect(text == "usage: textlayout <command> [options]\n\ncommands:\n  one    do one thing\n  three  do three\n\nThe end.")
    }

    @Test("numbers in usages and messages are written without a needless fraction")
    func plainNumbers() {
        #expect(plainNumber(17) == "17" && plainNumber(0.5) == "0.5" && plainNumber(-3) == "-3")
    }
}

@Suite("Command-line layout options")
struct CommandLineLayoutOptionTests {
    /// Each layout option with a value for it (empty for a flag) and the batch key and JSON value that mean the same.
    static let samples: [(flag: String, value: String, key: String, json: String)] = [
        ("font", "DejaVu Sans:bold", "font", #""DejaVu Sans:bold""#),
        ("weight", "700", "weight", "700"),
        ("stretch", "75%", "stretch", "75"),
        ("font-style", "oblique 10deg", "fontStyle", #""oblique 10""#),
        ("variations", "'wght' 650, 'opsz' 12", "variations", #"{"wght":650,"opsz":12}"#),
        ("synthesis", "style", "synthesis", #"["style"]"#),
        ("features", "liga 0, tnum", "features", #""liga 0, tnum""#),
        ("word-spacing", "-2.5", "wordSpacing", "-2.5"),
        ("tab-size", "20px", "tabSize", #""20px""#),
        ("letter-spacing", "1.5", "letterSpacing", "1.5"),
        ("size", "30", "size", "30"),
        ("width", "120", "width", "120"),
        ("line-spacing", "2.5", "lineSpace", "2.5"),
        ("min-lines", "2", "minLines", "2"),
        ("max-lines", "4", "maxLines", "4"),
        ("insets", "1,2,3,4", "insets", #"{"top":1,"left":2,"bottom":3,"right":4}"#),
        ("min-height", "10", "minHeight", "10"),
        ("max-height", "90", "maxHeight", "90"),
        ("direction", "rtl", "direction", #""rtl""#),
        ("language", "ja", "language", #""ja""#),
        ("line-break", "strict", "lineBreak", #""strict""#),
        ("word-break", "keep-all", "wordBreak", #""keep-all""#),
        ("text-transform", "uppercase", "textTransform", #""uppercase""#),
        ("text-spacing-trim", "trim-start", "textSpacingTrim", #""trim-start""#),
        ("text-autospace", "normal", "textAutospace", #""normal""#),
        ("writing-mode", "vertical-rl", "writingMode", #""vertical-rl""#),
        ("text-orientation", "sideways", "textOrientation", #""sideways""#),
        ("hyphens", "auto", "hyphens", #""auto""#),
        ("hyphen-min-word", "7", "hyphenMinWord", "7"),
        ("hyphen-min-before", "3", "hyphenMinBefore", "3"),
        ("hyphen-min-after", "4", "hyphenMinAfter", "4"),
        ("line-clamp", "2", "lineClamp", "2"),
        ("truncate", "middle", "truncate", #""middle""#),
        ("ellipsis", "...", "ellipsis", #""...""#),
        ("line-height", "24px", "lineHeight", #""24px""#),
        ("strut", "forced", "strut", #""forced""#),
        ("align", "justify", "align", #""justify""#),
        ("indent", "-12.5", "indent", "-12.5"),
        ("text-wrap", "balance", "textWrap", #""balance""#),
        ("white-space", "pre-line", "whiteSpace", #""pre-line""#),
        ("overflow-wrap", "break-word", "overflowWrap", #""break-word""#),
        ("text-box", "trim-start ex alphabetic", "textBox", #""trim-start ex alphabetic""#),
        ("profile", "chromium", "profile", #""chromium""#),
        ("generic-families", #"{"sans-serif":"DejaVu Sans Mono"}"#, "genericFamilies", #"{"sans-serif":"DejaVu Sans Mono"}"#),
        ("shrink-wrap", "", "shrinkWrap", "true"),
        ("intrinsic-widths", "", "intrinsicWidths", "true"),
        ("fit", #"{"maxLines":2,"minSize":8,"maxSize":20,"step":0.5}"#, "fit", #"{"maxLines":2,"minSize":8,"maxSize":20,"step":0.5}"#),
        ("height-steps", "80,300", "heightSteps", "[80,300]"),
        ("spans", #"[{"start":0,"end":1,"size":30}]"#, "spans", #"[{"start":0,"end":1,"size":30}]"#),
        ("placeholders", #"[{"width":24,"height":20,"align":"middle","baseline":3}]"#, "placeholders",
         #"[{"width":24,"height":20,"align":"middle","baseline":3}]"#),
    ]

    /// The options a sample's option needs beside it, as arguments and as the job's other keys:
    /// `--generic-families` is read by the chromium profile alone.
    static let companions: [String: (arguments: [String], keys: String)] = ["generic-families": (["--profile", "chromium"], #","profile":"chromium""#)]

    static var command: Command { Command("measure", summary: "test", options: LayoutOptions.options, operands: Operands("", maximum: 1)) { _ in 0 } }

    /// Every field a layout option can set, so that two jobs that differ in one show it.
    static func fields(_ job: LayoutRequest) -> String {
        let reported = "\(job.shrinkWrap)|\(job.intrinsicWidths)|\(String(describing: job.fit))|\(String(describing: job.heightSteps))|"
        return "\(job.text)|\(String(describing: job.font))|\(String(describing: job.weight))|\(String(describing: job.features))|\(job.fontSelection)|\(job.settings)|"
            + "\(String(describing: job.genericFamilies))|"
            + reported
            + job.spans.map { "\($0.start)-\($0.end)-\(String(describing: $0.size))" }.joined(separator: ",") + "|"
            + job.inlineObjects.map { "\($0)" }.joined(separator: ",")
    }

    @Test("the samples cover every layout option, each with its batch key, and the options every layout key")
    func coverage() {
        #expect(LayoutOptions.all.map(\.option.name) == Self.samples.map(\.flag))
        #expect(LayoutOptions.all.map(\.key) == Self.samples.map(\.key))
        // The layout keys an editor's config takes too, then the job's keys of what a result reports, the spans and the objects.
        #expect(LayoutOptions.all.map(\.key) == LayoutRequest.layoutKeys + ["shrinkWrap", "intrinsicWidths", "fit", "heightSteps", "spans", "placeholders"])
    }

    @Test("each option sets the field its batch key sets, and nothing else", arguments: samples)
    func setsTheBatchField(_ sample: (flag: String, value: String, key: String, json: String)) throws {
        let companion = Self.companions[sample.flag] ?? ([], "")
        let args = try ParsedArguments(["--" + sample.flag] + (sample.value.isEmpty ? [] : [sample.value]) + companion.arguments, for: Self.command)
        let fromOption = try LayoutOptions.request(text: "x", args)
        let fromBatch = try LayoutRequest(job: parseJSON(#"{"text":"x","\#(sample.key)":\#(sample.json)\#(companion.keys)}"#))
        #expect(Self.fields(fromOption) == Self.fields(fromBatch))
        let plain = try LayoutRequest(job: parseJSON(#"{"text":"x"}"#))
        #expect(Self.fields(fromOption) != Self.fields(plain), "--\(sample.flag) changed nothing")
    }

    @Test("without options the job is the batch format's default job")
    func defaults() throws {
        let args = try ParsedArguments([], for: Self.command)
        #expect(Self.fields(try LayoutOptions.request(text: "x", args)) == Self.fields(try LayoutRequest(job: parseJSON(#"{"text":"x"}"#))))
    }

    @Test("the usage shows the batch format's defaults and the enumerations' values")
    func usage() {
        let lines = Self.command.usage.split(separator: "\n").map(String.init)
        func row(_ start: String) -> String { lines.first { $0.hasPrefix("  " + start + " ") } ?? "" }
        // docs/batch-format.md's defaults: size 17, lineSpace 0, minLines 1, zero insets, direction auto, lineBreak normal.
        #expect(row("--size PX").hasSuffix("(default: 17)"))
        #expect(row("--line-spacing PX").hasSuffix("(default: 0)"))
        #expect(row("--min-lines N").hasSuffix("(default: 1)"))
        #expect(row("--insets T,L,B,R").hasSuffix("(default: 0,0,0,0)"))
        #expect(row("--direction auto|ltr|rtl").hasSuffix("(default: auto)"))
        #expect(lines.contains { $0.hasPrefix("  --line-break normal|strict|loose|keep-all") })
        #expect(!row("--weight 1-1000").contains("default"), "a field without a default shows none")
    }

    @Test("the engine's message names the options that set the settings it is about, and changes nothing else", arguments: [
        (LayoutError(.invalidArgument, "lineSpace must be at least 0, got -1", keys: ["lineSpace"]), "--line-spacing must be at least 0, got -1"),
        (LayoutError(.invalidArgument, "maxLines (2) must be at least minLines (3)", keys: ["maxLines", "minLines"]),
         "--max-lines (2) must be at least --min-lines (3)"),
        (LayoutError(.invalidArgument, "insets.left must be finite", keys: ["insets.left"]), "left of --insets must be finite"),
        (LayoutError(.invalidArgument, "lineHeight must be \"normal\", got -1px", keys: ["lineHeight"]), "--line-height must be \"normal\", got -1px"),
        (LayoutError(.invalidArgument, "span 0's size must be at most 10000.0 px", keys: ["spans[0].size"]),
         "--spans: span 0's size must be at most 10000.0 px"),
        (LayoutError(.invalidArgument, "heightSteps: the widest width must be finite", keys: ["heightSteps"]),
         "--height-steps: the widest width must be finite"),
        (LayoutError(.invalidArgument, "weight 700 picks a face: name the file of that weight", keys: ["weight"]),
         "--weight 700 picks a face: name the file of that weight"),
        (LayoutError(.invalidArgument, "the widths and sizes are fine"), "the widths and sizes are fine"),
        (LayoutError(.invalidArgument, "sizes differ", keys: ["size"]), "--size: sizes differ"),
        // A member of an option's value is named as such, not as an option that does not exist.
        (LayoutError(.invalidArgument, "insets.right must be at least 0, got -4.0", keys: ["insets.right"]),
         "right of --insets must be at least 0, got -4.0"),
    ])
    func commandLineMessage(_ error: LayoutError, _ named: String) {
        #expect(LayoutOptions.commandLineMessage(error) == named)
    }

    @Test("a value out of range is said with its option: --size names --size, a span's size is --spans' and stays a span's size")
    func outOfRangeValues() throws {
        func message(_ arguments: [String]) throws -> String {
            let request = try LayoutOptions.request(text: "Hello", ParsedArguments(arguments, for: Self.command))
            let error = #expect(throws: LayoutError.self) { try request.measure(in: .shared) }
            return error.map(LayoutOptions.commandLineMessage) ?? ""
        }
        #expect(try message(["--size=-1"]) == "--size must be a finite number greater than 0, got -1")
        #expect(try message(["--size", "20000"]) == "--size must be at most 10000 px, got 20000")
        #expect(try message(["--spans", #"[{"start": 0, "end": 2, "size": -1}]"#])
                == "--spans: span 0's size must be a finite number greater than 0, got -1")
        #expect(try message(["--width", "10", "--insets", "0,6,0,4"])
                == "--width 10 leaves no room for text between the left and right --insets (6 + 4)")
    }

    @Test("--text-box takes CSS's text-box shorthand; anything else is a usage error giving the grammar",
          arguments: [("trim-both cap alphabetic", TextBox?.some(TextBox(trim: .trimBoth, edge: TextBoxEdge(over: .cap, under: .alphabetic)))),
                      ("normal", TextBox.none), ("ex alphabetic", TextBox(trim: .trimBoth, edge: TextBoxEdge(over: .ex, under: .alphabetic))),
                      ("cap", nil), ("trim-both alphabetic cap", nil)])
    func textBoxOption(_ value: String, _ expected: TextBox?) throws {
        let args = try ParsedArguments(["--text-box", value], for: Self.command)
        if let expected {
            #expect(try LayoutOptions.request(text: "x", args).settings.text.paragraph.textBox == expected)
        } else {
            #expect(throws: UsageError("--text-box must be \(TextBox.allowed), got '\(value)'")) {
                try LayoutOptions.request(text: "x", args)
            }
        }
    }

    @Test("--line-height takes normal, a multiple or pixels; anything else is a usage error saying what is allowed",
          arguments: [("normal", LineHeight?.some(.normal)), ("1.5", .multiple(1.5)), ("24px", .fixed(24)), ("tall", nil), ("24pt", nil)])
    func lineHeightOption(_ value: String, _ expected: LineHeight?) throws {
        let args = try ParsedArguments(["--line-height", value], for: Self.command)
        if let expected {
            #expect(try LayoutOptions.request(text: "x", args).settings.text.paragraph.lineHeight == expected)
        } else {
            #expect(throws: UsageError("--line-height must be \(LineHeight.allowed), got '\(value)'")) {
                try LayoutOptions.request(text: "x", args)
            }
        }
    }

    @Test("--tab-size takes spaces or pixels; anything else is a usage error saying what is allowed",
          arguments: [("4", TabSize?.some(.spaces(4))), ("2.5", .spaces(2.5)), ("20px", .pixels(20)), ("wide", nil), ("4em", nil)])
    func tabSizeOption(_ value: String, _ expected: TabSize?) throws {
        let args = try ParsedArguments(["--tab-size", value], for: Self.command)
        if let expected {
            #expect(try LayoutOptions.request(text: "x", args).settings.text.tabSize == expected)
        } else {
            #expect(throws: UsageError("--tab-size must be \(TabSize.allowed), got '\(value)'")) {
                try LayoutOptions.request(text: "x", args)
            }
        }
    }

    @Test("--height-steps takes two numbers MIN,MAX with 0 < MIN <= MAX; anything else is a usage error saying what is allowed",
          arguments: [("80,300", ClosedRange<Double>?.some(80...300)), (" 80 , 80", 80...80), ("1e2,2.5e2", 100...250),
                       ("300,80", nil), ("0,80", nil), ("-1,80", nil), ("80", nil), ("80,", nil), ("a,b", nil), ("nan,80", nil),
                       ("80,inf", nil), ("80,90,100", nil)])
    func heightStepsOption(_ value: String, _ expected: ClosedRange<Double>?) throws {
        let arguments = ["--height-steps", value]
        guard let expected else {
            #expect(throws: UsageError("--height-steps must be two numbers MIN,MAX, each a positive number, with MIN <= MAX, got '\(value)'")) {
                try LayoutOptions.request(text: "x", ParsedArguments(arguments, for: Self.command))
            }
            return
        }
        #expect(try LayoutOptions.request(text: "x", ParsedArguments(arguments, for: Self.command)).heightSteps == expected)
    }

    @Test("--shrink-wrap is a flag: it takes no value and asks for the shrink-wrap width")
    func shrinkWrapFlag() throws {
        #expect(try LayoutOptions.request(text: "x", ParsedArguments(["--shrink-wrap"], for: Self.command)).shrinkWrap)
        #expect(try !LayoutOptions.request(text: "x", ParsedArguments([], for: Self.command)).shrinkWrap)
        #expect(throws: UsageError("--shrink-wrap takes no value")) { try ParsedArguments(["--shrink-wrap=yes"], for: Self.command) }
    }
}
