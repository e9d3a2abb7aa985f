// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "StoreTerm",
  defaultLocalization: "en",
  products: [
    .executable(name: "storeterm", targets: ["storeterm"]),
    .library(name: "StoreKit", targets: ["StoreKit"]),
    .library(name: "StoreKitTest", targets: ["StoreKitTest"]),
    .library(name: "StoreManager", targets: ["StoreManager"]),
  ],
  targets: [
    // Debian's C libraries, imported through module maps and small shims.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
    .systemLibrary(name: "CLibCrypto", providers: [.apt(["libssl-dev"])]),
    .systemLibrary(name: "CMicroHTTPD", providers: [.apt(["libmicrohttpd-dev"])]),
    .systemLibrary(name: "CPostgres", providers: [.apt(["libpq-dev"])]),
    // libpq, libmicrohttpd and libcurl are loaded when first used (dlopen), not linked: a
    // command that needs none of them does not load them and the dozens of libraries under them.
    .target(name: "CPostgresLoader"),
    .target(name: "CMicroHTTPDLoader"),
    .target(name: "CCurlLoader"),

    // Pure StoreKit semantics: catalog, values and rules. Foundation only.
    .target(name: "StoreCore"),

    // The one rule for every file storeterm writes: no symbolic link followed, 0600/0700.
    .target(name: "StoreFiles"),

    // Signed data: compact JWS, ES256 over libcrypto, the local test CA (base64 and base64url
    // are StoreCore's, which decodes stored payloads too).
    .target(name: "StoreJWS", dependencies: ["StoreCore", "StoreFiles", "CLibCrypto"]),

    // The StoreKit 2 API over the simulated App Store, source-compatible where Linux allows.
    .target(name: "StoreKit", dependencies: ["StoreCore", "StoreJWS"]),

    // SKTestSession-shaped control of the simulated store, for tests written against StoreKit.
    .target(
      name: "StoreKitTest", dependencies: ["StoreKit", "StoreCore", "StoreJWS", "StorePersistence"]),

    // SQLite: connections, statements, read/write transactions, migrations; later the ledger.
    .target(name: "StorePersistence", dependencies: ["StoreCore", "StoreFiles", "CSQLite"]),

    // The ledger on PostgreSQL (libpq), for a team sharing one store across machines.
    .target(
      name: "StorePostgres",
      dependencies: ["StoreCore", "StorePersistence", "CPostgres", "CPostgresLoader"]),
    // The ledger's contract, run against SQLite always and PostgreSQL when a server is given.
    .testTarget(
      name: "LedgerContractTests",
      dependencies: [
        "StoreCore", "StoreJWS", "StorePersistence", "StorePostgres", "StoreTermTestSupport",
      ]),

    // The App Store's server side: the App Store Server API over HTTP (libmicrohttpd), its JWT
    // authentication and keys.
    .target(
      name: "StoreServer",
      dependencies: [
        "StoreCore", "StoreJWS", "StorePersistence", "CMicroHTTPD", "CMicroHTTPDLoader",
        "CCurlLoader",
      ]),
    .testTarget(
      name: "StoreServerTests",
      dependencies: [
        "StoreServer", "StoreCore", "StoreJWS", "StorePersistence", "StorePostgres",
        "StoreTermTestSupport", "storeterm",
      ]),

    // The command line: parsing, subcommands and wiring.
    .target(
      name: "StoreTermCLI",
      dependencies: [
        "StoreCore", "StoreJWS", "StorePersistence", "StoreKit", "StoreManager", "TerminalUI",
        "StoreTermApp", "NCursesTerminal", "StoreServer", "StoreFiles", "StorePostgres",
      ],
      plugins: ["EmbedDemoCatalog"]
    ),
    .executableTarget(name: "storeterm", dependencies: ["StoreTermCLI"]),

    // Benchmarks are programs, never timed tests: swift run -c release storeterm-bench …
    .executableTarget(
      name: "storeterm-bench",
      dependencies: [
        "StoreJWS", "StoreCore", "StorePersistence", "StoreTermApp", "TerminalUI",
        "StoreTermTestSupport", "StoreTermCLI", "StoreKit", "StoreServer", "StorePostgres",
      ]),

    // Build-time embedding of Fixtures/Demo.storekit into StoreTermCLI.
    .executableTarget(name: "EmbedFile"),
    .plugin(name: "EmbedDemoCatalog", capability: .buildTool(), dependencies: ["EmbedFile"]),

    // Helpers shared by the test targets: fixture paths, captured CLI output.
    .target(
      name: "StoreTermTestSupport",
      dependencies: [
        "StoreTermCLI", "TerminalUI", "StoreTermApp", "StoreManager", "StoreCore", "StorePostgres",
        "StoreServer", "StoreJWS",
      ]),

    .testTarget(name: "StoreCoreTests", dependencies: ["StoreCore", "StoreTermTestSupport"]),
    .testTarget(
      name: "StoreTermCLITests",
      dependencies: [
        "StoreTermCLI", "StoreCore", "StoreTermApp", "StoreTermTestSupport", "StoreJWS",
      ]),
    .testTarget(name: "StoreJWSTests", dependencies: ["StoreJWS", "StoreCore"]),
    .testTarget(
      name: "StoreEngineTests",
      dependencies: ["StoreCore", "StoreJWS", "StorePersistence", "StoreTermTestSupport"]),
    .testTarget(name: "StoreKitGuideStyleTests", dependencies: ["StoreKit", "StoreKitTest"]),
    .testTarget(name: "StoreKitConformanceTests", dependencies: ["StoreKit", "StoreKitTest"]),
    .testTarget(
      name: "StoreKitXCTestTemplateTests", dependencies: ["StoreKitTest"],
      // Scenarios/: Fixtures/Scenarios exported by `storeterm scenario export --xctest`, over a
      // copy of the demo catalog.
      resources: [.copy("Store.storekit"), .copy("Demo.storekit")]),
    // What SKTestSession does, each behaviour after Apple's page for it.
    // StoreTermTestSupport for the developer's server of the Advanced Commerce tests (it signs
    // requests); the app's tests themselves import only StoreKitTest.
    .testTarget(
      name: "StoreKitTestBehaviorTests", dependencies: ["StoreKitTest", "StoreTermTestSupport"]),
    .testTarget(name: "StorePersistenceTests", dependencies: ["StorePersistence"]),
    .testTarget(
      name: "RobustnessTests",
      dependencies: [
        "StoreCore", "StoreJWS", "StoreTermCLI", "StoreTermTestSupport", "TerminalUI",
        "StorePersistence", "StorePostgres",
      ]),
    .testTarget(name: "ShimTests", dependencies: ["CSQLite", "CNCurses", "CLibCrypto"]),

    // The app-side store manager: products, entitlements, the purchase state machine, durable
    // idempotent fulfillment (consumable balances) and restore, over the public StoreKit API.
    .target(name: "StoreManager", dependencies: ["StoreKit", "StorePersistence"]),
    .testTarget(
      name: "StoreManagerTests",
      dependencies: [
        "StoreManager", "StoreKit", "StoreKitTest", "StoreJWS", "StorePersistence", "StoreTermCLI",
        "StoreTermTestSupport",
      ]),

    // The terminal front end's foundation: cell grid, canvas, widgets, keys, themes, runtime.
    .target(name: "TerminalUI"),
    // TerminalBackend over ncursesw; one thread owns every curses call.
    .target(name: "NCursesTerminal", dependencies: ["TerminalUI", "CNCurses"]),
    // A developer check for the tmux end-to-end test: one fixed frame, quits on q.
    .executableTarget(
      name: "storeterm-tui-check", dependencies: ["TerminalUI", "NCursesTerminal"]),
    .testTarget(
      name: "TerminalUITests", dependencies: ["TerminalUI", "StoreTermTestSupport"],
      exclude: ["__Snapshots__"]),
    .testTarget(
      name: "NCursesTerminalTests",
      dependencies: ["NCursesTerminal", "storeterm-tui-check", "StoreTermTestSupport"]),

    // The support console: the explainer, the timeline, search, imports and read-only seats.
    .testTarget(
      name: "SupportTests",
      dependencies: [
        "StoreCore", "StoreJWS", "StorePersistence", "StoreTermCLI", "StoreTermTestSupport",
      ]),

    // The screens: paywall, purchase sheet, account, transaction manager, event log, help.
    // Pure state, update and view over TerminalUI; effects run in the command line's runner.
    // Resources/<language>.lproj/Localizable.strings: the screens' words in each language.
    .target(
      name: "StoreTermApp", dependencies: ["TerminalUI", "StoreManager", "StoreCore", "StoreKit"],
      resources: [.process("Resources")]),
    .testTarget(
      name: "StoreTermAppTests",
      dependencies: [
        "StoreTermApp", "TerminalUI", "StoreManager", "StoreCore", "StoreTermTestSupport",
        "storeterm", "StoreServer", "StorePersistence", "StoreJWS",
      ],
      exclude: ["__Snapshots__"]),
  ],
  swiftLanguageModes: [.v6]
)
