import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreTermTestSupport
import Testing

/// Issue 27, items 9, 10 and 12: a renewal price is bounded like a catalog price, a time rate
/// stops the clock where the test certificates end, and malformed catalog values and command
/// lines are refused in one sentence.
@Suite struct HostileBoundsTests {
  private let usage = "usage: storeterm [<command>] [options]   (storeterm --help lists them)\n"

  @Test func aPriceIncreaseIsBoundedLikeACatalogPrice() async throws {
    let (_, db) = try await HostileFixture.ledger()
    let bought = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    #expect(bought.status == 0, "\(bought.standardError)")
    await HostileFixture.expectRefusal(
      ["manage", "price-increase", "2", "--price", "999999999999999999999"], db: db, status: 64,
      error: "--price 999999999999999999999: does not fit in milliunits (at most 922337203685477)\n"
        + usage)
    await HostileFixture.expectRefusal(
      ["manage", "price-increase", "2", "--price", "1e3"], db: db, status: 64,
      error: "--price 1e3: not a price such as 5.99\n" + usage)
    let largest = await runStoreTerm(
      ["manage", "price-increase", "2", "--price", "922337203685477", "--db", db])
    #expect(largest.status == 0, "\(largest.standardError)")
  }

  @Test func aTimeRateStopsTheClockWhereTheCertificatesEnd() async throws {
    let (_, db) = try await HostileFixture.ledger()
    // One second is one day, started an hour ago at 2099-12-01: 150 simulated days have passed.
    let ledger = try SQLiteLedger(location: .file(db))
    try ledger.setClock(
      SimulatedClock(
        realAnchor: Date().addingTimeInterval(-3_600),
        simulatedAnchor: Date(timeIntervalSince1970: 4_099_766_400), rate: .oneSecondIsOneDay))
    let bought = await runStoreTerm(["purchase", "dev.storeterm.demo.plus.monthly", "--db", db])
    #expect(bought.status == 0)
    #expect(bought.standardError == "")
    let clock = await runStoreTerm(["clock", "--db", db])
    #expect(clock.standardOutput.hasPrefix("now 2099-12-31T23:59:58Z"), "\(clock.standardOutput)")
    let unclamped = SimulatedClock(
      realAnchor: Date(timeIntervalSince1970: 0),
      simulatedAnchor: Date(timeIntervalSince1970: 4_099_766_400), rate: .oneSecondIsOneDay)
    #expect(unclamped.now(real: Date(timeIntervalSince1970: 1_000_000)) == SimulatedClock.latest)
    // The clock's end and the certificates' end are one date, in two modules.
    #expect(SimulatedClock.latest.epochMilliseconds == TestCertificateAuthority.validityEnd - 1_000)
  }

  @Test func productIDsThatCannotBeTypedAreRefused() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    for id in ["dev.storeterm demo", "a\nb", "a\u{0}b", "a\tb"] {
      let escaped = JSONValue.string(id).compactText
      let config = try HostileFixture.catalog(
        replacing: "\"productID\" : \"dev.storeterm.demo.coins.100\"",
        with: "\"productID\" : \(escaped)", in: folder)
      await HostileFixture.expectRefusal(
        ["products", "--config", config], db: db,
        error: "\(config): products[0].productID: \(escaped) is not a product ID"
          + " (no whitespace or control characters)\n")
    }
  }

  @Test func malformedCatalogValuesAreRefusedAsXcodeWould() async throws {
    let (folder, db) = try await HostileFixture.ledger()
    let cases = [
      (
        "\"displayPrice\" : \"0.99\"", "\"displayPrice\" : 0.99",
        "products[0].displayPrice: expected a price string, found the number 0.99"
      ),
      ("\"major\" : 4", "\"major\" : 0", "version.major: 0 is not a format version (1 or later)"),
      (
        "\"_timeRate\" : 0", "\"_timeRate\" : -1",
        "settings._timeRate: -1 is not a time rate (0 or more)"
      ),
    ]
    for (old, new, reason) in cases {
      let config = try HostileFixture.catalog(replacing: old, with: new, in: folder)
      await HostileFixture.expectRefusal(
        ["products", "--config", config], db: db, error: "\(config): \(reason)\n")
    }
  }

  @Test func aForgottenOptionValueAndAReservedPrefixInAnyCase() async throws {
    let (_, db) = try await HostileFixture.ledger()
    await HostileFixture.expectRefusal(
      ["balances", "--customer", "--json"], db: db, status: 64,
      error: "option --customer needs a value (ID), not the option '--json'\n" + usage)
    for id in ["ORIGINAL:1", "Token:abc"] {
      await HostileFixture.expectRefusal(
        ["purchase", "dev.storeterm.demo.lifetime", "--customer", id], db: db, status: 64,
        error: "--customer: '\(id.hasPrefix("O") ? "original:" : "token:")' is reserved for"
          + " imported App Store customers\n" + usage)
    }
    let customers = await runStoreTerm(["customers", "--db", db])
    #expect(!customers.standardOutput.contains("--json"))
  }
}
