/// How per-tag SDM keys are derived from a master key: the schemes deployments use.
public enum SUNDiversification: String, Sendable, Hashable, CaseIterable {
    /// nfc-developer's sdm-backend (`libsdm/derive.py`, since 2023-01-24): the meta-read key is
    /// `HMAC-SHA256(master, "PICCDataKey")[0..<16]`, not diversified; tag key number n is
    /// `CMAC(HMAC-SHA256(master, "SlotMasterKey" ‖ n)[0..<16], 01h ‖ HMAC-SHA256(HMAC-SHA256(master,
    /// "DivBaseKey"), UID)[0..<16])`; an all-zero master key gives all-zero keys (a factory tag).
    /// Its key numbers: the meta-read key is key 1, the file-read key key 2.
    case sdmBackend = "sdm-backend"
    /// NXP AN10922 §2.2, AES-128: the file-read key is the CMAC of 01h ‖ UID ‖ the system
    /// identifier (padded to 32 bytes) under the master key. PICCData must be decrypted before the
    /// UID is known, so the meta-read key is not diversified: it is the key given for it, or the
    /// master key itself.
    case an10922
}
