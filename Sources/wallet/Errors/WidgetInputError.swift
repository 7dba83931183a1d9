/// A widget command's arguments do not make sense together; printed as one line (no usage dump).
struct WidgetInputError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) { self.description = description }
}
