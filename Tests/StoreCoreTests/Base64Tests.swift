import Foundation
import Testing

@testable import StoreCore

@Suite("Base64 and base64url")
struct Base64Tests {
  @Test(
    "RFC 4648 test vectors",
    arguments: [
      ("", "", ""), ("f", "Zg==", "Zg"), ("fo", "Zm8=", "Zm8"), ("foo", "Zm9v", "Zm9v"),
      ("foob", "Zm9vYg==", "Zm9vYg"), ("fooba", "Zm9vYmE=", "Zm9vYmE"),
      ("foobar", "Zm9vYmFy", "Zm9vYmFy"),
    ])
  func vectors(plain: String, standard: String, url: String) {
    #expect(Base64.encode(Array(plain.utf8)) == standard)
    #expect(Base64.urlEncode(Array(plain.utf8)) == url)
    #expect(Base64.decode(standard.utf8) == Array(plain.utf8))
    #expect(Base64.urlDecode(url.utf8) == Array(plain.utf8))
  }

  @Test func alphabetsDiffer() {
    let bytes: [UInt8] = [0xFB, 0xFF, 0xBF]
    #expect(Base64.encode(bytes) == "+/+/")
    #expect(Base64.urlEncode(bytes) == "-_-_")
    #expect(Base64.decode("-_-_".utf8) == nil)
    #expect(Base64.urlDecode("+/+/".utf8) == nil)
  }

  @Test(
    "strict decoding rejects",
    arguments: [
      "Zg", "Zg=", "Z===", "Zm9v\n", " Zm9v", "Zh==", "Zm9=", "Zm9v====", "****",
    ])
  func strictStandard(text: String) {
    #expect(Base64.decode(text.utf8) == nil)
  }

  @Test("strict url decoding rejects", arguments: ["Zg==", "Z", "Zh", "Zm9", "a.b", "é"])
  func strictURL(text: String) {
    #expect(Base64.urlDecode(text.utf8) == nil)
  }

  @Test func roundTripsEveryLength() {
    for length in 0..<70 {
      let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + 11) }
      #expect(Base64.decode(Base64.encode(bytes).utf8) == bytes)
      #expect(Base64.urlDecode(Base64.urlEncode(bytes).utf8) == bytes)
    }
  }

  @Test("every byte at every offset encodes as Foundation's encoder does, and decodes back")
  func everyByteEncodes() {
    for length in 0..<70 {
      for shift in [0, 85, 170] {
        let bytes = (0..<length).map { UInt8(truncatingIfNeeded: $0 * 37 + shift) }
        let standard = Data(bytes).base64EncodedString()
        let url = standard.replacingOccurrences(of: "+", with: "-")
          .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
        #expect(Base64.encode(bytes) == standard)
        #expect(Base64.urlEncode(bytes) == url)
        #expect(Base64.urlEncodeBytes(bytes) == Array(url.utf8))
        #expect(Base64.decode(standard.utf8) == bytes)
        #expect(Base64.urlDecode(url.utf8) == bytes)
      }
    }
  }
}
