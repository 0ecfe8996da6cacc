// The floors the benchmark compares against: HarfBuzz shaping alone and ICU's line break iterator alone, on the same jobs.
import CHarfBuzz
import CICU
import TextLayout

/// HarfBuzz alone: each job's text shaped once as a single run in its primary font, as the peers'
/// hb_shape does. No layout engine can shape for less.
final class HarfBuzzAlone {
    private var fonts: [ObjectIdentifier: OpaquePointer] = [:]
    private let buffer = hb_buffer_create()

    deinit {
        for font in fonts.values { hb_font_destroy(font) }
        hb_buffer_destroy(buffer)
    }

    private func hbFont(_ font: Font) -> OpaquePointer {
        if let existing = fonts[ObjectIdentifier(font)] { return existing }
        let blob = hb_blob_create_from_file(font.path)
        let face = hb_face_create(blob, UInt32(font.faceIndex))
        let created = hb_font_create(face)!
        hb_font_set_scale(created, Int32(font.metrics.unitsPerEm), Int32(font.metrics.unitsPerEm))
        hb_face_destroy(face)
        hb_blob_destroy(blob)
        fonts[ObjectIdentifier(font)] = created
        return created
    }

    /// Shapes every job once; returns the sum of advances (a checksum, so the work is kept).
    func run(_ jobs: [BenchJob]) -> Int {
        var checksum = 0
        for job in jobs {
            let font = hbFont(job.style.font)
            var text = job.text
            text.withUTF8 { bytes in
                bytes.withMemoryRebound(to: CChar.self) { chars in
                    hb_buffer_clear_contents(buffer)
                    hb_buffer_add_utf8(buffer, chars.baseAddress, Int32(chars.count), 0, Int32(chars.count))
                    hb_buffer_guess_segment_properties(buffer)
                    hb_shape(font, buffer, nil, 0)
                }
            }
            var count: UInt32 = 0
            if let positions = hb_buffer_get_glyph_positions(buffer, &count) {
                for i in 0..<Int(count) { checksum &+= Int(positions[i].x_advance) }
            }
        }
        return checksum
    }
}

/// ICU alone: the line break opportunities of each job's text.
enum ICUAlone {
    static func run(_ jobs: [BenchJob]) -> Int {
        var checksum = 0
        var positions = [Int32](repeating: 0, count: 1024)
        for job in jobs {
            var text = job.text
            text.withUTF8 { bytes in
                guard bytes.count > 0 else { return }
                if positions.count < bytes.count + 1 { positions = [Int32](repeating: 0, count: bytes.count + 1) }
                let n = positions.withUnsafeMutableBufferPointer {
                    cicu_breaks(CICU_LINE, nil, bytes.baseAddress, Int32(bytes.count), $0.baseAddress, nil, Int32($0.count))
                }
                checksum &+= Int(n)
            }
        }
        return checksum
    }
}
