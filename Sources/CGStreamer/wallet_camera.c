// wallet_camera.c: the GStreamer side of wallet_camera.h. GStreamer's casting macros would call
// g_type_check_instance_cast, a GLib function the wallet does not link: plain casts instead.
#define G_DISABLE_CAST_CHECKS 1
#include "wallet_camera.h"

#include <dlfcn.h>
#include <fcntl.h>
#include <linux/videodev2.h>
#include <sys/ioctl.h>
#include <unistd.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <gst/app/gstappsink.h>
#include <gst/gst.h>

/// Every GStreamer (and GLib) function the camera calls.
#define WALLET_GST_CORE_FUNCTIONS(X) \
    X(gst_init_check) X(gst_parse_launch) X(gst_bin_get_by_name) X(gst_element_set_state) \
    X(gst_object_unref) X(gst_element_get_bus) X(gst_bus_pop_filtered) X(gst_message_parse_error) \
    X(gst_mini_object_unref) X(gst_sample_get_buffer) X(gst_sample_get_caps) X(gst_buffer_map) \
    X(gst_buffer_unmap) X(gst_caps_get_structure) X(gst_structure_get_int) X(gst_structure_get_fraction) \
    X(gst_element_factory_find) X(gst_resource_error_quark) X(gst_device_monitor_new) \
    X(gst_device_monitor_add_filter) X(gst_device_monitor_start) X(gst_device_monitor_stop) \
    X(gst_device_monitor_get_devices) X(gst_device_create_element) X(gst_element_get_factory) \
    X(gst_object_get_name) X(g_error_free) X(g_free) X(g_list_free_full)
#define WALLET_GST_APP_FUNCTIONS(X) X(gst_app_sink_try_pull_sample)

#define WALLET_GST_FIELD(name) __typeof__(&name) name;

/// GStreamer's entry points, each field named and typed as the function it points to.
static struct {
    WALLET_GST_CORE_FUNCTIONS(WALLET_GST_FIELD)
    WALLET_GST_APP_FUNCTIONS(WALLET_GST_FIELD)
} gst;

#define WALLET_GST_LOOKUP(name) \
    if ((gst.name = (__typeof__(&name))dlsym(handle, #name)) == NULL) return #name;

const char *wallet_camera_fill_core(void *handle) {
    WALLET_GST_CORE_FUNCTIONS(WALLET_GST_LOOKUP)
    return NULL;
}

const char *wallet_camera_fill_app(void *handle) {
    WALLET_GST_APP_FUNCTIONS(WALLET_GST_LOOKUP)
    return NULL;
}

struct wallet_camera {
    GstElement *pipeline;
    GstElement *sink;
    GstBus *bus;
    /// The frame lent out by the last wallet_camera_next, mapped for reading.
    GstSample *sample;
    GstBuffer *buffer;
    GstMapInfo map;
};

/// A malloc'd copy of `text` on one line (newlines become spaces), at most 300 bytes.
static char *one_line(const char *text) {
    char *copy = strndup(text ? text : "", 300);
    if (copy)
        for (char *c = copy; *c; ++c)
            if (*c == '\n' || *c == '\r') *c = ' ';
    return copy;
}

/// The status and one-line text of an error message from the bus (freed with free()).
static wallet_camera_status describe_error(GstMessage *error_message, char **message) {
    GError *error = NULL;
    gchar *debug = NULL;
    gst.gst_message_parse_error(error_message, &error, &debug);
    wallet_camera_status status = WALLET_CAMERA_FAILED;
    if (error && error->domain == gst.gst_resource_error_quark()) {
        if (error->code == GST_RESOURCE_ERROR_BUSY) status = WALLET_CAMERA_BUSY;
        if (error->code == GST_RESOURCE_ERROR_NOT_FOUND || error->code == GST_RESOURCE_ERROR_OPEN_READ ||
            error->code == GST_RESOURCE_ERROR_OPEN_READ_WRITE)
            status = WALLET_CAMERA_NOT_FOUND;
    }
    gchar *element = GST_MESSAGE_SRC(error_message) ? gst.gst_object_get_name(GST_MESSAGE_SRC(error_message)) : NULL;
    // The debug text's last line says why a stream stopped ("reason not-negotiated (-4)").
    const char *reason = debug ? strrchr(debug, '\n') : NULL;
    reason = reason ? reason + 1 : debug;
    char text[600];
    snprintf(text, sizeof text, "%s%s%s%s%s%s", element ? element : "", element ? ": " : "",
             error ? error->message : "unknown error", reason && *reason ? " (" : "", reason ? reason : "",
             reason && *reason ? ")" : "");
    *message = one_line(text);
    if (element) gst.g_free(element);
    if (debug) gst.g_free(debug);
    if (error) gst.g_error_free(error);
    return status;
}

/// Gives back the frame lent out last.
static void release_frame(wallet_camera *camera) {
    if (!camera->sample) return;
    gst.gst_buffer_unmap(camera->buffer, &camera->map);
    gst.gst_mini_object_unref((GstMiniObject *)camera->sample);
    camera->sample = NULL;
    camera->buffer = NULL;
}

wallet_camera *wallet_camera_open(const char *description, const char *sink_name,
                                  wallet_camera_status *status, char **message) {
    *message = NULL;
    GError *error = NULL;
    if (!gst.gst_init_check(NULL, NULL, &error)) {
        *status = WALLET_CAMERA_FAILED;
        *message = one_line(error ? error->message : "GStreamer cannot start");
        if (error) gst.g_error_free(error);
        return NULL;
    }
    GstElement *pipeline = gst.gst_parse_launch(description, &error);
    if (!pipeline || error) {
        *status = WALLET_CAMERA_BAD_PIPELINE;
        *message = one_line(error ? error->message : "the pipeline does not parse");
        if (error) gst.g_error_free(error);
        if (pipeline) gst.gst_object_unref(pipeline);
        return NULL;
    }
    wallet_camera *camera = calloc(1, sizeof *camera);
    if (!camera) {
        gst.gst_object_unref(pipeline);
        *status = WALLET_CAMERA_FAILED;
        *message = one_line("out of memory");
        return NULL;
    }
    camera->pipeline = pipeline;
    camera->sink = gst.gst_bin_get_by_name((GstBin *)pipeline, sink_name);
    camera->bus = gst.gst_element_get_bus(pipeline);
    if (!camera->sink) {
        wallet_camera_close(camera);
        *status = WALLET_CAMERA_BAD_PIPELINE;
        *message = one_line("the pipeline has no frame sink");
        return NULL;
    }
    if (gst.gst_element_set_state(pipeline, GST_STATE_PLAYING) == GST_STATE_CHANGE_FAILURE) {
        GstMessage *failure = gst.gst_bus_pop_filtered(camera->bus, GST_MESSAGE_ERROR);
        if (failure) {
            *status = describe_error(failure, message);
            gst.gst_mini_object_unref((GstMiniObject *)failure);
        } else {
            *status = WALLET_CAMERA_FAILED;
            *message = one_line("the pipeline refused to start");
        }
        wallet_camera_close(camera);
        return NULL;
    }
    *status = WALLET_CAMERA_OK;
    return camera;
}

/// Fills `frame` from `sample` (kept mapped in `camera`); false when it is not a GRAY8 frame.
static int lend_frame(wallet_camera *camera, GstSample *sample, wallet_camera_frame *frame) {
    GstBuffer *buffer = gst.gst_sample_get_buffer(sample);
    GstCaps *caps = gst.gst_sample_get_caps(sample);
    const GstStructure *structure = caps ? gst.gst_caps_get_structure(caps, 0) : NULL;
    int width = 0, height = 0;
    if (!buffer || !structure || !gst.gst_structure_get_int(structure, "width", &width) ||
        !gst.gst_structure_get_int(structure, "height", &height) || width <= 0 || height <= 0 ||
        !gst.gst_buffer_map(buffer, &camera->map, GST_MAP_READ)) {
        gst.gst_mini_object_unref((GstMiniObject *)sample);
        return 0;
    }
    // GRAY8 rows are padded to 4 bytes (GStreamer's default video layout).
    int stride = (width + 3) & ~3;
    if (camera->map.size < (size_t)stride * (size_t)(height - 1) + (size_t)width) {
        gst.gst_buffer_unmap(buffer, &camera->map);
        gst.gst_mini_object_unref((GstMiniObject *)sample);
        return 0;
    }
    camera->sample = sample;
    camera->buffer = buffer;
    frame->pixels = camera->map.data;
    frame->width = width;
    frame->height = height;
    frame->stride = stride;
    frame->pts_ns = GST_BUFFER_PTS_IS_VALID(buffer) ? (int64_t)GST_BUFFER_PTS(buffer) : -1;
    frame->fps_num = 0;
    frame->fps_den = 1;
    gst.gst_structure_get_fraction(structure, "framerate", &frame->fps_num, &frame->fps_den);
    return 1;
}

wallet_camera_status wallet_camera_next(wallet_camera *camera, int timeout_ms, wallet_camera_frame *frame,
                                        char **message) {
    *message = NULL;
    release_frame(camera);
    // Short waits, the bus read between them: an error or the end of a clip is reported within 50 ms.
    for (int waited = 0; waited < timeout_ms || waited == 0; waited += 50) {
        int slice = timeout_ms - waited < 50 ? timeout_ms - waited : 50;
        GstSample *sample =
            gst.gst_app_sink_try_pull_sample((GstAppSink *)camera->sink, (GstClockTime)(slice > 0 ? slice : 0) * GST_MSECOND);
        if (sample) {
            if (lend_frame(camera, sample, frame)) return WALLET_CAMERA_OK;
            *message = one_line("the source gave a frame that is not 8-bit grey");
            return WALLET_CAMERA_FAILED;
        }
        GstMessage *event = gst.gst_bus_pop_filtered(camera->bus, GST_MESSAGE_ERROR | GST_MESSAGE_EOS);
        if (event) {
            wallet_camera_status status = WALLET_CAMERA_ENDED;
            if (GST_MESSAGE_TYPE(event) == GST_MESSAGE_ERROR) status = describe_error(event, message);
            gst.gst_mini_object_unref((GstMiniObject *)event);
            return status;
        }
        if (timeout_ms <= 0) break;
    }
    return WALLET_CAMERA_NO_FRAME;
}

void wallet_camera_close(wallet_camera *camera) {
    if (!camera) return;
    release_frame(camera);
    gst.gst_element_set_state(camera->pipeline, GST_STATE_NULL);
    if (camera->sink) gst.gst_object_unref(camera->sink);
    if (camera->bus) gst.gst_object_unref(camera->bus);
    gst.gst_object_unref(camera->pipeline);
    free(camera);
}

/// Starts GStreamer when nothing has yet; 0 when it cannot start.
static int initialised(void) { return gst.gst_init_check(NULL, NULL, NULL) ? 1 : 0; }

int wallet_camera_has_element(const char *name) {
    if (!initialised()) return 0;
    GstElementFactory *factory = gst.gst_element_factory_find(name);
    if (!factory) return 0;
    gst.gst_object_unref(factory);
    return 1;
}

int wallet_camera_has_pipewire_camera(void) {
    if (!wallet_camera_has_element("pipewiresrc")) return 0;
    GstDeviceMonitor *monitor = gst.gst_device_monitor_new();
    gst.gst_device_monitor_add_filter(monitor, "Video/Source", NULL);
    int found = 0;
    if (gst.gst_device_monitor_start(monitor)) {
        GList *devices = gst.gst_device_monitor_get_devices(monitor);
        for (GList *item = devices; item && !found; item = item->next) {
            GstElement *element = gst.gst_device_create_element((GstDevice *)item->data, NULL);
            if (!element) continue;
            GstElementFactory *factory = gst.gst_element_get_factory(element);
            found = factory && strcmp(GST_OBJECT_NAME(factory), "pipewiresrc") == 0;
            gst.gst_object_unref(element);
        }
        gst.g_list_free_full(devices, (GDestroyNotify)gst.gst_object_unref);
        gst.gst_device_monitor_stop(monitor);
    }
    gst.gst_object_unref(monitor);
    return found;
}

int wallet_camera_first_capture_device(char *path, size_t size) {
    for (int index = 0; index < 64; ++index) {
        char candidate[32];
        snprintf(candidate, sizeof candidate, "/dev/video%d", index);
        int fd = open(candidate, O_RDWR | O_NONBLOCK | O_CLOEXEC);
        if (fd < 0) continue;
        struct v4l2_capability capability;
        memset(&capability, 0, sizeof capability);
        int queried = ioctl(fd, VIDIOC_QUERYCAP, &capability);
        close(fd);
        if (queried != 0) continue;
        uint32_t caps = (capability.capabilities & V4L2_CAP_DEVICE_CAPS) ? capability.device_caps : capability.capabilities;
        if (caps & (V4L2_CAP_VIDEO_CAPTURE | V4L2_CAP_VIDEO_CAPTURE_MPLANE)) {
            snprintf(path, size, "%s", candidate);
            return 1;
        }
    }
    return 0;
}
