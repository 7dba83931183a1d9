import Testing
import WidgetEngine

@Suite struct DesktopPresetTests {
    /// A desktop preset is the default phone's layout drawn larger: 2 px a point on a 1x display,
    /// 3 on a 2x one, so every family fits a 1920x1080 screen (a 2x one: 3840x2160 pixels).
    @Test func presetsDrawTheDefaultPhonesLayoutAtTheirPixelScale() throws {
        let phone = DeviceMetrics.defaultDevice
        for (name, display, pixels) in [("desktop", 1, 2), ("desktop-hidpi", 2, 3)] {
            let preset = try DeviceMetrics.named(name)
            #expect(preset.displayScale == display && preset.pixelsPerLayoutPoint == pixels)
            #expect(try preset.drawingScale(asked: nil) == pixels)
            #expect(preset.displayScale(drawingScale: pixels) == display)
            for family in WidgetFamily.allCases {
                #expect(preset.supports(family))
                let size = preset.size(of: family)
                #expect(size == phone.size(of: family), "\(name) \(family)")
                // On the screen: pixels / display scale points, within a 1920x1080 desktop with room.
                let (width, height) = (size.width * Double(pixels), size.height * Double(pixels))
                #expect(width <= 1920 * Double(display) / 2 && height <= 1080 * Double(display) * 0.75, "\(name) \(family)")
            }
        }
        #expect(DeviceMetrics.defaultDevice.displayScale(drawingScale: 2) == 2)
        #expect(DeviceMetrics.defaultDevice.pixelsPerLayoutPoint == nil)
    }

    @Test func aPresetIsDrawnAtItsOwnScaleOnly() throws {
        let desktop = try DeviceMetrics.named("desktop")
        #expect(try desktop.drawingScale(asked: nil) == 2)
        #expect(try desktop.drawingScale(asked: 1) == 2)
        #expect(throws: WidgetError.scaleNotOfDevice(2, device: "desktop", scale: 1)) { try desktop.drawingScale(asked: 2) }
        #expect(try DeviceMetrics.named("desktop-hidpi").drawingScale(asked: 2) == 3)
        #expect(try DeviceMetrics.defaultDevice.drawingScale(asked: nil) == 3)
        #expect(try DeviceMetrics.defaultDevice.drawingScale(asked: 2) == 2)
        #expect(WidgetError.scaleNotOfDevice(2, device: "desktop", scale: 1).description.contains("desktop-hidpi"))
    }
}
