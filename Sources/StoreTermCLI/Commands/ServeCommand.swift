import Dispatch
import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer
import Synchronization

/// `storeterm serve`: the App Store Server API over HTTP, on the ledger the other commands use,
/// until SIGINT or SIGTERM.
enum ServeCommand {
  /// Where the server listens unless `--listen` says otherwise.
  static let defaultListen = "127.0.0.1:8090"

  static let spec = CommandSpec(
    name: "serve",
    abstract: "Serve the App Store Server API on the ledger (loopback unless --listen says)",
    options: [
      .value(
        "listen", "HOST:PORT",
        help: "The IPv4 address and port (default \(defaultListen); port 0 picks a free one)"),
      .value(
        "notify", "URL",
        help: "Post App Store Server Notifications V2 to URL (repeatable); retried as Apple does"),
      .flag(
        "tls",
        help: "Speak HTTPS under the test CA's certificate for Apple's API host names "
          + "(api.storekit-sandbox.apple.com, …): trust the exported root, point the names here"),
    ],
    examples: [
      "storeterm serve --environment Sandbox", "storeterm serve --listen 127.0.0.1:0",
      "storeterm serve --environment Sandbox --notify http://127.0.0.1:9000/notifications",
      "storeterm serve --environment Sandbox --tls --listen 127.0.0.1:443",
    ])

  /// How often the outbox is checked for due notifications, in real milliseconds.
  static let deliveryInterval = 200

  static func run(_ context: CommandContext) async throws {
    let listen = context.parsed.value("listen") ?? defaultListen
    let (host, port) = try address(listen)
    let urls = try context.parsed.values("notify").map(notifyURL)
    let store = try context.openStore()
    let directory = context.paths.stateDirectory
    let authority: TestCertificateAuthority
    do {
      authority = try TestCertificateAuthority.loadOrCreate(stateDirectory: directory)
    } catch {
      throw CommandFailure(
        "\(directory): the test certificate authority cannot be set up (\(error))")
    }
    let output = context.output
    let stores = store.backend.serverStores()
    let api = AppStoreServerAPI(
      engine: store.engine, stores: stores, signer: authority.makeSigner(),
      clock: store.clock, identity: store.identity, realNow: { Date() },
      log: { output.writeError("storeterm serve: \($0)\n") })
    signal(SIGPIPE, SIG_IGN)
    Self.raiseDescriptorLimit()
    let useTLS = context.parsed.flag("tls")
    var tls: (keyPEM: String, certificatePEM: String)?
    if useTLS {
      let credentials: (certificatePEM: String, keyPEM: [UInt8])
      do {
        credentials = try authority.tlsCredentials(
          directory: (directory as NSString).appendingPathComponent(
            TestCertificateAuthority.directoryName))
      } catch {
        throw CommandFailure("\(error)")
      }
      tls = (String(decoding: credentials.keyPEM, as: UTF8.self), credentials.certificatePEM)
    }
    let server: HTTPServer
    do {
      server = try HTTPServer(
        host: host, port: port, tls: tls,
        bodyLimitFor: { method, path in
          AppStoreServerAPI.bodyLimit(method: method, path: path, standard: 64 * 1024)
        }, afterResponse: api.useSpareTime, handler: api.handle)
    } catch {
      throw CommandFailure("\(error)")
    }
    if !host.hasPrefix("127.") {
      output.writeError(
        "storeterm: warning: serving on \(host), not loopback: anyone who can reach it and holds"
          + " a key can read this ledger\n")
    }
    output.write(
      "serving the App Store Server API (\(store.identity.environment.rawValue), "
        + "\(store.identity.bundleId)) on \(useTLS ? "https" : "http")://\(host):\(server.port)\n")
    if useTLS {
      output.write(
        "TLS certificate for \(TestCertificateAuthority.apiHostNames.joined(separator: ", ")), "
          + "issued by the root storeterm cert exports\n")
    }
    let delivery = NotificationDelivery(
      outbox: stores.outbox, urls: urls, identity: store.identity, clock: store.clock)
    try delivery.register()
    for url in urls { output.write("posting notifications to \(url.absoluteString)\n") }
    let (engine, ledger, clock) = (store.engine, stores.ledger, store.clock)
    let deliveries = Task {
      await deliver(delivery, engine: engine, ledger: ledger, clock: clock, log: output)
    }
    let stopped = await waitForStopSignal()
    deliveries.cancel()
    _ = await deliveries.value
    server.stop()
    output.write("stopped on \(stopped == SIGINT ? "SIGINT" : "SIGTERM")\n")
  }

  /// Until cancelled: catches up on what fell due (with the clock other processes may have
  /// moved) and posts what is due, every `deliveryInterval`.
  private static func deliver(
    _ delivery: NotificationDelivery, engine: StoreEngine, ledger: any Ledger,
    clock: LedgerClock, log: any TextOutput
  ) async {
    while !Task.isCancelled {
      do {
        if let simulated = try ledger.clock() { clock.set(simulated) }
        try engine.catchUp()
        try await delivery.deliverDue()
      } catch {
        log.writeError("storeterm serve: notifications: \(error)\n")
      }
      try? await Task.sleep(for: .milliseconds(deliveryInterval))
    }
  }

  /// `--notify` text → an http or https URL with a host.
  static func notifyURL(_ text: String) throws(UsageError) -> URL {
    guard let url = URL(string: text), let scheme = url.scheme?.lowercased(),
      scheme == "http" || scheme == "https", url.host?.isEmpty == false
    else {
      throw UsageError("--notify \(text): not an http or https URL, such as http://127.0.0.1:9000/")
    }
    return url
  }

  /// `HOST:PORT` → an IPv4 address and a port.
  static func address(_ text: String) throws(UsageError) -> (String, UInt16) {
    guard let colon = text.lastIndex(of: ":"), let port = UInt16(text[text.index(after: colon)...]),
      !text[..<colon].isEmpty
    else {
      throw UsageError("--listen \(text): not HOST:PORT, such as 127.0.0.1:8090")
    }
    return (String(text[..<colon]), port)
  }

  /// Waits for SIGINT or SIGTERM and returns which came.
  private static func waitForStopSignal() async -> Int32 {
    signal(SIGINT, SIG_IGN)
    signal(SIGTERM, SIG_IGN)
    let sources = [SIGINT, SIGTERM].map {
      (signal: $0, source: DispatchSource.makeSignalSource(signal: $0, queue: .global()))
    }
    let received = await withCheckedContinuation {
      (continuation: CheckedContinuation<Int32, Never>) in
      let resumed = Mutex(false)
      for (number, source) in sources {
        source.setEventHandler {
          if !resumed.withLock({ done in
            defer { done = true }; return done
          }) {
            continuation.resume(returning: number)
          }
        }
        source.resume()
      }
    }
    for (_, source) in sources { source.cancel() }
    return received
  }

  /// Raises the soft limit on open files to the hard one (at most 8,192): the server holds up
  /// to 4,096 connections, and a soft limit of 1,024 would refuse them long before.
  private static func raiseDescriptorLimit() {
    var limit = rlimit()
    guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return }
    let wanted = min(limit.rlim_max, 8_192)
    if limit.rlim_cur < wanted {
      limit.rlim_cur = wanted
      _ = setrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit)
    }
  }
}
