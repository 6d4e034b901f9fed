#if canImport(Glibc)
import Glibc
#endif
import QuireModel

/// The sRGB ICC profile a PDF/A file's output intent embeds (every colour Quire writes is
/// sRGB: DeviceRGB and DeviceGray), read at run time from Debian's `icc-profiles-free`
/// (ICC v2, 6.9 KB), else `colord-data`. Never fetched: a machine without either cannot
/// write PDF/A, and says so.
package enum ColorProfile {
    /// Where the profile is looked for, in order.
    package static let sRGBPaths = ["/usr/share/color/icc/sRGB.icc", "/usr/share/color/icc/colord/sRGB.icc"]

    /// The output condition the profile stands for, as output intents name it.
    package static let sRGBCondition = "sRGB IEC61966-2.1"

    /// The profile's bytes, read once per process.
    /// - Throws: `PDFStandardsError` naming the packages when no profile is readable.
    package static func sRGB() throws(PDFStandardsError) -> [UInt8] {
        guard let bytes = loaded else {
            throw PDFStandardsError("PDF/A needs an sRGB ICC profile (\(sRGBPaths[0])): install Debian's icc-profiles-free")
        }
        return bytes
    }

    private static let loaded: [UInt8]? = sRGBPaths.lazy.compactMap(readProfile).first

    /// A file's bytes when it is an RGB display profile (ICC header: class "mntr", colour
    /// space "RGB "), as PDF/A's output intent requires.
    private static func readProfile(_ path: String) -> [UInt8]? {
        guard let file = fopen(path, "rb") else { return nil }
        defer { fclose(file) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 * 1024)
        while true {
            let n = fread(&chunk, 1, chunk.count, file)
            if n <= 0 { break }
            bytes += chunk[0..<n]
            if bytes.count > 4 << 20 { return nil }
        }
        guard bytes.count > 128, Array(bytes[12..<16]) == Array("mntr".utf8), Array(bytes[16..<20]) == Array("RGB ".utf8) else { return nil }
        return bytes
    }
}
