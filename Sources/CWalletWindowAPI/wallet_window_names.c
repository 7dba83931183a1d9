/* The names the wallet uses to find the window library and its functions (see wallet_window.h). */
#include "wallet_window.h"

const char *const wallet_window_library_name = "libWalletWindow.so";
const char *const wallet_window_open_display_symbol = "wallet_window_open_display";
const char *const wallet_window_run_symbol = "wallet_window_run";
