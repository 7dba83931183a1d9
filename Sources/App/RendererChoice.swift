import Foundation

/// Which of GTK's renderers draws the app, decided before GTK starts.
///
/// GTK 4.8 draws with OpenGL by default. On a machine with no GPU, Mesa gives it llvmpipe, a
/// software GL that loads LLVM and compiles its shaders at run time: on the bench's machine it
/// holds 130-145 MB of the app's 214 MB and slows the first frame, while GTK's Cairo renderer
/// draws the same window in 70 MB. So when the machine has no GPU device node (no DRI render
/// node `/dev/dri/renderD*` and no NVIDIA `/dev/nvidiactl` that this user may open), the app
/// asks for the Cairo renderer (`GSK_RENDERER=cairo`) and keeps GDK from opening a GL context
/// at all (`gl-disable` added to `GDK_DEBUG`; GDK's X11 backend opens one to pick its visual
/// even for Cairo). With a GPU (phones have one) GTK chooses as it always does.
///
/// A `GSK_RENDERER` the person set always wins: the app then changes nothing (`GSK_RENDERER=gl`
/// draws with llvmpipe on a machine without a GPU). Both variables stay set for the process's
/// children.
enum RendererChoice {
    /// Where DRI render nodes live.
    static let driDirectory = "/dev/dri"
    /// NVIDIA's control device, present with its proprietary driver (which has no render node
    /// before nvidia-drm).
    static let nvidiaControl = "/dev/nvidiactl"

    /// The variables to set before GTK starts, given the process's `environment` and whether the
    /// machine has a GPU this user can draw with; empty when GTK should choose itself.
    static func settings(environment: [String: String], hasGPU: Bool) -> [String: String] {
        if hasGPU || !(environment["GSK_RENDERER"] ?? "").isEmpty { return [:] }
        let debug = environment["GDK_DEBUG"] ?? ""
        let flags = debug.split(whereSeparator: { ",: ".contains($0) })
        let disabled = flags.contains("gl-disable") ? debug : (flags.isEmpty ? "" : "\(debug),") + "gl-disable"
        return ["GSK_RENDERER": "cairo", "GDK_DEBUG": disabled]
    }

    /// Whether a GPU device node exists that this user may open for reading and writing: a DRI
    /// render node in `driDirectory`, or `nvidiaControl`.
    static func hasGPU(driDirectory: String = driDirectory, nvidiaControl: String = nvidiaControl) -> Bool {
        let nodes = (try? FileManager.default.contentsOfDirectory(atPath: driDirectory)) ?? []
        let candidates = nodes.filter { $0.hasPrefix("renderD") }.map { "\(driDirectory)/\($0)" } + [nvidiaControl]
        return candidates.contains { access($0, R_OK | W_OK) == 0 }
    }

    /// Sets the chosen variables in this process's environment (before `gtk_init`, which reads
    /// `GDK_DEBUG`; GSK reads `GSK_RENDERER` when the window is realized).
    static func apply() {
        let chosen = settings(environment: ProcessInfo.processInfo.environment, hasGPU: hasGPU())
        for (name, value) in chosen { setenv(name, value, 1) }
    }
}
