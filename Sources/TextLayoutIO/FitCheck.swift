// Whether a laid-out job fits its constraints and can be drawn: the gate a localization pipeline runs on every translation.

/// Why a job's text does not fit the box its job describes.
public enum FitProblem: String, CaseIterable, Sendable {
    /// The job could not be laid out.
    case error
    /// It has more lines than `maxLines`: the editor would scroll.
    case maxLines
    /// Its lines are taller than `maxHeight` allows (insets counted), within `maxLines`: the editor would scroll.
    case maxHeight
    /// A line clamp cut it: part of the text is hidden.
    case truncated
    /// Some of its characters are in no font: they are drawn as the .notdef box.
    case missingGlyphs
}

public enum FitCheck {
    /// What keeps a job's text from fitting, read from its request and its batch result (see
    /// ``ResultComparison/results(_:source:)``); empty when it fits.
    public static func problems(_ request: LayoutRequest, result: JSONValue) -> [FitProblem] {
        guard result["error"] == nil else { return [.error] }
        var problems: [FitProblem] = []
        // The engine's own verdict: the editor scrolls when its lines are more than maxLines or
        // taller than maxHeight allows; which of the two, the line count says.
        if result["isScrollable"] == .bool(true) {
            let lineCount = Int(result["lineCount"]?.number ?? 0)
            if let maxLines = request.settings.sizing.maxLines, lineCount > maxLines { problems.append(.maxLines) } else { problems.append(.maxHeight) }
        }
        if result["truncated"] != nil { problems.append(.truncated) }
        if ResultComparison.missingGlyphs(result) > 0 { problems.append(.missingGlyphs) }
        return problems
    }

    /// One problem in words for people, with the numbers that show it: `7 lines, maxLines 2`,
    /// `cut by the line clamp: hidden 39..90` (pixels with two decimals, UTF-16 offsets).
    /// - Parameter request: the job, when it could be read (its limits are named from it).
    public static func describe(_ problem: FitProblem, request: LayoutRequest?, result: JSONValue) -> String {
        func pixels(_ value: Double?) -> String { value.map(twoDecimals) ?? "?" }
        switch problem {
        case .error:
            return "error \(result["error"]?["code"]?.serialized ?? "") \(result["error"]?["message"]?.serialized ?? "")"
        case .maxLines:
            return "\(result["lineCount"]?.serialized ?? "?") lines, maxLines \(request?.settings.sizing.maxLines.map(String.init) ?? "?")"
        case .maxHeight:
            return "content \(pixels(result["height"]?.number)) px tall, maxHeight \(pixels(request?.settings.sizing.maxHeight)) px with insets"
        case .truncated:
            let hidden = result["truncated"]
            return "cut by the line clamp: hidden \(hidden?["start"]?.serialized ?? "?")..\(hidden?["end"]?.serialized ?? "?")"
        case .missingGlyphs:
            let count = ResultComparison.missingGlyphs(result)
            return "\(counted(count, "character")) \(count == 1 ? "has" : "have") no glyph in any font"
        }
    }
}
