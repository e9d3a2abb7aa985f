import Foundation
import StoreCore
import StoreJWS
import StoreTermTestSupport
import TerminalUI

/// `storeterm-bench fuzz [--cases N]`: the long form of the hostile-input tests.
///
/// A seeded mutation fuzzer over `.storekit` files, JWS tokens, theme files and App Store data
/// files. Counts cases, acceptances and one-sentence rejections; any crash ends the program.
struct FuzzBenchmark {
  var cases: Int
  var seed: UInt64 = 20_261_130

  /// Runs a tenth of the cases, then all of them, so the report shows how time grows with cases.
  func run() throws -> Bool {
    let small = try run(cases: max(1, cases / 10))
    let full = try run(cases: cases)
    return small && full
  }

  private func run(cases: Int) throws -> Bool {
    let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
    let catalogs = try FileManager.default.contentsOfDirectory(
      atPath: root.deletingLastPathComponent().appending(path: "shared/fixtures/storekit-real").path
    ).filter { $0.hasSuffix(".storekit") }.sorted().map {
      Array(
        try Data(
          contentsOf: root.deletingLastPathComponent()
            .appending(path: "shared/fixtures/storekit-real/\($0)")))
    }
    let themes = try ["default", "light", "high-contrast", "monochrome"].map {
      Array(try Data(contentsOf: root.appending(path: "Themes/\($0).json")))
    }
    let authority = try TestCertificateAuthority.generate()
    let verifier = authority.makeVerifier(configuration: SignedDataConfiguration())
    let token = Array(try authority.makeSigner().sign(JWSBenchmark.samplePayload()).utf8)
    var random = SeededGenerator(seed: seed)
    var accepted = 0
    var rejected = 0
    var badMessages = 0
    let started = Date()
    for index in 0..<cases {
      switch index % 4 {
      case 0:
        let bytes = Mutator.mutate(catalogs.randomElement(using: &random)!, using: &random)
        do {
          _ = ProductCatalog(
            configuration: try StoreKitConfigurationDecoder.decode(bytes, file: "F.storekit")
          ).products()
          accepted += 1
        } catch {
          rejected += 1
          if !error.description.hasPrefix("F.storekit: ") || error.description.contains("\n") {
            badMessages += 1
            if badMessages <= 3 { print("not one sentence: \(error.description.debugDescription)") }
          }
        }
      case 1:
        let bytes = Mutator.mutate(token, using: &random)
        if case .success(.verified) = verifier.verify(
          String(decoding: bytes, as: UTF8.self), as: JWSTransactionDecodedPayload.self)
        {
          accepted += 1
        } else {
          rejected += 1
        }
      case 2:
        let bytes = Mutator.mutate(themes.randomElement(using: &random)!, using: &random)
        do {
          _ = try ThemeFile.parse(Data(bytes), fileName: "f.json")
          accepted += 1
        } catch {
          rejected += 1
          if error.description.contains("\n") {
            badMessages += 1
            if badMessages <= 3 { print("not one sentence: \(error.description.debugDescription)") }
          }
        }
      default:
        let sample = Array(
          #"{"signedTransactions": ["\#(String(decoding: token, as: UTF8.self))"]}"#.utf8)
        do {
          _ = try ImportFile.candidates(
            in: String(decoding: Mutator.mutate(sample, using: &random), as: UTF8.self))
          accepted += 1
        } catch {
          rejected += 1
          if error.description.contains("\n") { badMessages += 1 }
        }
      }
    }
    let seconds = Date().timeIntervalSince(started)
    print(
      "fuzz: \(cases) cases (seed \(seed)) in \(String(format: "%.2f", seconds)) s"
        + " (\(String(format: "%.1f", 1e6 * seconds / Double(cases))) µs per case):"
        + " \(accepted) accepted, \(rejected) rejected, \(badMessages) rejections not one sentence;"
        + " no crash")
    return badMessages == 0
  }
}
