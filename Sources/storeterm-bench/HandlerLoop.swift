import Foundation
import StoreCore
import StoreJWS
import StoreServer

/// `storeterm-bench handler`: Get Transaction History (v2) answered by calling the server's
/// handler directly, no HTTP and no client, over 1,000,000 transactions: the handler's own CPU
/// time a request, to compare one build of it with another.
///
/// `server` measures what a client sees, but on a shared two-core machine its rates move by a
/// fifth from one minute to the next; the handler's CPU time alone, on an otherwise quiet
/// thread, moves by a few percent.
struct HandlerLoop {
  var size = 1_000_000
  /// Transactions a customer: a History request reads a page's worth of them (20 at most).
  var perCustomer = 10
  var requests = 3_000

  func run() throws {
    let folder = FileManager.default.temporaryDirectory.appending(
      path: "storeterm-bench-handler-\(ProcessInfo.processInfo.processIdentifier)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let setup = try BenchServerAPI(
      size: size, perCustomer: perCustomer, folder: folder,
      authority: try TestCertificateAuthority.generate())
    let headers = [(name: "Authorization", value: "Bearer " + (try setup.token()))]
    var generator = SplitMix(seed: 7)
    let warmUp = 200
    var samples: [Double] = []
    for round in 0..<(warmUp + requests) {
      if round == warmUp { _ = ES256SignatureCount.take() }
      let customer = Int(generator.next() % UInt64(setup.customers))
      let request = HTTPRequest(
        method: "GET", path: setup.historyPath(customer: customer), headers: headers)
      let before = HandlerMeter.threadMicroseconds()
      let response = setup.api.handle(request)
      let spent = HandlerMeter.threadMicroseconds() - before
      guard response.status == 200 else {
        throw BenchmarkError("history answered \(response.status)")
      }
      if round >= warmUp { samples.append(spent) }
      // What the server's thread does once the response is sent, then the client's turn.
      setup.api.useSpareTime()
      usleep(300)
    }
    samples.sort()
    let mean = samples.reduce(0, +) / Double(samples.count)
    print(
      String(
        format: "History v2 handler CPU, %d requests: p10 %.1f µs, p50 %.1f µs, mean %.1f µs,"
          + " p90 %.1f µs", samples.count, samples[samples.count / 10],
        samples[samples.count / 2], mean, samples[samples.count * 9 / 10]))
    ServerBenchmark.printSignatures()
  }
}
