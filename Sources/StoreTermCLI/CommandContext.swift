import Foundation
import StoreCore
import StoreTermApp

/// What every command needs: the parsed options, the output, and the catalog they select.
struct CommandContext {
  /// The parsed command line.
  let parsed: ParsedArguments
  /// Where to print.
  let output: any TextOutput
  /// The storefront from `--storefront`, if given.
  let storefrontOverride: CatalogStorefront?
  /// The locale from `--locale`, if given.
  let localeOverride: String?
  /// The process environment (for the default state folder).
  let environment: [String: String]
  /// The bundle ID and environment stamped into signed data.
  let identity: SignedDataConfiguration
  /// The real time now, under the simulated clock: the machine's, except in a scenario replay,
  /// where time stands still between steps so a replay says the same dates every time.
  var realTime: @Sendable () -> Date = LedgerClock.systemTime
  /// Whether the ledger is a scenario replay's scratch copy, deleted afterwards: its commits do
  /// not wait for the disk (`synchronous=NORMAL`).
  var scratch = false
  /// The store the launch's recovery opened, which the command's first `openStore` takes.
  let recovered = StoreHandoff()

  /// Validates the global options; a bad value is a usage error.
  init(parsed: ParsedArguments, output: any TextOutput, environment: [String: String])
    throws(UsageError)
  {
    self.parsed = parsed
    self.output = output
    self.environment = environment
    do {
      identity = try SignedDataConfiguration(
        bundleIdText: parsed.value("bundle-id"), environmentText: parsed.value("environment"))
    } catch {
      throw UsageError(error.message)
    }
    if let length = parsed.value("non-renewing-length") {
      guard let period = CatalogProduct.SubscriptionPeriod(iso8601: length) else {
        throw UsageError(
          "--non-renewing-length \(length): not an ISO 8601 period such as P1Y or P6M")
      }
      guard period.fitsLongestSpan() else {
        throw UsageError(
          "--non-renewing-length \(length): longer than \(CatalogProduct.SubscriptionPeriod.longestSpan)"
        )
      }
    }
    if let customer = parsed.value("customer"), let problem = Customer.problem(withID: customer) {
      throw UsageError("--customer: \(problem)")
    }
    if let code = parsed.value("storefront") {
      guard let storefront = CatalogStorefront(countryCode: code) else {
        throw UsageError(
          "--storefront \(code): not an App Store storefront (an ISO 3166-1 alpha-3 code such as USA)"
        )
      }
      storefrontOverride = storefront
    } else {
      storefrontOverride = nil
    }
    if let locale = parsed.value("locale") {
      guard LocaleIdentifier.isWellFormed(locale) else {
        throw UsageError("--locale \(locale): not a locale identifier such as en_US or de_DE")
      }
      guard UIText.speaks(locale) else {
        throw UsageError(
          "--locale \(locale): not a language storeterm speaks; choose \(UIText.languageList), "
            + "with a region such as de_DE or ja_JP")
      }
      localeOverride = locale
    } else {
      localeOverride = nil
    }
  }

  /// Whether `--json` was given.
  var json: Bool { parsed.flag("json") }

  /// How long non-renewing subscriptions grant access.
  var nonRenewingDuration: CatalogProduct.SubscriptionPeriod {
    parsed.value("non-renewing-length").flatMap(CatalogProduct.SubscriptionPeriod.init(iso8601:))
      ?? .yearly
  }

  /// The customer the command acts for.
  var customerID: String { parsed.value("customer") ?? Customer.defaultID }

  /// The ledger and CA locations.
  var paths: StorePaths { StorePaths(databaseOption: parsed.value("db"), environment: environment) }

  /// Opens the simulated App Store over the ledger.
  ///
  /// Catches up on whatever fell due first (renewals, expiries).
  ///
  /// - Parameter reportingWarnings: false to keep the file's warnings and notes to the command
  ///   itself (the recovery that runs before it opens the store too).
  func openStore(reportingWarnings: Bool = true) throws -> StoreContext {
    let store: StoreContext
    if let opened = recovered.take(customerID: customerID, database: paths.database) {
      // Opened a moment ago by the launch's recovery (`ManagedStore.recover`), with the same
      // options: opening everything again (ledger, app database, CA, catalog) was half of a
      // short command's work. Only the catalog's warnings, kept back then, are still to say.
      if reportingWarnings { report(opened.catalog.configuration) }
      store = opened
    } else {
      store = try StoreContext(
        self, catalog: try loadCatalog(reportingWarnings: reportingWarnings))
    }
    // A read-only seat on PostgreSQL reads the ledger as it stands: catching up would write
    // (a writing seat generates what fell due).
    if !(readOnly && paths.postgres != nil) { try store.catchUp(output: output) }
    return store
  }

  /// Loads the configuration named by `--config` (or the bundled demo), reporting its warnings
  /// on standard error, and its notes too with `--verbose`.
  func loadCatalog(reportingWarnings: Bool = true) throws(StoreKitConfigurationError)
    -> ProductCatalog
  {
    // Read and built once per command: the launch's recovery, the store and some commands
    // (`products`, `customer`) each ask for it.
    let catalog: ProductCatalog
    if let built = recovered.catalog {
      catalog = built
    } else {
      catalog = ProductCatalog(
        configuration: try ConfigurationFile.load(path: parsed.value("config")),
        storefront: storefrontOverride, locale: localeOverride)
      recovered.catalog = catalog
    }
    if reportingWarnings { report(catalog.configuration) }
    return catalog
  }

  /// Prints the file's warnings on standard error, and its notes too with `--verbose`.
  private func report(_ configuration: StoreKitConfiguration) {
    for warning in configuration.warnings {
      output.writeError("storeterm: warning: \(warning)\n")
    }
    if parsed.flag("verbose") {
      for note in configuration.notes {
        output.writeError("storeterm: note: \(note)\n")
      }
    }
  }
}
