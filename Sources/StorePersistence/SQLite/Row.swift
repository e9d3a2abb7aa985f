/// One result row, copied out of SQLite: column names and values, safe to keep and to send.
///
/// Read values untyped by index or name (`row[0]`, `row["id"]`) or typed with `get`, which throws
/// a `PersistenceError` naming the column when the value does not fit the type.
public struct Row: Sendable, Equatable, CustomStringConvertible {
  /// The column names, in select order.
  public let columns: [String]
  /// The values, parallel to `columns`.
  public let values: [SQLiteValue]

  /// Creates a row; `columns` and `values` must have the same count.
  public init(columns: [String], values: [SQLiteValue]) {
    precondition(columns.count == values.count, "a row needs one value per column")
    self.columns = columns
    self.values = values
  }

  /// The number of columns.
  public var count: Int { values.count }

  /// The value at a column position (0-based).
  public subscript(index: Int) -> SQLiteValue { values[index] }

  /// The value of the first column with that name (case-insensitive, as SQL names are), or `nil`
  /// when there is no such column.
  public subscript(name: String) -> SQLiteValue? {
    index(of: name).map { values[$0] }
  }

  /// The position of the first column named `name`, compared case-insensitively.
  ///
  /// Code names columns as the schema spells them, so an exact match is tried first: reading a
  /// record asks for a dozen columns of twenty, and lowercasing every name for each costs more
  /// than the rest of the read.
  public func index(of name: String) -> Int? {
    if let exact = columns.firstIndex(of: name) { return exact }
    let lowered = name.lowercased()
    return columns.firstIndex { $0.lowercased() == lowered }
  }

  /// The value at `index` converted to `T`; throws when the storage class does not fit.
  public func get<T: SQLiteValueConvertible>(_ type: T.Type = T.self, at index: Int) throws -> T {
    try convert(values[index], columns[index])
  }

  /// The value of column `name` converted to `T`.
  ///
  /// Throws when there is no such column or the storage class does not fit; ask for `T?` to
  /// accept `NULL`.
  public func get<T: SQLiteValueConvertible>(_ type: T.Type = T.self, _ name: String) throws -> T {
    guard let index = index(of: name) else {
      throw PersistenceError.columnNotFound(name: name, available: columns)
    }
    return try convert(values[index], columns[index])
  }

  /// The row as `name=value` pairs, for test failures and logs.
  public var description: String {
    zip(columns, values).map { "\($0)=\($1)" }.joined(separator: ", ")
  }

  private func convert<T: SQLiteValueConvertible>(_ value: SQLiteValue, _ column: String)
    throws -> T
  {
    guard let converted = T(sqliteValue: value) else {
      throw PersistenceError.columnTypeMismatch(
        column: column, expected: String(describing: T.self), found: value.typeName)
    }
    return converted
  }
}
