import Foundation
import StoreCore
import StoreJWS
import StoreTermCLI
import StoreTermTestSupport
import TerminalUI
import Testing

/// A seeded mutation fuzzer over `.storekit` files, JWS strings and command lines: no crash, no
/// hang, and every rejection is one sentence naming its input.
@Suite struct HostileInputTests {
  static let seeds: [String] = {
    let folder = TestPaths.realCatalogs
    let files = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return files.filter { $0.hasSuffix(".storekit") }.sorted()
  }()

  @Test func mutatedStoreKitFilesLoadOrFailWithOneSentence() throws {
    var random = SeededGenerator(seed: 20_261_130)
    var accepted = 0
    var rejected = 0
    let originals = try Self.seeds.map {
      Array(try Data(contentsOf: TestPaths.realCatalogs.appending(path: $0)))
    }
    #expect(originals.count == 12, "expected 12 real catalogs in \(TestPaths.realCatalogs.path)")
    guard !originals.isEmpty else { return }
    for _ in 0..<3_000 {
      let bytes = Mutator.mutate(
        originals[Int.random(in: 0..<originals.count, using: &random)], using: &random)
      do {
        let configuration = try StoreKitConfigurationDecoder.decode(bytes, file: "Fuzz.storekit")
        _ = ProductCatalog(configuration: configuration).products()
        accepted += 1
      } catch {
        rejected += 1
        #expect(error.description.hasPrefix("Fuzz.storekit: "))
        #expect(!error.description.contains("\n"))
      }
    }
    // Both outcomes happen: the fuzzer reaches past the JSON syntax into the decoder.
    #expect(accepted > 100)
    #expect(rejected > 100)
  }

  @Test func mutatedTokensNeverVerifyAndNeverCrash() throws {
    let authority = try TestCertificateAuthority.generate()
    let verifier = authority.makeVerifier(configuration: SignedDataConfiguration())
    let payload = JWSTransactionDecodedPayload(
      originalTransactionId: "1", transactionId: "1", bundleId: "dev.storeterm.demo",
      productId: "dev.storeterm.demo.lifetime", purchaseDate: 1_796_119_200_000,
      originalPurchaseDate: 1_796_119_200_000, quantity: 1, type: .nonConsumable,
      inAppOwnershipType: .purchased, signedDate: 1_796_119_200_000, environment: .xcode,
      storefront: "USA", storefrontId: "143441", transactionReason: .purchase)
    let token = Array(try authority.makeSigner().sign(payload).utf8)
    var random = SeededGenerator(seed: 7)
    var unchangedAndVerified = 0
    for _ in 0..<2_000 {
      let mutated = Mutator.mutate(token, using: &random)
      let result = verifier.verify(
        String(decoding: mutated, as: UTF8.self), as: JWSTransactionDecodedPayload.self)
      if case .success(.verified) = result {
        // Only a mutation that cancels out (or touches nothing signed) may still verify.
        #expect(
          String(decoding: mutated, as: UTF8.self).hasPrefix(
            String(decoding: token.prefix(40), as: UTF8.self)))
        unchangedAndVerified += 1
      }
    }
    #expect(unchangedAndVerified < 20)
  }

  @Test func randomCommandLinesExitCleanly() async throws {
    let db = try TestPaths.temporaryDirectory().appending(path: "ledger.sqlite").path
    var random = SeededGenerator(seed: 99)
    let words = [
      "products", "purchase", "transactions", "entitlements", "manage", "status", "clock", "jws",
      "verify", "cert", "reset", "help", "balances", "--json", "--config", "--storefront", "JPN",
      "--locale", "xx", "--quantity", "-1", "0", "approve", "refund", "1", "advance", "3d", "rate",
      "--", "-", "--fail", "networkError", "dev.storeterm.demo.coins.100", "--offer", "intro",
      "=", "--db=", "\u{0}", "日本", "--customer", "",
    ]
    for _ in 0..<300 {
      var arguments = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        words.randomElement(using: &random)!
      }
      // Never touch files outside the test's folder, and never wait on standard input.
      arguments.removeAll {
        $0 == "--config" || $0.hasPrefix("--db") || $0 == "verify" || $0 == "-"
      }
      let run = await runStoreTerm(arguments + ["--db", db])
      #expect([0, 1, 64].contains(run.status), "\(arguments)")
      if run.status != 0 {
        #expect(!run.standardError.isEmpty, "\(arguments)")
      }
    }
  }
}

/// Mutated theme files and App Store data files: refused in one sentence or read, never a crash.
@Suite struct HostileFileTests {
  @Test func mutatedThemeFilesLoadOrFailWithOneSentence() throws {
    let themes = try ["default", "light", "high-contrast", "monochrome"].map {
      Array(try Data(contentsOf: TestPaths.packageRoot.appending(path: "Themes/\($0).json")))
    }
    var random = SeededGenerator(seed: 31)
    var rejected = 0
    for _ in 0..<2_000 {
      let bytes = Mutator.mutate(themes.randomElement(using: &random)!, using: &random)
      do {
        _ = try ThemeFile.parse(Data(bytes), fileName: "fuzz.json")
      } catch {
        rejected += 1
        #expect(error.description.contains("fuzz.json"))
        #expect(!error.description.contains("\n"))
      }
    }
    #expect(rejected > 100)
  }

  @Test func mutatedServerResponsesYieldCandidatesOrOneSentence() throws {
    let token = "eyJhbGciOiJFUzI1NiJ9.eyJ0cmFuc2FjdGlvbklkIjoiMSJ9.c2lnbmF0dXJl"
    let samples = [
      #"{"signedTransactions": ["\#(token)", "\#(token)"], "hasMore": false, "revision": "x"}"#,
      #"{"data": [{"subscriptionGroupIdentifier": "G", "lastTransactions": [{"originalTransactionId": "1", "status": 1, "signedTransactionInfo": "\#(token)", "signedRenewalInfo": "\#(token)"}]}]}"#,
      #"{"signedPayload": "\#(token)"}"#, "\(token)\n\(token)\n",
    ].map { Array($0.utf8) }
    var random = SeededGenerator(seed: 57)
    for _ in 0..<2_000 {
      let bytes = Mutator.mutate(samples.randomElement(using: &random)!, using: &random)
      do {
        let candidates = try ImportFile.candidates(in: String(decoding: bytes, as: UTF8.self))
        #expect(candidates.allSatisfy { !$0.location.isEmpty })
      } catch {
        #expect(!error.description.isEmpty)
        #expect(!error.description.contains("\n"))
      }
    }
  }
}

/// Found by `storeterm-bench fuzz`: a key holding a newline once split a theme error in two.
@Suite struct ThemeMessageRegressionTests {
  @Test func aKeyWithANewlineStaysOnOneLine() {
    do {
      _ = try ThemeFile.parse(
        Data(#"{"roles": {"key\nHint": ["bold"]}}"#.utf8), fileName: "odd.json")
      Issue.record("parsed")
    } catch {
      #expect(!error.description.contains("\n"))
      #expect(error.description.contains(#"unknown role "key\nHint""#))
    }
  }
}
