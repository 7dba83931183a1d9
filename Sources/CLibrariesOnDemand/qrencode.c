// libqrencode: QR codes (Barcodes' QREncoder).
// Forwarders to the library, opened on the first call (see libraries_on_demand.h).
#include <qrencode.h>

#define WALLET_LIBRARY "libqrencode.so.4"
#define WALLET_PACKAGE "libqrencode4"
#include "forward.h"

WALLET_FORWARD(QRcode *, QRcode_encodeInput, (QRinput *input), (input))
WALLET_FORWARD(QRcode *, QRcode_encodeString, (const char *string, int version, QRecLevel level, QRencodeMode hint, int casesensitive), (string, version, level, hint, casesensitive))
WALLET_FORWARD(void, QRcode_free, (QRcode *qrcode), (qrcode))
WALLET_FORWARD(int, QRinput_append, (QRinput *input, QRencodeMode mode, int size, const unsigned char *data), (input, mode, size, data))
WALLET_FORWARD(int, QRinput_appendECIheader, (QRinput *input, unsigned int ecinum), (input, ecinum))
WALLET_FORWARD(void, QRinput_free, (QRinput *input), (input))
WALLET_FORWARD(QRinput *, QRinput_new2, (int version, QRecLevel level), (version, level))
