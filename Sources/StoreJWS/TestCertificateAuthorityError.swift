/// An existing test CA that cannot be used, naming the file at fault.
public struct TestCertificateAuthorityError: Error, Sendable, CustomStringConvertible {
  /// The file that is missing, unreadable or inconsistent.
  public var path: String
  /// What is wrong with it.
  public var problem: String

  /// One sentence for the CLI.
  public var description: String {
    "the test certificate authority file \(path) \(problem); move the directory away to create a new CA"
  }
}
