import App
import Foundation

// `wallet-app [wallet://URL]`: the GTK4/libadwaita app (Sources/App). Its own executable, so
// `wallet` never links GTK.
exit(WalletApplication().run())
