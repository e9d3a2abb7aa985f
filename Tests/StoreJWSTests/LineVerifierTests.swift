import Foundation
import StoreCore
import Testing

@testable import StoreJWS

@Suite("storeterm verify: lines in, JSON lines out")
struct LineVerifierTests {
  let lines = JWSLineVerifier(verifier: SharedAuthority.verifier())
  let signer = SharedAuthority.signer

  func object(_ line: String) throws -> [String: Any] {
    try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
  }

  @Test func oneOutputLinePerTokenWithKindDetected() throws {
    let input = [
      try signer.sign(Samples.transaction(.consumable)),
      "",
      try signer.sign(Samples.renewalInfo()) + "\r",
      "  " + (try signer.sign(Samples.appTransaction())),
      try signer.sign(try Samples.notification(signer: signer)),
    ]
    let run = lines.verify(lines: input)
    #expect(run.allVerified)
    #expect(run.outputLines.count == 4)
    let objects = try run.outputLines.map(object)
    #expect(
      objects.map { $0["kind"] as? String } == [
        "transaction", "renewal", "app-transaction", "notification",
      ])
    #expect(objects.map { $0["line"] as? Int } == [1, 3, 4, 5])
    for object in objects {
      #expect(object["ok"] as? Bool == true)
      #expect(object["error"] is NSNull)
    }
    let payload = try #require(objects[0]["payload"] as? [String: Any])
    #expect(payload["type"] as? String == "Consumable")
    #expect(payload["quantity"] as? Int == 3)
  }

  @Test func keysAreInAStableOrder() throws {
    let run = lines.verify(lines: [try signer.sign(Samples.renewalInfo())])
    let line = try #require(run.outputLines.first)
    #expect(
      line.hasPrefix(
        #"{"line":1,"ok":true,"kind":"renewal","error":null,"reason":null,"payload":{"#))
  }

  @Test func failuresCarryTheErrorAndThePayloadWhenThereIsOne() throws {
    let other = try signer.sign(Samples.transaction(.consumable, bundleId: "com.example.other"))
    let run = lines.verify(lines: [other, "garbage", "a.b.c"])
    #expect(!run.allVerified)
    let objects = try run.outputLines.map(object)
    #expect(objects[0]["ok"] as? Bool == false)
    #expect(objects[0]["error"] as? String == "invalidDeviceVerification")
    #expect((objects[0]["reason"] as? String)?.contains("com.example.other") == true)
    #expect(
      (objects[0]["payload"] as? [String: Any])?["bundleId"] as? String == "com.example.other")
    for object in objects.dropFirst() {
      #expect(object["error"] as? String == "invalidEncoding")
      #expect(object["payload"] is NSNull)
      #expect(object["kind"] is NSNull)
    }
  }

  @Test func emptyInputIsNotASuccess() {
    let run = lines.verify(lines: ["", "  "])
    #expect(run.outputLines.isEmpty)
    #expect(!run.allVerified)
  }

  @Test func aTenMegabyteLineIsOneEncodingError() throws {
    let good = try signer.sign(Samples.transaction(.consumable))
    let huge = String(repeating: "A", count: 10 * 1024 * 1024)
    let run = lines.verify(lines: [huge, good])
    #expect(run.outputLines.count == 2)
    let first = try object(run.outputLines[0])
    #expect(first["error"] as? String == "invalidEncoding")
    #expect(try object(run.outputLines[1])["ok"] as? Bool == true)
  }
}
