// What an array really takes on the heap, for the caches' byte budgets: its capacity, not its count, plus the buffer's header and malloc's own overhead.

/// The bytes `array`'s buffer occupies: appending leaves up to twice the room its count needs, and
/// every buffer carries a 32-byte header and about 16 bytes of malloc's bookkeeping. (An empty
/// array shares one static buffer and takes nothing.)
func heapBytes<Element>(_ array: [Element]) -> Int {
    array.capacity == 0 ? 0 : array.capacity * MemoryLayout<Element>.stride + 48
}
