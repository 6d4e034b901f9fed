/// Quire's version, written into every PDF's Creator field, sent as the User-Agent of an image
/// fetch and printed by `quire --version` (`Quire.version`).
package enum QuireVersion {
    package static let number = "0.1.0"
}
