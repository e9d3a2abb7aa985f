import Foundation
import StoreCore
import StoreJWS
import StorePersistence
import StoreServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `storeterm-bench server`: Get Transaction History (v2) and Get All Subscription Statuses
/// against an in-process `storeterm serve` (the same `AppStoreServerAPI` behind the same
/// `HTTPServer`) over ledgers of each size, beside a bare libmicrohttpd peer answering a fixed
/// body of the same length; then notification deliveries per second beside a bare POST loop.
///
/// Then the history requests again while `heldConnections` idle (connected, silent) and then
/// slow (a request never finished, a byte every two seconds) connections are held open: the p99
/// goal holds with them too (issue 27).
///
/// One client for both sides: a `URLSession`, one request at a time, the connection kept alive
/// between requests (libcurl reuses it; the run prints how many TCP connections the server saw
/// closed, as evidence).
struct ServerBenchmark {
  var sizes: [Int] = [10_000, 1_000_000]
  var requests = 2_000
  var notifications = 2_000
  /// Idle, then slow, connections held open during a third series of history requests.
  var heldConnections = 1_000

  /// The latency goal at the largest size, in milliseconds.
  static let latencyGoal = 5.0
  /// Deliveries reach this share of the bare POST rate.
  static let deliveryGoal = 0.5
  /// History requests reach this share of the bare peer's rate at the largest size.
  static let throughputGoal = 0.7

  func run() async throws -> Bool {
    let directory = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-bench-server-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let authority = try TestCertificateAuthority.generate()
    let speed = try? OpenSSLSpeed.ecdsaP256(seconds: 1)
    if let speed {
      print(
        String(
          format: "openssl speed -seconds 1 ecdsap256: %.0f signs/s, %.0f verifies/s",
          speed.sign, speed.verify))
    }
    print(
      "client: one URLSession, \(requests) sequential GETs per row, keep-alive; each request"
        + " carries a fresh ES256 bearer token check on the server")
    var met = true
    var worstAtLargest = 0.0
    var shareAtLargest = 0.0
    for size in sizes {
      let folder = directory.appending(path: "size-\(size)")
      try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
      let (worst, share) = try await measure(size: size, in: folder, authority: authority)
      if size == sizes.max() { (worstAtLargest, shareAtLargest) = (worst, share) }
    }
    let largest = sizes.max() ?? 0
    let latencyMet = worstAtLargest < Self.latencyGoal
    print(
      String(
        format: "goal %@: p99 under %.0f ms at %@ transactions (worst p99 %.2f ms)",
        latencyMet ? "met" : "NOT met", Self.latencyGoal, largest.formatted(), worstAtLargest))
    let throughputMet = shareAtLargest >= Self.throughputGoal
    print(
      String(
        format: "goal %@: History v2 at %.0f%% or more of the bare peer at %@ transactions,"
          + " alternating (%.1f%%)",
        throughputMet ? "met" : "NOT met", Self.throughputGoal * 100, largest.formatted(),
        shareAtLargest * 100))
    met = met && latencyMet && throughputMet
    let delivery = try await DeliveryBenchmark(
      notifications: notifications, folder: directory.appending(path: "deliveries"),
      authority: authority
    ).run()
    return met && delivery
  }

  /// One ledger size: both endpoints and the bare peer; returns the worst p99 of the endpoints
  /// and History's rate as a share of the peer's, the two alternating.
  private func measure(
    size: Int, in folder: URL, authority: TestCertificateAuthority
  ) async throws -> (worstP99: Double, historyShare: Double) {
    let setup = try BenchServerAPI(size: size, folder: folder, authority: authority)
    let api = setup.api
    let meter = HandlerMeter()
    let server = try HTTPServer(
      host: "127.0.0.1", port: 0, afterResponse: api.useSpareTime, handler: meter.wrap(api.handle))
    defer { server.stop() }
    let client = BenchHTTPClient(base: "http://127.0.0.1:\(server.port)", token: setup.token)
    var generator = SplitMix(seed: 7)
    func customer() -> Int { Int(generator.next() % UInt64(setup.customers)) }
    // A typical answer's length, for the bare peer's fixed body.
    let sample = try await client.get(setup.historyPath(customer: 0))
    guard sample.status == 200 else {
      throw BenchmarkError("history answered \(sample.status): \(sample.text)")
    }
    print(
      "request                                   req/s   p50 ms   p99 ms   max ms"
        + "   handler CPU µs p10 / p50")
    _ = meter.take()
    _ = ES256SignatureCount.take()
    let history = try await client.series(requests) { setup.historyPath(customer: customer()) }
    history.print("Get Transaction History v2", handlerCPU: meter.take())
    Self.printSignatures()
    let statuses = try await client.series(requests) { setup.statusesPath(customer: customer()) }
    statuses.print("Get All Subscription Statuses", handlerCPU: meter.take())
    _ = ES256SignatureCount.take()
    let body = Array(repeating: UInt8(ascii: "x"), count: sample.body.count)
    let bare = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
      HTTPResponse(status: 200, contentType: "application/json", body: body)
    }
    defer { bare.stop() }
    let bareClient = BenchHTTPClient(base: "http://127.0.0.1:\(bare.port)", token: client.token)
    let peer = try await bareClient.series(requests) { "/fixed" }
    peer.print("bare libmicrohttpd, fixed \(body.count) B")
    // The throughput goal from both in the same minutes: a thousand History requests (at 3,000
    // a series), then a thousand to the peer, and so on, so a machine that speeds up or slows
    // down during the run (this shared one moves by a fifth from one minute to the next) moves
    // both alike.
    let (pairedHistory, pairedPeer) = try await BenchHTTPClient.alternating(
      requests, client, { setup.historyPath(customer: customer()) },
      bareClient, { "/fixed" })
    let pairedCPU = meter.take()
    pairedHistory.print("History v2, blocks alternating", handlerCPU: pairedCPU)
    Self.printSignatures()
    pairedPeer.print("bare libmicrohttpd, blocks alternating")
    let share = pairedHistory.rate / pairedPeer.rate
    // Blocks of a hundred, as measured until 2026-12-05, shown beside: each switch leaves
    // History's caches to the peer and the client, and its handler's own CPU time a request
    // grows by a sixth over the whole block.
    let (shortHistory, shortPeer) = try await BenchHTTPClient.alternating(
      requests, block: 100, client, { setup.historyPath(customer: customer()) },
      bareClient, { "/fixed" })
    shortHistory.print("History v2, blocks of 100 alternating", handlerCPU: meter.take())
    Self.printSignatures()
    shortPeer.print("bare libmicrohttpd, blocks of 100 alternating")
    print(
      String(
        format: "  History in blocks of 100: %.1f%% of the peer",
        shortHistory.rate / shortPeer.rate * 100))
    try await calibrate(
      bare: bareClient, body: body,
      handlerMicroseconds: pairedCPU.reduce(0, +) / Double(max(1, pairedCPU.count)),
      history: pairedHistory)
    // Issue 27: the same requests while a thousand idle or slow connections are held open.
    var worst = max(history.p99, statuses.p99)
    for kind in [HeldConnections.Kind.idle, .slow] {
      _ = ES256SignatureCount.take()
      let held = try HeldConnections(heldConnections, kind: kind, port: server.port)
      let series = try await client.series(requests) { setup.historyPath(customer: customer()) }
      let stillOpen = held.open
      held.close()
      series.print(
        "History v2, \(heldConnections) \(kind.rawValue) held", handlerCPU: meter.take())
      Self.printSignatures()
      print(
        "  \(stillOpen) of the \(heldConnections) \(kind.rawValue) connections were open after it")
      worst = max(worst, series.p99)
    }
    worst = max(worst, pairedHistory.p99)
    print(
      "TCP connections closed by the client during the run: "
        + "\(BenchHTTPClient.closedConnections(port: server.port)) to the server, "
        + "\(BenchHTTPClient.closedConnections(port: bare.port)) to the bare peer")
    return (worst, share)
  }
}

extension ServerBenchmark {
  /// How the signatures since the last count were made: a reserve that runs dry moves the nonces'
  /// `kG` onto the answering thread.
  static func printSignatures() {
    let count = ES256SignatureCount.take()
    print(
      "  signatures: \(count.reserved) from reserved nonces, \(count.full) in full"
        + " (the reserve was empty)")
  }

  /// How much of History's gap to the bare peer its handler's own time explains.
  ///
  /// The bare peer runs again in alternating blocks beside one whose handler keeps its thread
  /// busy for History's mean handler CPU time (the mean: a rate is a mean); taking each
  /// request's time as growing in a straight line with the handler's gives about how long a
  /// handler may take for the throughput goal. In four runs on 2026-12-04 the busy peer kept
  /// 61–67% of the bare one's rate and History 50–61% (History's own blocks ran a minute
  /// earlier): the handler's time is most of the gap.
  fileprivate func calibrate(
    bare: BenchHTTPClient, body: [UInt8], handlerMicroseconds: Double, history: LatencySeries
  ) async throws {
    let busy = try HTTPServer(host: "127.0.0.1", port: 0) { _ in
      let start = HandlerMeter.threadMicroseconds()
      while HandlerMeter.threadMicroseconds() - start < handlerMicroseconds {}
      return HTTPResponse(status: 200, contentType: "application/json", body: body)
    }
    defer { busy.stop() }
    let busyClient = BenchHTTPClient(base: "http://127.0.0.1:\(busy.port)", token: bare.token)
    let (plain, loaded) = try await BenchHTTPClient.alternating(
      requests, bare, { "/fixed" }, busyClient, { "/fixed" })
    loaded.print(String(format: "bare, handler busy %.0f µs, alternating", handlerMicroseconds))
    plain.print("bare libmicrohttpd, beside the busy")
    // Each request's time grows with the handler's by `slope`; the goal allows the peer's time
    // divided by the goal share.
    let perRequest = 1_000 / plain.rate
    let slope = (1_000 / loaded.rate - perRequest) / handlerMicroseconds
    let budget = perRequest * (1 / Self.throughputGoal - 1) / slope
    print(
      String(
        format: "  a %.0f µs handler alone keeps %.1f%% of the peer's rate (History: %.1f%% of this"
          + " peer's rate); the goal allows a handler of about %.0f µs",
        handlerMicroseconds, loaded.rate / plain.rate * 100, history.rate / plain.rate * 100,
        budget))
  }
}

/// Durations as milliseconds.
enum BenchTime {
  static func milliseconds(_ duration: Duration) -> Double {
    Double(duration.components.seconds) * 1_000
      + Double(duration.components.attoseconds) / 1e15
  }
}

/// Latency samples of one series of requests.
struct LatencySeries {
  var samples: [Double]
  var elapsed: Double

  var sorted: [Double] { samples.sorted() }
  /// Requests per second.
  var rate: Double { Double(samples.count) / (elapsed / 1_000) }

  /// Adds `other`'s requests and time to these.
  mutating func append(_ other: LatencySeries) {
    samples += other.samples
    elapsed += other.elapsed
  }
  var p50: Double { sorted[sorted.count / 2] }
  var p99: Double { sorted[min(sorted.count - 1, Int(Double(sorted.count) * 0.99))] }

  /// One row; with `handlerCPU` (the handler's CPU time per request, µs), its tenth percentile
  /// and median too.
  func print(_ label: String, handlerCPU: [Double] = []) {
    let padded = label.padding(toLength: 38, withPad: " ", startingAt: 0)
    let cpu = handlerCPU.sorted()
    // The tenth percentile too: load only ever adds CPU time (a contended core, a cold cache),
    // so the low end compares two builds of the handler best.
    let handler =
      cpu.isEmpty
      ? "" : String(format: "  %8.0f / %.0f", cpu[cpu.count / 10], cpu[cpu.count / 2])
    Swift.print(
      String(
        format: "%@ %8.0f  %7.3f  %7.3f  %7.3f", padded, rate, p50, p99, sorted.last ?? 0)
        + handler)
  }
}

/// The benchmark's one HTTP client: `URLSession`, one request at a time.
struct BenchHTTPClient {
  let base: String
  let token: () throws -> String
  let session = URLSession.shared

  struct Answer {
    var status: Int
    var body: Data
    var text: String { String(decoding: body, as: UTF8.self) }
  }

  func get(_ path: String, bearer: String? = nil) async throws -> Answer {
    guard let url = URL(string: base + path) else { throw BenchmarkError("bad URL \(path)") }
    var request = URLRequest(url: url)
    request.setValue("Bearer " + (try bearer ?? token()), forHTTPHeaderField: "Authorization")
    let (data, response) = try await session.data(for: request)
    return Answer(status: (response as? HTTPURLResponse)?.statusCode ?? 0, body: data)
  }

  /// `count` GETs of `path()`, each timed; a token is made before the clock starts and renewed
  /// every minute, as a client caches its token.
  func series(_ count: Int, _ path: () -> String) async throws -> LatencySeries {
    let clock = ContinuousClock()
    var bearer = try token()
    var made = clock.now
    var samples: [Double] = []
    samples.reserveCapacity(count)
    let started = clock.now
    for _ in 0..<count {
      if made.duration(to: clock.now) > .seconds(60) {
        bearer = try token()
        made = clock.now
      }
      let target = path()
      let before = clock.now
      let answer = try await get(target, bearer: bearer)
      samples.append(BenchTime.milliseconds(before.duration(to: clock.now)))
      guard answer.status == 200 else {
        throw BenchmarkError("\(target) answered \(answer.status): \(answer.text)")
      }
    }
    return LatencySeries(
      samples: samples, elapsed: BenchTime.milliseconds(started.duration(to: clock.now)))
  }

  /// `count` requests to each of two servers in alternating blocks of `block`, each block a
  /// `series`; each side's rate is of its own blocks' time.
  ///
  /// Blocks, not single requests: one request to each in turn measured the other server's
  /// cache misses as much as this one's work. And blocks of a thousand (half a second), not a
  /// hundred: in blocks of a hundred, History's handler took a sixth more CPU time a request
  /// than in a series of its own (its caches refilled at every switch), and History kept
  /// 59–67% of the peer's rate against 68–80% in blocks of a thousand and 74–84% in series, in
  /// the same runs (2026-12-05). Shorter series get shorter blocks, so that each side has at
  /// least three (the default `block`: a third of `count`, from 100 to 1,000).
  static func alternating(
    _ count: Int, block: Int? = nil, _ first: BenchHTTPClient, _ firstPath: () -> String,
    _ second: BenchHTTPClient, _ secondPath: () -> String
  ) async throws -> (LatencySeries, LatencySeries) {
    let block = block ?? min(1_000, max(100, count / 3))
    var sides = (LatencySeries(samples: [], elapsed: 0), LatencySeries(samples: [], elapsed: 0))
    while sides.0.samples.count < count {
      let size = min(block, count - sides.0.samples.count)
      sides.0.append(try await first.series(size, firstPath))
      sides.1.append(try await second.series(size, secondPath))
    }
    return sides
  }

  /// Sockets in TIME-WAIT on either side of `port` (the side that closes first keeps one): about
  /// the number of connections opened and closed.
  static func closedConnections(port: UInt16) -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["ss", "-tan", "state", "time-wait"]
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    guard (try? process.run()) != nil else { return "?" }
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    let lines = String(decoding: data, as: UTF8.self).split(separator: "\n")
    return String(lines.filter { $0.contains("127.0.0.1:\(port) ") }.count)
  }
}
