import QuireModel
import QuireFonts

/// The font faces a thread's PDF writers have opened, kept for the thread's life (the drawing
/// thread's are the process's): a batch worker writes file after file with the same fonts,
/// and each face is opened, and a CID-keyed font's charset read, once. O(1) after a face's
/// first use. Used by one thread.
package final class FontFaces {
    package init() {}

    /// A face: its file, the face in it, and a variable font's settings.
    package struct Key: Hashable {
        package var file: String
        package var index: Int32
        package var variations: String

        package init(_ font: FontRef) {
            file = font.file
            index = font.index
            variations = font.variations
        }
    }

    /// An opened face and what the writer needs of its outlines.
    package struct Face {
        package let face: OpenTypeFace
        package let isCFF: Bool
        /// For a CID-keyed CFF font, each glyph's CID (its character code in a PDF); nil
        /// otherwise (a glyph's code is its index).
        package let cids: [UInt16]?
    }

    private var faces: [Key: Face?] = [:]

    /// The face `key` names, opened on first use; nil when its file cannot be read.
    package func face(_ key: Key) -> Face? {
        if let known = faces[key] { return known }
        let face = OpenTypeFace(file: key.file, index: key.index, variations: key.variations).map { face -> Face in
            // Outer nil: no CFF table (TrueType outlines); inner nil: a name-keyed CFF font.
            let cff: CFFCharset?? = face.withTable("CFF ") { CFFCharset(cffTable: $0) }
            let charset = cff ?? nil
            return Face(face: face, isCFF: cff != nil, cids: charset.map(\.cids).flatMap { $0.count == face.glyphCount ? $0 : nil })
        }
        faces[key] = face
        return face
    }
}
