// Bad input: unknown extensions, bad scales and colours, pictures past the size limit, unwritable paths; no partial file is left.
import Foundation
import Testing
import TextLayout
import TextRender
import TestSupport

@Suite("Bad input")
struct BadInputTests {
    @Test("the format comes from the extension", arguments: [
        ("out.png", PictureFormat.png), ("OUT.PNG", .png), ("dir.v2/out.svg", .svg), ("a.b.Svg", .svg),
    ])
    func formats(_ path: String, _ format: PictureFormat) throws {
        #expect(try PictureFormat(path: path) == format)
    }

    @Test("an unknown or missing extension is an error that lists the allowed ones", arguments: ["out.jpg", "out", "out.png.txt", "dir.png/out", ".png"])
    func unknownExtension(_ path: String) {
        #expect {
            try PictureFormat(path: path)
        } throws: { error in
            guard let error = error as? RenderError else { return false }
            return error.code == .unknownFormat && error.message.contains(".png or .svg")
        }
    }

    @Test("a scale that is not a positive number is refused", arguments: [0, -1, Double.nan, .infinity, -.infinity])
    func badScale(_ scale: Double) throws {
        let (scene, _) = try editorScene("Hello", width: 100)
        for render in [{ _ = try RasterRenderer.render(scene, options: RenderOptions(scale: scale)) },
                       { _ = try SVGRenderer.render(scene, options: RenderOptions(scale: scale)) }] {
            #expect { try render() } throws: { ($0 as? RenderError)?.code == .invalidArgument }
        }
    }

    @Test("a picture larger than 16,384 px a side is refused before anything is drawn", arguments: [
        (20_000.0, 1.0), (10_000.0, 2.0), (100.0, 200.0),
    ])
    func tooLarge(_ width: Double, _ scale: Double) throws {
        let (scene, _) = try editorScene("Hello", width: width)
        #expect { try RasterRenderer.render(scene, options: RenderOptions(scale: scale)) } throws: {
            ($0 as? RenderError)?.code == .pictureTooLarge && "\($0)".contains("16384")
        }
        #expect { try SVGRenderer.render(scene, options: RenderOptions(scale: scale)) } throws: { ($0 as? RenderError)?.code == .pictureTooLarge }
    }

    @Test("the largest allowed side is accepted")
    func largestSide() throws {
        let (scene, _) = try editorScene("Hi", width: Double(RenderScene.maximumPixelSide) / 4)
        let size = try scene.pixelSize(scale: 4)
        #expect(size.width == RenderScene.maximumPixelSide)
    }

    @Test("colours parse as #RGB, #RRGGBB, #RRGGBBAA or a name", arguments: [
        ("#000", RGBAColor.black), ("ffffff", .white), ("#10408020", RGBAColor(red: 16, green: 64, blue: 128, alpha: 32)),
        ("Transparent", .transparent), ("#f80", RGBAColor(red: 255, green: 136, blue: 0)),
    ])
    func colours(_ text: String, _ color: RGBAColor) throws {
        #expect(try RGBAColor(parsing: text) == color)
    }

    @Test("a colour that does not parse says what is allowed", arguments: ["#12", "#gggggg", "reddish", "", "#1234567"])
    func badColours(_ text: String) {
        #expect { try RGBAColor(parsing: text) } throws: {
            ($0 as? RenderError)?.code == .invalidArgument && "\($0)".contains("#RRGGBB")
        }
    }

    @Test("an unwritable output path is an error and leaves no file behind")
    func unwritable() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let (scene, _) = try editorScene("Hello", width: 100)
        let notAFolder = folder.appendingPathComponent("file.txt")
        try Data("x".utf8).write(to: notAFolder)
        let isAFolder = folder.appendingPathComponent("taken.png")
        try FileManager.default.createDirectory(at: isAFolder, withIntermediateDirectories: false)
        let paths = [folder.appendingPathComponent("missing/out.png").path, notAFolder.appendingPathComponent("out.png").path,
                     isAFolder.path, folder.appendingPathComponent("missing/out.svg").path]
        for path in paths {
            #expect(throws: RenderError.self) { try scene.write(to: path, options: RenderOptions()) }
            do {
                try scene.write(to: path, options: RenderOptions())
            } catch let error as RenderError {
                #expect(error.code == .cannotWrite)
                #expect(error.message.contains(path))
            }
        }
        let left = try FileManager.default.contentsOfDirectory(atPath: folder.path).sorted()
        #expect(left == ["file.txt", "taken.png"], "only what the test made is there")
        var isDirectory: ObjCBool = false
        #expect(FileManager.default.fileExists(atPath: isAFolder.path, isDirectory: &isDirectory) && isDirectory.boolValue)
    }

    @Test("a failed render leaves an existing picture untouched, a good one replaces it whole")
    func atomicReplace() throws {
        let folder = try makeTemporaryDirectory()
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("out.png").path
        let (scene, _) = try editorScene("Hello", width: 100)
        try scene.write(to: path, options: RenderOptions())
        let before = try #require(FileManager.default.contents(atPath: path))
        #expect(throws: RenderError.self) { try scene.write(to: path, options: RenderOptions(scale: -2)) }
        #expect(FileManager.default.contents(atPath: path) == before)
        try scene.write(to: path, options: RenderOptions(scale: 2))
        let after = try PNGCodec.decode(Array(try #require(FileManager.default.contents(atPath: path))))
        #expect(after.width == 200)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["out.png"])
    }

    @Test("PNG encoding round-trips RGBA, RGB and gray pictures")
    func pngRoundTrip() throws {
        var canvas = Canvas(width: 3, height: 2, background: .white)
        canvas.fill(x0: 0, y0: 0, x1: 1, y1: 1, RGBAColor(red: 10, green: 10, blue: 10))
        #expect(try PNGCodec.decode(PNGCodec.encode(canvas)).pixels == canvas.pixels)
        canvas.fill(x0: 1, y0: 0, x1: 2, y1: 1, RGBAColor(red: 200, green: 30, blue: 40))
        #expect(try PNGCodec.decode(PNGCodec.encode(canvas)).pixels == canvas.pixels)
        let clear = Canvas(width: 2, height: 2, background: RGBAColor(red: 1, green: 2, blue: 3, alpha: 4))
        #expect(try PNGCodec.decode(PNGCodec.encode(clear)).pixels == clear.pixels)
        #expect(throws: RenderError.self) { try PNGCodec.decode([1, 2, 3]) }
    }
}
