import Testing

@testable import StoreCore

@Suite("The payload segment of a compact JWS, decoded from base64url")
struct CompactJWSPayloadTests {
  @Test("three segments: the middle one decoded, url alphabet and missing padding included")
  func decodesTheMiddleSegment() {
    // "?>?" is 3F 3E 3F: base64 "Pz4/", base64url "Pz4_". "ab" is "YWI" without its padding.
    #expect(CompactJWSPayload.bytes(of: "eyJ9.Pz4_.c2ln") == Array("?>?".utf8))
    #expect(CompactJWSPayload.bytes(of: "h.YWI.s") == Array("ab".utf8))
    #expect(CompactJWSPayload.bytes(of: "..") == [])
  }

  @Test(
    "anything but three segments, or a payload that is not base64url, is nil",
    arguments: [
      "", "YWI", "h.YWI", "h.YWI.s.x", "h.Y$I.s", "h.YWI.s.",
    ])
  func refusesOtherShapes(_ text: String) {
    #expect(CompactJWSPayload.bytes(of: text) == nil)
  }
}
