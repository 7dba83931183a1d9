#pragma once

#include <stddef.h>
#include <stdint.h>

// wallet_camera.h: a camera (any GStreamer source of raw video) as grey frames, newest first.
//
// GStreamer is not linked: linked, it, GLib's type system and its plugin registry would load
// into every wallet process, and only `card add --camera` and `card scan --camera` (and the app's
// camera page) read a camera. Swift opens libgstreamer-1.0 and libgstapp-1.0 with OnDemandLibrary
// and hands the handles to wallet_camera_fill_core and wallet_camera_fill_app, which fill a table
// of function pointers each typed from GStreamer's own headers with __typeof__ (wallet_camera.c),
// so the compiler checks every call. This header is GStreamer-free: Swift never parses
// GStreamer's headers, and no GStreamer type crosses into Swift.
//
// The pipeline ends in `videoconvert ! videoscale ! GRAY8 caps ! appsink max-buffers=1
// drop=true`: the sink keeps only the newest frame, older ones are dropped, never queued, so
// memory stays flat however slowly frames are read.

/// Debian 12's sonames (package libgstreamer1.0-0 and libgstreamer-plugins-base1.0-0).
#define WALLET_GSTREAMER_SONAME "libgstreamer-1.0.so.0"
#define WALLET_GSTREAMER_APP_SONAME "libgstapp-1.0.so.0"

/// Fills the GStreamer core's table from its `dlopen` handle (GLib's functions are found through
/// it too): NULL on success, else the name of the first function it lacks.
const char *wallet_camera_fill_core(void *handle);
/// Fills the appsink functions from libgstapp's handle: NULL or the missing function's name.
const char *wallet_camera_fill_app(void *handle);

/// What went wrong, as GStreamer said it (and what the wallet makes of it).
typedef enum wallet_camera_status {
    WALLET_CAMERA_OK = 0,
    /// No frame came within the time asked.
    WALLET_CAMERA_NO_FRAME = 1,
    /// The source ended (a clip played to its end).
    WALLET_CAMERA_ENDED = 2,
    /// The device is in use by another program (GST_RESOURCE_ERROR_BUSY).
    WALLET_CAMERA_BUSY = 3,
    /// The device does not exist or cannot be opened (GST_RESOURCE_ERROR_NOT_FOUND, OPEN_READ).
    WALLET_CAMERA_NOT_FOUND = 4,
    /// The pipeline text names no such element or does not parse.
    WALLET_CAMERA_BAD_PIPELINE = 5,
    /// Any other error from the pipeline (the message says which).
    WALLET_CAMERA_FAILED = 6,
} wallet_camera_status;

/// A running pipeline (opaque).
typedef struct wallet_camera wallet_camera;

/// One grey frame, borrowed until the next wallet_camera_next or wallet_camera_close: 8-bit
/// luminance rows `stride` bytes apart; `pts_ns` is its stream time (-1 when the source gives
/// none); fps_num/fps_den its caps' frame rate (0/1 when unknown).
typedef struct wallet_camera_frame {
    const uint8_t *pixels;
    int width;
    int height;
    int stride;
    int64_t pts_ns;
    int fps_num;
    int fps_den;
} wallet_camera_frame;

/// Initialises GStreamer (once) and starts `description`, a gst-launch pipeline that must end in
/// an appsink named `sink_name`. On failure returns NULL with `*status` set and `*message` a
/// malloc'd one-line text (free with free()).
wallet_camera *wallet_camera_open(const char *description, const char *sink_name,
                                  wallet_camera_status *status, char **message);

/// Waits up to `timeout_ms` for the newest frame. On WALLET_CAMERA_OK `*frame` is filled; on an
/// error `*message` is a malloc'd text (free with free()) or NULL.
wallet_camera_status wallet_camera_next(wallet_camera *camera, int timeout_ms, wallet_camera_frame *frame,
                                        char **message);

/// Stops the pipeline (state NULL: the device is released) and frees it.
void wallet_camera_close(wallet_camera *camera);

/// 1 when the element factory `name` is installed (pipewiresrc, v4l2src).
int wallet_camera_has_element(const char *name);

/// 1 when GStreamer's device monitor lists a video source that PipeWire provides (a camera the
/// desktop portal can hand out).
int wallet_camera_has_pipewire_camera(void);

/// Writes the first V4L2 device (/dev/video0 ... /dev/video63) that captures video into `path`
/// and returns 1; 0 when there is none. Metadata nodes a camera also has are skipped.
int wallet_camera_first_capture_device(char *path, size_t size);
