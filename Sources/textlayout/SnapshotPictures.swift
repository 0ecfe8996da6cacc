// Where `textlayout edit --render-dir DIR` writes its pictures, one per successful session line, and with which options: the edit command's picture options.
import Foundation
import Glibc
import TextEditing
import TextLayoutCLI
import TextRender

/// Writes one PNG per successful session line: `DIR/snapshot-0001.png` for the first line, and so on.
struct SnapshotPictures {
    let directory: String
    let options: RenderOptions

    static let directoryOption = CommandOption("render-dir", .string(valueName: "DIR"),
                                               help: "draw the editor after each successful line into DIR/snapshot-0001.png... (DIR is made when missing)")
    static let scale = RenderCommand.scale.named("render-scale")
    static let debug = CommandOption("render-debug", .flag, help: "draw the measurement over the snapshots, as render's --debug")
    static let options = [directoryOption, scale, debug]

    /// The pictures `--render-dir DIR [--render-scale N] [--render-debug]` ask for; nil without
    /// `--render-dir`. The folder is made, with its parents, when it does not exist.
    /// - Throws: ``UsageError`` for `--render-scale` or `--render-debug` without `--render-dir`,
    ///   or a DIR that is a file; ``Console/WriteError`` when the folder cannot be made.
    init?(_ args: ParsedArguments) throws {
        guard let directory = args.string(Self.directoryOption) else {
            if args.contains(Self.scale) || args.flag(Self.debug) {
                throw UsageError("--render-scale and --render-debug need --render-dir DIR")
            }
            return nil
        }
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory) {
            guard isDirectory.boolValue else { throw UsageError("--render-dir '\(directory)' is a file, not a folder") }
        } else {
            try Self.makeFolder(directory)
        }
        var options = RenderOptions(debug: args.flag(Self.debug))
        options.scale = args.number(Self.scale) ?? options.scale
        self.directory = directory
        self.options = options
    }

    /// Makes the folder `path` and the parents it lacks, as `mkdir -p` does.
    /// - Throws: ``Console/WriteError`` naming the folder that could not be made and why.
    private static func makeFolder(_ path: String) throws {
        var made = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            made += (made.isEmpty || made.hasSuffix("/") ? "" : "/") + component
            if mkdir(made, 0o755) != 0, errno != EEXIST {
                throw Console.WriteError(what: "--render-dir '\(path)'", reason: "cannot make '\(made)': \(String(cString: strerror(errno)))")
            }
        }
    }

    /// The path of line `number`'s picture.
    func path(_ number: Int) -> String {
        directory + "/snapshot-" + String(format: "%04d", number) + ".png"
    }

    /// Draws the editor as it is now (see ``RenderScene/init(editor:)``) into line `number`'s picture.
    /// - Throws: ``RenderError`` when the picture is too large or cannot be written.
    func write(_ editor: EditorModel, number: Int) throws {
        try RenderScene(editor: editor).write(to: path(number), options: options)
    }
}
