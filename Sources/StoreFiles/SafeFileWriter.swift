import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The one rule for every file and folder storeterm writes: never through a symbolic link, and
/// private from the moment it exists (0600 files, 0700 folders, whatever the umask).
///
/// A path's last component is opened with `O_NOFOLLOW` and created with `O_EXCL`; a whole-file
/// write goes to a temporary file in the same folder and is renamed over the target only when
/// the target is a regular file (a rename replaces a link itself, never what it points to). The
/// folders above the last component are the user's and may be links (a home on another disk);
/// callers that must keep storeterm's own state out of reach check those separately.
public enum SafeFileWriter {
  /// The mode of every file storeterm creates.
  public static let fileMode: mode_t = 0o600
  /// The mode of every folder storeterm creates.
  public static let directoryMode: mode_t = 0o700

  /// Why a file operation failed, naming the path.
  public struct Failure: Error, Sendable, CustomStringConvertible {
    /// The path the operation was on.
    public var path: String
    /// What was being done, as a verb phrase ("create", "write").
    public var operation: String
    /// The `errno` value.
    public var code: Int32

    /// Creates a failure.
    public init(path: String, operation: String, code: Int32) {
      self.path = path
      self.operation = operation
      self.code = code
    }

    /// "could not OPERATION PATH: REASON".
    public var description: String {
      "could not \(operation) \(path): \(SafeFileWriter.message(code))"
    }
  }

  /// What is at a path, seen without following a link.
  public enum Kind: Equatable, Sendable {
    /// Nothing is there.
    case missing
    /// A regular file.
    case regular
    /// A symbolic link (dangling or not).
    case symbolicLink
    /// A folder.
    case directory
    /// A device, socket or FIFO.
    case other
  }

  /// What is at `path`, its last component not followed.
  public static func kind(of path: String) -> Kind {
    var info = stat()
    guard lstat(path, &info) == 0 else { return .missing }
    switch info.st_mode & S_IFMT {
    case S_IFREG: return .regular
    case S_IFLNK: return .symbolicLink
    case S_IFDIR: return .directory
    default: return .other
    }
  }

  /// Creates `path` and every missing ancestor with mode 0700, outermost first; existing
  /// folders are kept as they are (their modes are the user's).
  public static func makeDirectories(_ path: String) throws(Failure) {
    var missing: [String] = []
    var current = path
    while !current.isEmpty, current != "/", kind(of: current) == .missing {
      missing.append(current)
      current = (current as NSString).deletingLastPathComponent
    }
    for folder in missing.reversed() {
      if mkdir(folder, directoryMode) == 0 {
        // The umask may have removed owner bits; the mode is exact, never wider.
        chmod(folder, directoryMode)
      } else if !(errno == EEXIST && isDirectory(folder)) {
        throw Failure(path: folder, operation: "create the directory", code: errno)
      }
    }
  }

  /// Creates a new file at `path` (nothing may be there, not even a link) holding `bytes`,
  /// synced to disk, with mode 0600.
  public static func createNew(_ path: String, _ bytes: [UInt8]) throws(Failure) {
    let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, fileMode)
    guard descriptor >= 0 else { throw Failure(path: path, operation: "create", code: errno) }
    defer { close(descriptor) }
    fchmod(descriptor, fileMode)
    if let code = writeAll(descriptor, bytes) {
      throw Failure(path: path, operation: "write", code: code)
    }
    guard fsync(descriptor) == 0 else { throw Failure(path: path, operation: "sync", code: errno) }
  }

  /// Writes `path` whole, as a new file or replacing a regular file atomically (a temporary
  /// file in the same folder, then a rename); a link, folder or device there is refused.
  public static func replace(_ path: String, _ bytes: [UInt8]) throws(Failure) {
    switch kind(of: path) {
    case .missing, .regular: break
    case .symbolicLink: throw Failure(path: path, operation: "replace the link", code: ELOOP)
    case .directory: throw Failure(path: path, operation: "replace", code: EISDIR)
    case .other: throw Failure(path: path, operation: "replace", code: EPERM)
    }
    let folder = (path as NSString).deletingLastPathComponent
    var template = Array(
      "\(folder.isEmpty ? "." : folder)/.\((path as NSString).lastPathComponent).XXXXXX"
        .utf8CString)
    // mkstemp creates with O_EXCL and mode 0600.
    let descriptor = template.withUnsafeMutableBufferPointer { mkstemp($0.baseAddress!) }
    guard descriptor >= 0 else {
      throw Failure(path: path, operation: "create a temporary file beside", code: errno)
    }
    let temporary = String(
      decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
    var failure: Failure?
    fchmod(descriptor, fileMode)
    if let code = writeAll(descriptor, bytes) {
      failure = Failure(path: path, operation: "write", code: code)
    } else if fsync(descriptor) != 0 {
      failure = Failure(path: path, operation: "sync", code: errno)
    }
    close(descriptor)
    if failure == nil, rename(temporary, path) != 0 {
      failure = Failure(path: path, operation: "replace", code: errno)
    }
    if let failure {
      unlink(temporary)
      throw failure
    }
  }

  /// Opens `path` for appending, creating it 0600 when missing; refuses a link, anything but
  /// a regular file, and a file with other names (a hard link could be the ledger).
  ///
  /// - Returns: the open descriptor, which the caller closes.
  public static func openForAppending(_ path: String) throws(Failure) -> Int32 {
    // O_NONBLOCK: opening a FIFO for writing would otherwise wait for a reader.
    let flags = O_WRONLY | O_APPEND | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
    var descriptor = open(path, flags | O_CREAT | O_EXCL, fileMode)
    if descriptor >= 0 {
      fchmod(descriptor, fileMode)
    } else if errno == EEXIST {
      descriptor = open(path, flags)
    }
    guard descriptor >= 0 else { throw Failure(path: path, operation: "open", code: errno) }
    var info = stat()
    let code: Int32? =
      fstat(descriptor, &info) != 0
      ? errno
      : (info.st_mode & S_IFMT) != S_IFREG ? EPERM : info.st_nlink > 1 ? EMLINK : nil
    if let code {
      close(descriptor)
      throw Failure(path: path, operation: "append to", code: code)
    }
    _ = fcntl(descriptor, F_SETFL, O_WRONLY | O_APPEND)
    return descriptor
  }

  /// Writes all of `bytes` to `descriptor`, retrying interrupted and short writes.
  ///
  /// - Returns: nil, or the `errno` of the write that failed (`ENOSPC` on a full disk).
  public static func writeAll(_ descriptor: Int32, _ bytes: [UInt8]) -> Int32? {
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes {
        write(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 {
        if errno == EINTR { continue }
        return errno
      }
      offset += written
    }
    return nil
  }

  /// The C library's text for an `errno` value.
  public static func message(_ code: Int32) -> String {
    guard let text = strerror(code) else { return "error \(code)" }
    return String(cString: text)
  }

  private static func isDirectory(_ path: String) -> Bool {
    var info = stat()
    return stat(path, &info) == 0 && (info.st_mode & S_IFMT) == S_IFDIR
  }
}
