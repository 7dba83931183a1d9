import Foundation

/// Turns a `DecodingError` into a located, one-line problem (`cards[2].store: expected a string`).
enum JSONProblem {
    static func located(_ error: Error) -> LocatedProblem {
        guard let decoding = error as? DecodingError else {
            return LocatedProblem(.invalidJSON(String(describing: error)))
        }
        switch decoding {
        case .typeMismatch(let type, let context):
            return LocatedProblem(.invalidJSON("expected \(describe(type))"), at: .jsonPath(path(context.codingPath)))
        case .valueNotFound(let type, let context):
            return LocatedProblem(.invalidJSON("expected \(describe(type)), found null"), at: .jsonPath(path(context.codingPath)))
        case .keyNotFound(let key, let context):
            return LocatedProblem(
                .invalidJSON("missing key \"\(key.stringValue)\""), at: .jsonPath(path(context.codingPath)))
        case .dataCorrupted(let context):
            let underlying = (context.underlyingError as NSError?)?.userInfo[NSDebugDescriptionErrorKey] as? String
            let detail = underlying ?? context.debugDescription
            return LocatedProblem(.invalidJSON(detail), at: .jsonPath(path(context.codingPath)))
        @unknown default:
            return LocatedProblem(.invalidJSON(String(describing: decoding)))
        }
    }

    /// `cards[2].store` from a coding path.
    static func path(_ codingPath: [CodingKey]) -> String {
        var text = ""
        for key in codingPath {
            if let index = key.intValue {
                text += "[\(index)]"
            } else {
                text += text.isEmpty ? key.stringValue : ".\(key.stringValue)"
            }
        }
        return text
    }

    private static func describe(_ type: Any.Type) -> String {
        switch type {
        case is String.Type: "a string"
        case is Bool.Type: "true or false"
        case is Int.Type, is Double.Type, is Decimal.Type: "a number"
        case is [Any].Type: "an array"
        default: "a \(type)"
        }
    }
}
