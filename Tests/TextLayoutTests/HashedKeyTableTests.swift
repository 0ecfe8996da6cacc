// Checks the caches' hashed-key table against a Dictionary: stores, replacements and removals in any order, keys crowded in one shard's bits.
import Testing
@testable import TextLayout

@Suite("Hashed-key table")
struct HashedKeyTableTests {
    @Test("holds what a Dictionary holds after random stores and removals, keys alike in their low bits as in a shard")
    func agreesWithDictionary() {
        var generator = SystemRandomNumberGenerator()
        for sizeHint in [0, 1, 40] {
            var table = HashedKeyTable<String>(minimumCapacity: sizeHint)
            var expected: [UInt64: String] = [:]
            for step in 0..<20_000 {
                // Few distinct keys, all with the same low 4 bits: many replacements, removals and probe chains.
                let key = UInt64.random(in: 0..<300, using: &generator) << 4 | 5
                if Bool.random(using: &generator) {
                    #expect(table.updateValue("\(step)", forKey: key) == expected.updateValue("\(step)", forKey: key))
                } else {
                    #expect(table.removeValue(forKey: key) == expected.removeValue(forKey: key))
                }
                #expect(table.count == expected.count)
            }
            for key in (0..<300).map({ UInt64($0) << 4 | 5 }) { #expect(table[key] == expected[key]) }
        }
    }
}
