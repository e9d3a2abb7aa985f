#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Finds bytes in bytes with the C library (`memchr`, `memcmp`): a Swift loop over a buffer is
/// many times slower in a debug build, where the tests run.
public enum ByteSearch {
  /// Whether `needle` occurs in `haystack`.
  public static func contains(_ needle: UnsafeRawBufferPointer, in haystack: UnsafeRawBufferPointer)
    -> Bool
  {
    guard !needle.isEmpty else { return true }
    guard let needleBase = needle.baseAddress, let base = haystack.baseAddress,
      needle.count <= haystack.count
    else { return false }
    let first = Int32(needle[0])
    var start = 0
    let last = haystack.count - needle.count
    while start <= last,
      let found = memchr(base + start, first, last - start + 1)
    {
      let offset = base.distance(to: UnsafeRawPointer(found))
      if memcmp(base + offset, needleBase, needle.count) == 0 { return true }
      start = offset + 1
    }
    return false
  }

  /// The index of the first `byte` in `buffer` at or after `start`, or nil.
  public static func index(
    of byte: UInt8, in buffer: UnsafeBufferPointer<UInt8>, from start: Int
  ) -> Int? {
    guard let base = buffer.baseAddress, start >= 0, start < buffer.count,
      let found = memchr(base + start, Int32(byte), buffer.count - start)
    else { return nil }
    return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
  }
}
