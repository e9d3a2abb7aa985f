import Foundation
import StoreCore

/// A request's JSON body as an object, with typed reads that answer Apple's error for a
/// missing or wrong field.
struct RequestBody {
  let value: JSONValue

  /// Parses `bytes`; anything but a JSON object is Apple's general bad request (`4000000`).
  init(_ bytes: [UInt8]) throws(APIError) {
    guard let value = try? JSONParser.parse(bytes), case .object = value else {
      throw APIError.generalBadRequest
    }
    self.value = value
  }

  /// Wraps a nested value; anything but an object is Apple's general bad request.
  init(object value: JSONValue) throws(APIError) {
    guard case .object = value else { throw APIError.generalBadRequest }
    self.value = value
  }

  /// Whether `key` is present and not `null`.
  func has(_ key: String) -> Bool {
    guard let member = value[key] else { return false }
    return member != .null
  }

  /// The whole number at `key` within `range`; absent (when `required`), fractional, out of
  /// range or not a number throws `error`.
  func integer(
    _ key: String, in range: ClosedRange<Int>, required: Bool = true, or error: APIError
  ) throws(APIError) -> Int? {
    guard has(key) else {
      if required { throw error }
      return nil
    }
    guard case .number(let text) = value[key], let number = Int(text), range.contains(number)
    else { throw error }
    return number
  }

  /// The Boolean at `key`; absent (when `required`) or not a Boolean throws `error`.
  func bool(_ key: String, required: Bool = true, or error: APIError) throws(APIError) -> Bool? {
    guard has(key) else {
      if required { throw error }
      return nil
    }
    guard case .bool(let flag) = value[key] else { throw error }
    return flag
  }

  /// The string at `key`; absent (when `required`) or not a string throws `error`.
  func string(_ key: String, required: Bool = true, or error: APIError) throws(APIError)
    -> String?
  {
    guard has(key) else {
      if required { throw error }
      return nil
    }
    guard case .string(let text) = value[key] else { throw error }
    return text
  }

  /// The array of strings at `key`, nil when absent; anything else throws `error`.
  func strings(_ key: String, or error: APIError) throws(APIError) -> [String]? {
    guard has(key) else { return nil }
    guard case .array(let items) = value[key] else { throw error }
    var result: [String] = []
    for item in items {
      guard case .string(let text) = item else { throw error }
      result.append(text)
    }
    return result
  }
}
