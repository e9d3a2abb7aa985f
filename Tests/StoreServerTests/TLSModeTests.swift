import Foundation
import StoreTermTestSupport
import Testing

#if canImport(Glibc)
  import Glibc
#endif

/// `storeterm serve --tls`: Apple's Python client, unmodified (no subclass, its own base URL
/// `https://api.storekit-sandbox.apple.com`), against storeterm, the host name resolved to
/// loopback only inside a private mount and network namespace (`unshare -mn` with a bind-mounted
/// `/etc/hosts`), trusting the exported root through `REQUESTS_CA_BUNDLE`.
@Suite(.serialized) struct TLSModeTests {
  /// Why the namespace cannot be made here, or nil when it can.
  static let namespaceUnavailable: String? = {
    guard geteuid() == 0 else { return "not root: unshare -mn needs root" }
    guard FileManager.default.isExecutableFile(atPath: "/usr/bin/unshare"),
      FileManager.default.isExecutableFile(atPath: "/usr/sbin/ip")
        || FileManager.default.isExecutableFile(atPath: "/sbin/ip")
    else { return "unshare or ip is not installed" }
    guard
      let probe = try? Subprocess.run(
        "/usr/bin/unshare", ["-m", "-n", "/bin/true"], environment: ["PATH=/usr/bin:/bin"]),
      probe.status == 0
    else { return "unshare -mn is not permitted here (a container without CAP_SYS_ADMIN)" }
    return nil
  }()

  @Test func applesUnmodifiedPythonClientReachesStoretermUnderApplesHostName() throws {
    guard ServerOracle.required() else { return }
    if let reason = Self.namespaceUnavailable {
      // Under CI too: where the namespace cannot be made, the mode cannot be shown this way.
      print("TLS mode interop skipped: \(reason)")
      return
    }
    let directory = try TestPaths.temporaryDirectory()
    let database = directory.appending(path: "ledger.sqlite").path
    func storeterm(_ arguments: [String]) throws -> String {
      let outcome = try StoreTermProcess.run(
        ["--db", database, "--environment", "Sandbox"] + arguments)
      #expect(outcome.status == 0, "\(arguments): \(outcome.error)")
      return outcome.output
    }
    _ = try storeterm(["purchase", "dev.storeterm.demo.plus.monthly"])
    let key =
      try JSONSerialization.jsonObject(
        with: Data(try storeterm(["server-keys", "create", "--json"]).utf8)) as? [String: Any]
      ?? [:]
    let rootPEM = directory.appending(path: "root.pem").path
    let rootDER = directory.appending(path: "root.der").path
    _ = try storeterm(["cert", "--out", rootPEM])
    _ = try storeterm(["cert", "--der", "--out", rootDER])
    let hosts = directory.appending(path: "hosts")
    try "127.0.0.1 localhost\n127.0.0.1 api.storekit-sandbox.apple.com\n".write(
      to: hosts, atomically: true, encoding: .utf8)
    let check = TestPaths.packageRoot.appending(path: "Scripts/asl-tls-check.py").path
    func quoted(_ text: String) -> String {
      "'" + text.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
    // Inside the namespace: loopback up, the hosts file in place, storeterm on 443, then the
    // client; the server is stopped by its own PID.
    let script = """
      set -e
      ip link set lo up
      mount --bind \(quoted(hosts.path)) /etc/hosts
      \(quoted(StoreTermProcess.path)) --db \(quoted(database)) --environment Sandbox serve \
        --tls --listen 127.0.0.1:443 > \(quoted(directory.appending(path: "serve.out").path)) \
        2>&1 &
      server=$!
      for i in $(seq 1 200); do
        grep -q 'on https://' \(quoted(directory.appending(path: "serve.out").path)) && break
        sleep 0.05
      done
      status=0
      REQUESTS_CA_BUNDLE=\(quoted(rootPEM)) python3 \(quoted(check)) \
        --key \(quoted(key["privateKeyPath"] as? String ?? "")) \
        --key-id \(quoted(key["keyId"] as? String ?? "")) \
        --issuer-id \(quoted(key["issuerId"] as? String ?? "")) \
        --bundle-id dev.storeterm.demo --root \(quoted(rootDER)) 1 || status=$?
      kill $server
      wait $server || true
      exit $status
      """
    let environment = ProcessInfo.processInfo.environment
    let outcome = try Subprocess.run(
      "/usr/bin/unshare", ["-m", "-n", "/bin/sh", "-c", script],
      environment: [
        "PATH=\(environment["PATH"] ?? "/usr/bin:/bin"):/usr/sbin:/sbin",
        "HOME=\(environment["HOME"] ?? "/tmp")",
      ])
    #expect(outcome.status == 0, "\(outcome.error)\n\(outcome.output)")
    let result =
      (try? JSONSerialization.jsonObject(with: Data(outcome.output.utf8))) as? [String: Any] ?? [:]
    #expect(result["baseUrl"] as? String == "https://api.storekit-sandbox.apple.com")
    #expect(result["transactionId"] as? String == "1")
    #expect(result["groups"] as? Int == 1)
    // Outside the namespace nothing changed.
    let realHosts = (try? String(contentsOfFile: "/etc/hosts", encoding: .utf8)) ?? ""
    #expect(!realHosts.contains("api.storekit-sandbox.apple.com"))
  }
}
