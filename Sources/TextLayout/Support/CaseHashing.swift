// Hashing a setting's enum by its case, not its name: an enum of String raw values hashes its rawValue, a whole string, where its case is one byte.

/// The case of `value`, an enum without payloads (of String raw values or none), as the byte
/// that stores it: what a hand-written `hash(into:)` combines for it, since Swift hashes an enum
/// of String raw values by hashing its rawValue (`TextAlignment.center` as "center"), a
/// String's hashing for each such field of each settings value a cache looks up. Two values of
/// one case give the same byte, so a hash made of it agrees with the enum's `==`.
@inline(__always)
func caseByte<Value>(_ value: Value) -> UInt8 {
    withUnsafeBytes(of: value) { $0.isEmpty ? 0 : $0[0] }
}
