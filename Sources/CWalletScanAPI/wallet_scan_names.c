/* The names the wallet uses to find the barcode reader library and its functions (see wallet_scan.h). */
#include "wallet_scan.h"

const char *const wallet_scan_library_name = "libWalletScan.so";
const char *const wallet_scan_read_symbol = "czx_read";
const char *const wallet_scan_results_free_symbol = "czx_results_free";
