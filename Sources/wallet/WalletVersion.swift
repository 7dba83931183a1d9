/// The version `wallet --version` prints (alone on stdout). Raised by hand with each release;
/// the man pages and the install manifest read it from the binary.
enum WalletVersion {
    static let current = "0.24.0"
}
