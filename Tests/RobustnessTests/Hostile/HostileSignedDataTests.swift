import Foundation
import StoreCore
import StoreJWS
import StoreTermTestSupport
import Testing

/// Issue 17, finding 8 and the high-S question: `exp`, `nbf` and `crit` as Apple's App Store
/// Server Library (PyJWT over `cryptography`) and RFC 7515 treat them.
@Suite struct HostileSignedDataTests {
  let folder: URL
  let db: String
  let signer: ES256Signer
  let key: P256PrivateKey

  init() async throws {
    folder = try HostileFixture.folder()
    db = folder.appending(path: "ledger.sqlite").path
    #expect(await runStoreTerm(["cert", "--db", db]).status == 0)
    let authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: folder.path)
    signer = authority.makeSigner()
    key = try P256PrivateKey(
      pem: Array(try Data(contentsOf: folder.appending(path: "ca/leaf.key.pem"))))
  }

  /// The transaction payload's JSON with `claims` added first.
  private func payload(adding claims: String) -> [UInt8] {
    let json = HostileFixture.transaction().jsonBytes()
    return Array("{\(claims),".utf8) + json.dropFirst()
  }

  private func verify(_ token: String) async -> CommandRun {
    await runStoreTerm(["verify", "--db", db], input: token + "\n")
  }

  @Test func anExpiredTokenIsRejected() async throws {
    let run = await verify(try signer.sign(payloadJSON: payload(adding: "\"exp\":1000")))
    #expect(run.status == 1)
    #expect(run.standardOutput.contains("the token expired (exp 1000) before signedDate"))
  }

  @Test func aTokenNotYetValidIsRejected() async throws {
    let run = await verify(try signer.sign(payloadJSON: payload(adding: "\"nbf\":4102444800")))
    #expect(run.status == 1)
    #expect(
      run.standardOutput.contains("the token is not valid until nbf 4102444800, after signedDate"))
  }

  @Test func aTokenPastItsExpiryNowIsRejectedThoughValidWhenSigned() async throws {
    // Signed in 2026 (signedDate), expiring in 2027: valid then, expired by the real clock only
    // from 2027; Apple's library checks the real clock.
    let run = await verify(try signer.sign(payloadJSON: payload(adding: "\"exp\":1800000000")))
    let now = Date().timeIntervalSince1970
    #expect((run.status == 0) == (now < 1_800_000_000))
  }

  @Test func anUnknownCriticalHeaderIsRejected() async throws {
    let good = try signer.sign(HostileFixture.transaction())
    let parts = good.split(separator: ".")
    var header = try JSONParser.parse(Base64.urlDecode(parts[0].utf8)!)
    guard case .object(var members) = header else { Issue.record("header"); return }
    members.append(JSONMember("crit", .array([.string("x-evil")])))
    members.append(JSONMember("x-evil", .bool(true)))
    header = .object(members)
    let input = Base64.urlEncode(Array(header.compactText.utf8)) + "." + parts[1]
    let signature = try Array(input.utf8).withUnsafeBytes { try key.signES256($0) }
    let token = input + "." + Base64.urlEncode(signature)
    let run = await verify(token)
    #expect(run.status == 1)
    #expect(
      run.standardOutput.contains(
        "the header has crit, and no extension it could name is understood"))
  }

  @Test func aHighSSignatureVerifiesAsInApplesLibraryAndReimportsAsAlreadyImported() async throws {
    let token = try signer.sign(HostileFixture.transaction(id: "904", original: "904"))
    let high = Self.withHighS(token)
    #expect(high != token)
    // OpenSSL (under `cryptography`, under Apple's Python library) does not enforce low S.
    let run = await verify(high)
    #expect(run.status == 0, "\(run.standardOutput)")
    let root = folder.appending(path: "root.pem").path
    #expect(await runStoreTerm(["cert", "--out", root, "--db", db]).status == 0)
    let first = folder.appending(path: "first.txt").path
    let second = folder.appending(path: "second.txt").path
    try Data((token + "\n").utf8).write(to: URL(fileURLWithPath: first))
    try Data((high + "\n").utf8).write(to: URL(fileURLWithPath: second))
    let target = try HostileFixture.folder().appending(path: "support.sqlite").path
    #expect(await runStoreTerm(["import", first, "--root", root, "--db", target]).status == 0)
    let again = await runStoreTerm(["import", second, "--root", root, "--db", target])
    #expect(again.status == 0)
    #expect(
      again.standardOutput.hasPrefix(
        "imported 0 items from \(second): 0 verified, 0 unverified, 1 already imported\n"))
  }

  /// `token` with its signature's S replaced by n − S (P-256's group order n).
  static func withHighS(_ token: String) -> String {
    let parts = token.split(separator: ".")
    var signature = Base64.urlDecode(parts[2].utf8)!
    let order: [UInt8] = [
      0xFF, 0xFF, 0xFF, 0xFF, 0x00, 0x00, 0x00, 0x00, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF,
      0xFF, 0xBC, 0xE6, 0xFA, 0xAD, 0xA7, 0x17, 0x9E, 0x84, 0xF3, 0xB9, 0xCA, 0xC2, 0xFC, 0x63,
      0x25, 0x51,
    ]
    var borrow = 0
    for index in stride(from: 31, through: 0, by: -1) {
      var difference = Int(order[index]) - Int(signature[32 + index]) - borrow
      borrow = difference < 0 ? 1 : 0
      if difference < 0 { difference += 256 }
      signature[32 + index] = UInt8(difference)
    }
    return "\(parts[0]).\(parts[1]).\(Base64.urlEncode(signature))"
  }
}
