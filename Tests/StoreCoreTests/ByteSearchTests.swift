import Testing

@testable import StoreCore

@Suite("Finding bytes with the C library: the dots of a JWS, a name in a payload")
struct ByteSearchTests {
  static func dots(_ text: String) -> [Int]? {
    Array(text.utf8).withUnsafeBufferPointer { CompactJWSDots.find(in: $0) }.map { [$0, $1] }
  }

  static func contains(_ needle: String, _ haystack: String) -> Bool {
    Array(needle.utf8).withUnsafeBytes { needle in
      Array(haystack.utf8).withUnsafeBytes { ByteSearch.contains(needle, in: $0) }
    }
  }

  @Test func exactlyTwoDotsAreFoundWhereTheyAre() {
    #expect(Self.dots("ab.cd.ef") == [2, 5])
    #expect(Self.dots("..") == [0, 1])
    #expect(Self.dots("a..") == [1, 2])
    #expect(Self.dots("") == nil)
    #expect(Self.dots("a.b") == nil)
    #expect(Self.dots("a.b.c.") == nil)
    #expect(Self.dots("...") == nil)
  }

  @Test func aNeedleIsFoundAnywhereAndOnlyWhole() {
    #expect(Self.contains("\"exp\"", "{\"exp\":1}"))
    #expect(Self.contains("\"exp\"", "{\"a\":\"exp\"}"))
    #expect(Self.contains("ab", "aab"))
    #expect(Self.contains("", "abc"))
    #expect(!Self.contains("\"exp\"", "{\"expires\":1}"))
    #expect(!Self.contains("abc", "ab"))
    #expect(!Self.contains("ba", "aaaa"))
    #expect(!Self.contains("a", ""))
  }
}
