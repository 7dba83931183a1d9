import Testing
import WidgetEngine

@Suite struct DesktopPresetTests {
    @Test func presetsHaveAtLeastTheDefaultPhonesPixelsAtScaleThree() throws {
        let phone = DeviceMetrics.defaultDevice
        for (name, scale) in [("desktop", 1), ("desktop-hidpi", 2)] {
            let preset = try DeviceMetrics.named(name)
            #expect(preset.displayScale == scale)
            for family in WidgetFamily.allCases {
                #expect(preset.supports(family))
                let size = preset.size(of: family), phoneSize = phone.size(of: family)
                // whole points: an odd phone size at 2x gets one pixel more, never less
                #expect((0..<Double(scale)).contains(size.width * Double(scale) - phoneSize.width * 3), "\(name) \(family)")
                #expect((0..<Double(scale)).contains(size.height * Double(scale) - phoneSize.height * 3), "\(name) \(family)")
            }
        }
    }

    @Test func aPresetIsDrawnAtItsOwnScaleOnly() throws {
        let desktop = try DeviceMetrics.named("desktop")
        #expect(try desktop.drawingScale(asked: nil) == 1)
        #expect(try desktop.drawingScale(asked: 1) == 1)
        #expect(throws: WidgetError.scaleNotOfDevice(2, device: "desktop", scale: 1)) { try desktop.drawingScale(asked: 2) }
        #expect(try DeviceMetrics.named("desktop-hidpi").drawingScale(asked: nil) == 2)
        #expect(try DeviceMetrics.defaultDevice.drawingScale(asked: nil) == 3)
        #expect(try DeviceMetrics.defaultDevice.drawingScale(asked: 2) == 2)
        #expect(WidgetError.scaleNotOfDevice(2, device: "desktop", scale: 1).description.contains("desktop-hidpi"))
    }
}
