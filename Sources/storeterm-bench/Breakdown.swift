import Foundation
import StoreCore
import StoreJWS

/// Rates of the parts of signing and verifying, to see where time goes (`jws --breakdown`).
struct JWSBreakdown {
  var seconds: Double

  func run() throws {
    let key = try P256PrivateKey.generate().withoutNonceReserve()
    let payload = JWSBenchmark.samplePayload()
    let json = payload.jsonBytes()
    let digest = [UInt8](repeating: 7, count: 32)
    let authority = try TestCertificateAuthority.generate()
    let token = try authority.makeSigner().sign(payload)
    let payloadSegment = token.split(separator: ".")[1]
    func report(_ name: String, _ body: () throws -> Void) throws {
      let clock = ContinuousClock()
      var count = 0
      let start = clock.now
      while clock.now - start < .milliseconds(Int64(seconds * 1000)) {
        for _ in 0..<100 { try body() }
        count += 100
      }
      let (whole, attoseconds) = (clock.now - start).components
      let microseconds = (Double(whole) + Double(attoseconds) / 1e18) * 1e6 / Double(count)
      print(
        name.padding(toLength: 28, withPad: " ", startingAt: 0)
          + String(format: "%8.2f µs", microseconds))
    }
    try report("payload.jsonBytes") { _ = payload.jsonBytes() }
    try report("base64url encode payload") { _ = Base64.urlEncodeBytes(json) }
    try report("sign digest (EVP_PKEY_sign)") { _ = try key.signES256(digest: digest) }
    try report("CompactJWS(parsing:)") { _ = CompactJWS(parsing: token) }
    try report("base64url decode payload") { _ = Base64.urlDecode(payloadSegment.utf8) }
    try report("payload decode") { _ = try JWSTransactionDecodedPayload(jsonBytes: json) }
    try report("payload decode via a tree") {
      _ = try JWSTransactionDecodedPayload(json: try JSONParser.parse(json))
    }
    try report("JSONParser.parse payload") { _ = try JSONParser.parse(json) }
    let parts = CompactJWS(parsing: token)!
    try report("JWSHeader(jsonBytes:)") { _ = JWSHeader(jsonBytes: parts.header) }
  }
}
