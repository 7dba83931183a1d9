internal import CGStreamer
import OnDemandLibrary

/// GStreamer (libgstreamer-1.0 and libgstapp-1.0), opened with `dlopen` the first time a camera
/// command starts, never by any other command: wallet_camera.c calls it through a table of
/// function pointers typed from its headers (see wallet_camera.h).
enum GStreamerLibrary {
    /// Loaded once; the dynamic loader's message when it cannot be.
    private static let loaded: Result<Void, CameraError> = Result { () throws(OnDemandLibraryError) in
        let core = try OnDemandLibrary.system(WALLET_GSTREAMER_SONAME)
        try core.fill { wallet_camera_fill_core($0) }
        let app = try OnDemandLibrary.system(WALLET_GSTREAMER_APP_SONAME)
        try app.fill { wallet_camera_fill_app($0) }
    }.mapError { CameraError.libraryMissing(reason: $0.description) }

    /// Loads GStreamer on first use.
    static func load() throws(CameraError) {
        try loaded.get()
    }
}
