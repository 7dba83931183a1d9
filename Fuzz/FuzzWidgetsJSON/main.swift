import FuzzSupport
import Foundation
import WalletCore
import WidgetEngine

/// The container the harness writes `widgets.json` into, one per process.
private let container: SharedContainer = {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("wallet-fuzz-widgets-\(getpid())")
    try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return SharedContainer(url: url)
}()

/// libFuzzer entry: the `widgets.json` loader; every widget it accepts has a UUID id.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzWidgetsJSON(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    let center = WidgetCenter(container: container)
    FileManager.default.createFile(atPath: container.file("widgets.json").path, contents: Data(fuzzInput(data, size)))
    if let widgets = try? center.widgets() {
        for widget in widgets { precondition(UUID(uuidString: widget.id) != nil, "accepted id \(widget.id)") }
    }
    return 0
}

runFuzzer(fuzzWidgetsJSON)
