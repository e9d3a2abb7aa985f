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
    let verdicts = try Self.oracleVerdicts.get()
    let index = try #require(Self.corpus.firstIndex { $0.name == tampered.name })
    #expect(verdicts.count == Self.corpus.count)
    #expect(verdicts.indices.contains(index) && verdicts[index] == false, "\(verdicts)")
  }

  /// Apple's library's `ok` for each case of the corpus, in order, from one Python process.
  static let oracleVerdicts = Result { () throws -> [Bool?] in
    let output = try Oracle.verify(
      batch: corpus.map {
        Oracle.Case(
          token: $0.token, kind: "transaction", root: $0.trustedRoot.der,
          environment: AppStoreEnvironment.xcode.rawValue)
      }, bundleId: Samples.bundleId)
    guard output.status == 1 else {
      throw OracleFailure(message: "exit \(output.status): \(output.stderr.suffix(2000))")
    }
    return output.lines.map { $0["ok"] as? Bool }
  }

  struct OracleFailure: Error { var message: String }
}
