/// A link that parses but leads nowhere.
enum OpenError: Error, CustomStringConvertible {
    case unknownCard(String)

    var description: String {
        switch self {
        case .unknownCard(let url):
            "'\(url)' opens a card that is not in the wallet (removed?): see `wallet card list --archived`"
        }
    }
}
