// Long runs of combining marks (text that is not stream-safe, UAX #15) shaped in pieces, since HarfBuzz takes time quadratic in their length.
import CICU

/// Runs longer than this many bytes are checked for long sequences of combining marks.
let longRun = 4096

/// The pieces to shape a long run in when it holds more than 30 combining marks in a row (text
/// that is not stream-safe, UAX #15): cut after every 30th mark, so that each piece is shaped on
/// its own. HarfBuzz 6 takes time quadratic in the length of such a sequence; marks past the
/// 30th are then positioned on their own rather than stacked on their base. Nil when there is
/// no such sequence.
func streamSafeChunks(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> [Range<Int>]? {
    var chunks: [Range<Int>] = []
    var start = range.lowerBound
    var marks = 0
    var i = range.lowerBound
    while i < range.upperBound {
        let (scalar, length) = decodeScalar(bytes, at: i)
        if scalar >= 0x300, cicu_combining_class(scalar) != 0 {
            marks += 1
            if marks % 30 == 0 {
                chunks.append(start..<(i + length))
                start = i + length
            }
        } else {
            marks = 0
        }
        i += length
    }
    guard !chunks.isEmpty else { return nil }
    if start < range.upperBound { chunks.append(start..<range.upperBound) }
    return chunks
}
