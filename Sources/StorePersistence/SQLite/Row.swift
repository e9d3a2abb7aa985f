/// One result row, copied out of SQLite: column names and values, safe to keep and to send.
///
/// Read values untyped by index or name (`row[0]`, `row["id"]`) or typed with `get`, which throws
/// a `PersistenceError` naming the column when the value does not fit the type.
public struct Row: Sendable, Equatable, CustomStringConvertible {
  /// The column names, in select order.
  public let columns: [String]
  /// The values, parallel to `columns`.
  public let values: [SQLiteValue]
  /// Where each name is, shared by the rows of one statement; nil for a row made by hand.
  private let positions: ColumnPositions?

  /// Creates a row; `columns` and `values` must have the same count.
  public init(columns: [String], values: [SQLiteValue]) {
    self.init(columns: columns, values: values, positions: nil)
  }

  init(columns: [String], values: [SQLiteValue], positions: ColumnPositions?) {
    precondition(columns.count == values.count, "a row needs one value per column")
    self.columns = columns
    self.values = values
    self.positions = positions
  }

  /// Rows are equal when their columns and values are (however their names are looked up).
  public static func == (left: Row, right: Row) -> Bool {
    left.columns == right.columns && left.values == right.values
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
  /// Code names columns as the schema spells them, so an exact match is tried first, in the
  /// statement's table of names when the row has one: reading a record asks for a dozen columns
  /// of twenty, and comparing names one by one was an eighth of a history request's time.
  public func index(of name: String) -> Int? {
    if let positions {
      if let exact = positions.exact[name] { return exact }
    } else if let exact = columns.firstIndex(of: name) {
      return exact
    }
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

/// The position of each column name of one statement's result (the first, for repeated names).
final class ColumnPositions: Sendable {
  let exact: [String: Int]

  init(_ columns: [String]) {
    var exact: [String: Int] = [:]
    for (index, name) in columns.enumerated() where exact[name] == nil { exact[name] = index }
    self.exact = exact
  }
}
