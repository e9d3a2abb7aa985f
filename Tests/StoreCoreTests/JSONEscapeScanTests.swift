import Testing

@testable import StoreCore

@Suite("Finding the bytes a JSON string escapes")
struct JSONEscapeScanTests {
  /// The first byte at or after `start` a byte-at-a-time scan stops at.
  private func reference(_ bytes: [UInt8], from start: Int, nonASCII: Bool) -> Int {
    bytes.indices.dropFirst(start).first { index in
      JSONEscapeScan.needsEscape(bytes[index]) || (nonASCII && bytes[index] >= 0x80)
    } ?? bytes.count
  }

  @Test(
    "each kind of byte is found wherever it lies in runs of every length",
    arguments: [0x00, 0x1F, 0x22, 0x5C, 0x80, 0xC3, 0xFF] as [UInt8])
  func findsEachByte(special: UInt8) {
    for length in 1..<80 {
      for position in 0..<length {
        var bytes = (0..<length).map { UInt8(ascii: "A") + UInt8($0 % 26) }
        bytes[position] = special
        for start in [0, 1, 9] where start <= length {
          bytes.withUnsafeBufferPointer { buffer in
            #expect(
              JSONEscapeScan.firstEscape(in: buffer, from: start)
                == reference(bytes, from: start, nonASCII: false))
            #expect(
              JSONEscapeScan.firstEscapeOrNonASCII(in: buffer, from: start)
                == reference(bytes, from: start, nonASCII: true))
          }
        }
      }
    }
  }

  @Test func plainTextHasNothingToFind() {
    let bytes = Array(String(repeating: "eyJhbGciOiJFUzI1NiJ9._-", count: 40).utf8)
    bytes.withUnsafeBufferPointer { buffer in
      #expect(JSONEscapeScan.firstEscape(in: buffer, from: 0) == bytes.count)
      #expect(JSONEscapeScan.firstEscapeOrNonASCII(in: buffer, from: 5) == bytes.count)
    }
  }
}
