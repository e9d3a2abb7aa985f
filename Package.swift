// swift-tools-version:6.0
import PackageDescription

let package = Package(
  name: "StoreTerm",
  products: [
    .executable(name: "storeterm", targets: ["storeterm"])
  ],
  targets: [
    // Debian's C libraries, imported through module maps and small shims.
    .systemLibrary(name: "CSQLite", providers: [.apt(["libsqlite3-dev"])]),
    .systemLibrary(name: "CNCurses", providers: [.apt(["libncurses-dev"])]),
    .systemLibrary(name: "CLibCrypto", providers: [.apt(["libssl-dev"])]),

    // Pure StoreKit semantics: catalog, values and rules. Foundation only.
    .target(name: "StoreCore"),

    // The command line: parsing, subcommands and wiring.
    .target(
      name: "StoreTermCLI",
      dependencies: ["StoreCore", "TerminalUI"],
      plugins: ["EmbedDemoCatalog"]
    ),
    .executableTarget(name: "storeterm", dependencies: ["StoreTermCLI"]),

    // Build-time embedding of Fixtures/Demo.storekit into StoreTermCLI.
    .executableTarget(name: "EmbedFile"),
    .plugin(name: "EmbedDemoCatalog", capability: .buildTool(), dependencies: ["EmbedFile"]),

    // Helpers shared by the test targets: fixture paths, captured CLI output.
    .target(name: "StoreTermTestSupport", dependencies: ["StoreTermCLI"]),

    .testTarget(name: "StoreCoreTests", dependencies: ["StoreCore", "StoreTermTestSupport"]),
    .testTarget(
      name: "StoreTermCLITests",
      dependencies: ["StoreTermCLI", "StoreCore", "StoreTermTestSupport"]),
    .testTarget(name: "ShimTests", dependencies: ["CSQLite", "CNCurses", "CLibCrypto"]),

    // The terminal front end's foundation: cell grid, canvas, widgets, keys, themes, runtime.
    .target(name: "TerminalUI"),
    // TerminalBackend over ncursesw; one thread owns every curses call.
    .target(name: "NCursesTerminal", dependencies: ["TerminalUI", "CNCurses"]),
    // A developer check for the tmux end-to-end test: one fixed frame, quits on q.
    .executableTarget(
      name: "storeterm-tui-check", dependencies: ["TerminalUI", "NCursesTerminal"]),
    .testTarget(name: "TerminalUITests", dependencies: ["TerminalUI"], exclude: ["__Snapshots__"]),
    .testTarget(
      name: "NCursesTerminalTests", dependencies: ["NCursesTerminal", "storeterm-tui-check"]),
  ],
  swiftLanguageModes: [.v6]
)
