import Foundation
import StoreCore
import Testing

@testable import StoreJWS

@Suite("Tampered corpus")
struct TamperedCorpusTests {
  static let corpus: [TamperedCase] = (try? TamperedCorpus.cases()) ?? []

  @Test func corpusIsComplete() {
    #expect(Self.corpus.count == 14)
  }

  @Test("our verifier gives the exact error", arguments: corpus)
  func ourVerifier(_ tampered: TamperedCase) {
    let verifier = SignedDataVerifier(trustedRoots: [tampered.trustedRoot], configuration: .init())
    let result = verifier.verify(tampered.token, as: JWSTransactionDecodedPayload.self)
    switch (tampered.expected, result) {
    case (.unverified(let expected), .success(.unverified(_, let error))):
      #expect(error == expected)
    case (.undecodable(let expected), .failure(let error)):
      #expect(error == expected)
    default:
      Issue.record("expected \(tampered.expected), got \(result)")
    }
  }

  @Test(
    "Apple's library rejects every case", .serialized,
    .enabled(
      if: Oracle.shouldRun,
      "App Store Server Library unavailable: \(Oracle.unavailableReason ?? "")"),
    arguments: corpus)
  func oracleRejects(_ tampered: TamperedCase) throws {
    guard Oracle.checkAvailable() else {
      if Oracle.isCI { Issue.record("CI=true but \(Oracle.unavailableReason ?? "")") }
      return
    }
    let output = try Oracle.verify(
      [tampered.token], kind: "transaction", root: tampered.trustedRoot.der,
      bundleId: Samples.bundleId, environment: AppStoreEnvironment.xcode.rawValue)
    #expect(output.status == 1, "\(output.stdout.prefix(2000))\n\(output.stderr.suffix(2000))")
    let lines = output.lines
    #expect(lines.count == 1)
    #expect(lines.first?["ok"] as? Bool == false)
  }
}
