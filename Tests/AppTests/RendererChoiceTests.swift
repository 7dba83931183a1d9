import Foundation
import Testing

@testable import App

@Suite struct RendererChoiceTests {
    @Test func withoutAGPUTheAppAsksForCairoAndNoGLContext() {
        #expect(
            RendererChoice.settings(environment: [:], hasGPU: false) == [
                "GSK_RENDERER": "cairo", "GDK_DEBUG": "gl-disable",
            ])
    }

    @Test func withAGPUGTKChoosesItself() {
        #expect(RendererChoice.settings(environment: [:], hasGPU: true).isEmpty)
    }

    @Test func aRendererThePersonSetAlwaysWins() {
        for renderer in ["gl", "ngl", "cairo", "vulkan"] {
            #expect(RendererChoice.settings(environment: ["GSK_RENDERER": renderer], hasGPU: false).isEmpty)
        }
        #expect(
            RendererChoice.settings(environment: ["GSK_RENDERER": "", "GDK_DEBUG": ""], hasGPU: false)["GSK_RENDERER"]
                == "cairo")
    }

    @Test func thePersonsOwnDebugFlagsAreKept() {
        #expect(
            RendererChoice.settings(environment: ["GDK_DEBUG": "events"], hasGPU: false)["GDK_DEBUG"]
                == "events,gl-disable")
        #expect(
            RendererChoice.settings(environment: ["GDK_DEBUG": "events:gl-disable"], hasGPU: false)["GDK_DEBUG"]
                == "events:gl-disable")
    }

    @Test func aRenderNodeThisUserMayOpenIsAGPU() throws {
        let devices = FileManager.default.temporaryDirectory.appendingPathComponent("renderer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: devices) }
        let missing = devices.appendingPathComponent("nvidiactl").path
        #expect(!RendererChoice.hasGPU(driDirectory: devices.path, nvidiaControl: missing))
        #expect(!RendererChoice.hasGPU(driDirectory: devices.appendingPathComponent("none").path, nvidiaControl: missing))

        let card = devices.appendingPathComponent("card0")
        #expect(FileManager.default.createFile(atPath: card.path, contents: nil))
        #expect(!RendererChoice.hasGPU(driDirectory: devices.path, nvidiaControl: missing), "a card node alone is not drawn with")

        let node = devices.appendingPathComponent("renderD128")
        #expect(FileManager.default.createFile(atPath: node.path, contents: nil))
        #expect(RendererChoice.hasGPU(driDirectory: devices.path, nvidiaControl: missing))
        if getuid() != 0 {
            try FileManager.default.setAttributes([.posixPermissions: 0o000], ofItemAtPath: node.path)
            #expect(!RendererChoice.hasGPU(driDirectory: devices.path, nvidiaControl: missing), "a node this user may not open")
        }
    }

    @Test func nvidiasControlDeviceIsAGPU() throws {
        let devices = FileManager.default.temporaryDirectory.appendingPathComponent("renderer-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: devices, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: devices) }
        let control = devices.appendingPathComponent("nvidiactl")
        #expect(FileManager.default.createFile(atPath: control.path, contents: nil))
        #expect(RendererChoice.hasGPU(driDirectory: devices.appendingPathComponent("none").path, nvidiaControl: control.path))
    }
}
