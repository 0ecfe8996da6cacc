// Where `textlayout edit --render-dir DIR` writes its pictures, one per successful session line, and with which options.
import Foundation
import TextEditing
import TextRender

/// Writes one PNG per successful session line: `DIR/snapshot-0001.png` for the first line, and so on.
struct SnapshotPictures {
    let directory: String
    let options: RenderOptions

    /// The pictures `--render-dir DIR [--render-scale N] [--render-debug]` ask for; nil without `--render-dir`.
    init?(_ args: Arguments) throws {
        guard let directory = args.string("render-dir") else {
            if args.string("render-scale") != nil || args.flags.contains("render-debug") {
                throw UsageError("--render-scale and --render-debug need --render-dir DIR")
            }
            return nil
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw UsageError("--render-dir '\(directory)' is not an existing folder")
        }
        var options = RenderOptions(debug: args.flags.contains("render-debug"))
        if let text = args.string("render-scale") {
            guard let scale = Double(text), scale.isFinite, scale > 0 else {
                throw UsageError("--render-scale must be a positive number (device pixels per pixel), got '\(text)'")
            }
            options.scale = scale
        }
        self.directory = directory
        self.options = options
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
