#include <openssl/cms.h>
#include <openssl/err.h>
#include <openssl/objects.h>
#include <openssl/x509.h>
#include <openssl/x509_vfy.h>
#include <dlfcn.h>
#include <string.h>
#include <time.h>

// OpenSSL's libcrypto is not linked: only importing a pass and pulling an issuer's update check
// a pass signature, and every other wallet command starts without it. Swift opens it with
// OnDemandLibrary, fills `wallet_crypto` with `wallet_crypto_fill`, and calls
// `wallet_pass_signature_check`, which walks OpenSSL's CMS and X.509 structures through those
// function pointers (each typed with __typeof__ from OpenSSL's own headers). The walk is in C
// because OpenSSL's stacks and ASN.1 unions are macros and unions Swift cannot use.

/// Every libcrypto function the wallet calls.
#define WALLET_CRYPTO_FUNCTIONS(X) \
    X(BIO_new_mem_buf) X(BIO_free) X(d2i_CMS_bio) X(CMS_ContentInfo_free) X(CMS_verify) \
    X(CMS_get0_signers) X(CMS_get1_certs) X(CMS_get0_SignerInfos) X(CMS_signed_get_attr_by_NID) \
    X(CMS_signed_get_attr) X(X509_ATTRIBUTE_get0_type) X(ASN1_TIME_to_tm) X(OPENSSL_sk_num) \
    X(OPENSSL_sk_value) X(OPENSSL_sk_push) X(OPENSSL_sk_new_null) X(OPENSSL_sk_free) X(OPENSSL_sk_pop_free) \
    X(X509_free) X(d2i_X509) X(X509_STORE_new) X(X509_STORE_free) X(X509_STORE_add_cert) \
    X(X509_STORE_CTX_new) X(X509_STORE_CTX_free) X(X509_STORE_CTX_init) X(X509_STORE_CTX_set_time) \
    X(X509_STORE_CTX_get0_param) X(X509_VERIFY_PARAM_set_auth_level) X(X509_verify_cert) \
    X(X509_STORE_CTX_get_error) X(X509_verify_cert_error_string) X(X509_get_subject_name) \
    X(X509_NAME_get_index_by_NID) X(X509_NAME_get_entry) X(X509_NAME_ENTRY_get_data) \
    X(ASN1_STRING_get0_data) X(ASN1_STRING_length) X(ERR_get_error) X(ERR_error_string_n) X(ERR_clear_error)

#define WALLET_CRYPTO_FIELD(name) __typeof__(&name) name;

/// libcrypto's entry points, each field named and typed as the function it points to.
typedef struct wallet_crypto {
    WALLET_CRYPTO_FUNCTIONS(WALLET_CRYPTO_FIELD)
} wallet_crypto;

/// Debian 12's soname (package libssl3).
#define WALLET_CRYPTO_SONAME "libcrypto.so.3"

/// Fills `api` from the library `handle` (a `dlopen` handle, opened by Swift's OnDemandLibrary):
/// NULL on success, else the name of the first function the library lacks.
static inline const char *wallet_crypto_fill(wallet_crypto *api, void *handle) {
#define WALLET_CRYPTO_LOOKUP(name) \
    if ((api->name = (__typeof__(&name))dlsym(handle, #name)) == NULL) return #name;
    WALLET_CRYPTO_FUNCTIONS(WALLET_CRYPTO_LOOKUP)
#undef WALLET_CRYPTO_LOOKUP
    return NULL;
}

/// What `wallet_pass_signature_check` found.
typedef enum wallet_signature_outcome {
    /// The signature matches the manifest and its signer chains to one of the anchors.
    WALLET_SIGNATURE_TRUSTED = 0,
    /// The signature matches the manifest; its signer does not chain (see `reason`).
    WALLET_SIGNATURE_UNTRUSTED = 1,
    /// The signature is not CMS, or does not match the manifest (see `reason`).
    WALLET_SIGNATURE_MISMATCH = 2,
} wallet_signature_outcome;

/// The signer and the outcome; strings are NUL-terminated, cut at their size.
typedef struct wallet_signature_verdict {
    wallet_signature_outcome outcome;
    char reason[256];
    /// The signer certificate's UID, OU and O (empty when absent).
    char uid[256];
    char team[256];
    char organization[256];
    /// The signed attribute signingTime (seconds since 1970), when `has_signing_time`.
    long long signing_time;
    int has_signing_time;
} wallet_signature_verdict;

/// A DER certificate, for the anchors and the extra intermediates.
typedef struct wallet_der {
    const unsigned char *bytes;
    long length;
} wallet_der;

static inline void wallet_crypto_copy(char *target, size_t size, const char *text) {
    strncpy(target, text, size - 1);
    target[size - 1] = 0;
}

static inline void wallet_crypto_error(const wallet_crypto *api, wallet_signature_verdict *verdict,
                                       wallet_signature_outcome outcome, const char *what) {
    char detail[160] = {0};
    unsigned long code = api->ERR_get_error();
    if (code != 0) api->ERR_error_string_n(code, detail, sizeof detail);
    verdict->outcome = outcome;
    snprintf(verdict->reason, sizeof verdict->reason, "%s%s%s", what, code ? ": " : "", detail);
    api->ERR_clear_error();
}

/// The name entry `nid` of `name` into `target` (empty when absent).
static inline void wallet_crypto_name_entry(const wallet_crypto *api, const X509_NAME *name, int nid, char *target,
                                            size_t size) {
    target[0] = 0;
    int index = api->X509_NAME_get_index_by_NID(name, nid, -1);
    if (index < 0) return;
    ASN1_STRING *data = api->X509_NAME_ENTRY_get_data(api->X509_NAME_get_entry(name, index));
    int length = api->ASN1_STRING_length(data);
    if (length < 0) return;
    size_t count = (size_t)length < size - 1 ? (size_t)length : size - 1;
    memcpy(target, api->ASN1_STRING_get0_data(data), count);
    target[count] = 0;
}

/// Checks the detached CMS `signature` over `content` (a pass's manifest.json): that it matches
/// (digest and signature), who signed it and when (signingTime), and whether the signer chains
/// to one of `anchors` through the signature's own certificates and `intermediates`, with every
/// certificate valid at the signing time (the time of the check when the signature states none).
static inline void wallet_pass_signature_check(const wallet_crypto *api, const unsigned char *signature,
                                               int signature_length, const unsigned char *content,
                                               int content_length, const wallet_der *anchors, int anchor_count,
                                               const wallet_der *intermediates, int intermediate_count,
                                               wallet_signature_verdict *verdict) {
    memset(verdict, 0, sizeof *verdict);
    api->ERR_clear_error();
    BIO *signature_bio = api->BIO_new_mem_buf(signature, signature_length);
    BIO *content_bio = api->BIO_new_mem_buf(content, content_length);
    CMS_ContentInfo *cms = signature_bio ? api->d2i_CMS_bio(signature_bio, NULL) : NULL;
    X509_STORE *store = NULL;
    X509_STORE_CTX *context = NULL;
    STACK_OF(X509) *certificates = NULL;
    if (cms == NULL || content_bio == NULL) {
        wallet_crypto_error(api, verdict, WALLET_SIGNATURE_MISMATCH, "the signature is not a CMS signed-data structure");
        goto done;
    }
    if (api->CMS_verify(cms, NULL, NULL, content_bio, NULL, CMS_BINARY | CMS_NO_SIGNER_CERT_VERIFY) != 1) {
        wallet_crypto_error(api, verdict, WALLET_SIGNATURE_MISMATCH, "the signature does not match manifest.json");
        goto done;
    }
    STACK_OF(X509) *signers = api->CMS_get0_signers(cms);
    STACK_OF(CMS_SignerInfo) *infos = api->CMS_get0_SignerInfos(cms);
    if (signers == NULL || api->OPENSSL_sk_num((const OPENSSL_STACK *)signers) < 1 || infos == NULL) {
        if (signers) api->OPENSSL_sk_free((OPENSSL_STACK *)signers);
        wallet_crypto_error(api, verdict, WALLET_SIGNATURE_MISMATCH, "the signature names no signer certificate");
        goto done;
    }
    X509 *signer = (X509 *)api->OPENSSL_sk_value((const OPENSSL_STACK *)signers, 0);
    api->OPENSSL_sk_free((OPENSSL_STACK *)signers);  // the certificates stay the CMS structure's
    const X509_NAME *subject = api->X509_get_subject_name(signer);
    wallet_crypto_name_entry(api, subject, NID_userId, verdict->uid, sizeof verdict->uid);
    wallet_crypto_name_entry(api, subject, NID_organizationalUnitName, verdict->team, sizeof verdict->team);
    wallet_crypto_name_entry(api, subject, NID_organizationName, verdict->organization, sizeof verdict->organization);
    CMS_SignerInfo *info = (CMS_SignerInfo *)api->OPENSSL_sk_value((const OPENSSL_STACK *)infos, 0);
    int attribute_index = api->CMS_signed_get_attr_by_NID(info, NID_pkcs9_signingTime, -1);
    ASN1_TYPE *when = attribute_index >= 0
                          ? api->X509_ATTRIBUTE_get0_type(api->CMS_signed_get_attr(info, attribute_index), 0)
                          : NULL;
    struct tm broken = {0};
    if (when != NULL && (when->type == V_ASN1_UTCTIME || when->type == V_ASN1_GENERALIZEDTIME) &&
        api->ASN1_TIME_to_tm(when->value.utctime, &broken) == 1) {
        verdict->signing_time = (long long)timegm(&broken);
        verdict->has_signing_time = 1;
    }
    store = api->X509_STORE_new();
    certificates = api->CMS_get1_certs(cms);
    if (certificates == NULL) certificates = (STACK_OF(X509) *)api->OPENSSL_sk_new_null();
    context = api->X509_STORE_CTX_new();
    if (store == NULL || certificates == NULL || context == NULL) {
        wallet_crypto_error(api, verdict, WALLET_SIGNATURE_UNTRUSTED, "out of memory checking the certificate chain");
        goto done;
    }
    for (int index = 0; index < anchor_count; index++) {
        const unsigned char *cursor = anchors[index].bytes;
        X509 *anchor = api->d2i_X509(NULL, &cursor, anchors[index].length);
        if (anchor == NULL) continue;
        api->X509_STORE_add_cert(store, anchor);
        api->X509_free(anchor);
    }
    for (int index = 0; index < intermediate_count; index++) {
        const unsigned char *cursor = intermediates[index].bytes;
        X509 *intermediate = api->d2i_X509(NULL, &cursor, intermediates[index].length);
        if (intermediate != NULL && api->OPENSSL_sk_push((OPENSSL_STACK *)certificates, intermediate) <= 0)
            api->X509_free(intermediate);
    }
    if (api->X509_STORE_CTX_init(context, store, signer, certificates) != 1) {
        wallet_crypto_error(api, verdict, WALLET_SIGNATURE_UNTRUSTED, "the certificate chain cannot be checked");
        goto done;
    }
    // Apple's older chains (WWDR before G3, passes signed until 2023) are SHA-1 RSA, which
    // OpenSSL's default security level refuses; the trust comes from the pinned anchors.
    api->X509_VERIFY_PARAM_set_auth_level(api->X509_STORE_CTX_get0_param(context), 0);
    if (verdict->has_signing_time) api->X509_STORE_CTX_set_time(context, 0, (time_t)verdict->signing_time);
    if (api->X509_verify_cert(context) == 1) {
        verdict->outcome = WALLET_SIGNATURE_TRUSTED;
    } else {
        verdict->outcome = WALLET_SIGNATURE_UNTRUSTED;
        wallet_crypto_copy(verdict->reason, sizeof verdict->reason,
                           api->X509_verify_cert_error_string(api->X509_STORE_CTX_get_error(context)));
    }
done:
    api->ERR_clear_error();
    if (context) api->X509_STORE_CTX_free(context);
    if (certificates) api->OPENSSL_sk_pop_free((OPENSSL_STACK *)certificates, (void (*)(void *))api->X509_free);
    if (store) api->X509_STORE_free(store);
    if (cms) api->CMS_ContentInfo_free(cms);
    if (content_bio) api->BIO_free(content_bio);
    if (signature_bio) api->BIO_free(signature_bio);
}
