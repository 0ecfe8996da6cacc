// Text that arrives as bytes (an argument, a file, standard input, a batch or session line) decoded as UTF-8 one way, or refused with one error that says where it stops being UTF-8.

extension BoundaryError {
    /// The error for `bytes` that are not valid UTF-8, naming `what` they are ("the line",
    /// "the text on standard input"...) and where the first byte that starts no character is.
    public static func invalidUTF8<Bytes: Collection<UInt8>>(in what: String, _ bytes: Bytes) -> BoundaryError {
        let (offset, byte) = firstInvalidUTF8(bytes) ?? (0, 0)
        let hex = String(byte, radix: 16, uppercase: true)
        return BoundaryError(.invalidUTF8, "\(what) is not valid UTF-8: byte 0x\(hex.count < 2 ? "0" + hex : hex) at offset \(offset) starts no character; input must be UTF-8")
    }

    /// The offset and value of the first byte of `bytes` where UTF-8 decoding fails, or nil when
    /// every byte belongs to a valid character.
    static func firstInvalidUTF8<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (offset: Int, byte: UInt8)? {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes.makeIterator()
        var offset = 0
        var index = bytes.startIndex
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
                index = bytes.index(index, offsetBy: encoded.count)
            case .error:
                return (offset, bytes[index])
            case .emptyInput:
                return nil
            }
        }
    }
}

/// `bytes` as a string: a UTF-8 byte-order mark at their start skipped, as every text reader of
/// the project skips it.
/// - Throws: ``BoundaryError`` `.invalidUTF8` naming `what` the bytes are when they are not UTF-8.
public func decodeUTF8Text(_ bytes: [UInt8], what: String) throws(BoundaryError) -> String {
    let body = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? bytes[3...] : bytes[...]
    guard let text = String(validating: body, as: UTF8.self) else { throw .invalidUTF8(in: what, body) }
    return text
}
