// OpenType tags (the names of tables and features: `GSUB`, `kern`) as the 32-bit numbers HarfBuzz and FreeType take.

/// The OpenType tag of four ASCII characters (`"GSUB"`, `"kern"`): the first character in the
/// high byte, as HarfBuzz's `HB_TAG` macro makes it.
/// - Precondition: `name` is four ASCII characters.
package func openTypeTag(_ name: StaticString) -> UInt32 {
    precondition(name.utf8CodeUnitCount == 4, "an OpenType tag is four characters")
    let bytes = name.utf8Start
    return UInt32(bytes[0]) << 24 | UInt32(bytes[1]) << 16 | UInt32(bytes[2]) << 8 | UInt32(bytes[3])
}
