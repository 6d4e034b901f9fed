// swift-tools-version:6.0
// Quire: a Markdown-to-PDF typesetter. No package dependencies: only the toolchain and
// Debian's C libraries: cmark-gfm, gumbo, Pango, Cairo, GLib, fontconfig, HarfBuzz (with its
// subsetter), libdeflate, libyaml and (for the command) gperftools' tcmalloc found through
// pkg-config; libhyphen linked by name; gdk-pixbuf and librsvg opened at run time when an
// image needs them (Sources/Quire/Images/ImageLibraries.swift). Each C library has its own
// module, imported by one target (docs/architecture.md, "The targets").
import PackageDescription

let package = Package(
    name: "Quire",
    products: [
        .library(name: "Quire", targets: ["Quire"]),
        .executable(name: "quire", targets: ["quire"]),
    ],
    targets: [
        .systemLibrary(
            name: "CCmarkGFM",
            pkgConfig: "libcmark-gfm",
            providers: [.apt(["libcmark-gfm-dev", "libcmark-gfm-extensions-dev"])]
        ),
        // Pango with its Cairo and fontconfig font maps: the text engine's (Layout/Text), the one
        // target that imports it. Its headers bring the Cairo, fontconfig, HarfBuzz and GLib
        // types its functions take.
        .systemLibrary(
            name: "CPango",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev"])]
        ),
        // Cairo with its PDF surface and FreeType font faces (and FreeType): Images draws with it.
        .systemLibrary(
            name: "CCairo",
            pkgConfig: "cairo-ft",
            providers: [.apt(["libcairo2-dev", "libfreetype-dev"])]
        ),
        // GLib and GObject, for the objects of the image libraries Images opens (GError, unref,
        // signals).
        .systemLibrary(
            name: "CGLib",
            pkgConfig: "gobject-2.0",
            providers: [.apt(["libglib2.0-dev"])]
        ),
        // libhyphen (no pkg-config file): the pattern hyphenation LibreOffice uses, with the
        // hyphen-* dictionaries in /usr/share/hyphen.
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]
        ),
        // HarfBuzz with its OpenType accessors (MATH, colour, variations) and its subsetter.
        .systemLibrary(
            name: "CHarfBuzz",
            pkgConfig: "harfbuzz-subset",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // fontconfig: which fonts are installed and the file of a family (Fonts/FontLookup.swift).
        .systemLibrary(
            name: "CFontconfig",
            pkgConfig: "fontconfig",
            providers: [.apt(["libfontconfig-dev"])]
        ),
        // libdeflate: DEFLATE and zlib streams for whole buffers, which is all a PDF writer
        // compresses (a page's content, an object stream), in half of zlib's instructions.
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        // libyaml: the reference YAML parser, for front matter (Parse/YAMLNode.swift).
        .systemLibrary(
            name: "CYAML",
            pkgConfig: "yaml-0.1",
            providers: [.apt(["libyaml-dev"])]
        ),
        // gumbo: Google's HTML5 parser, for the raw HTML in Markdown (entities, repair of
        // malformed HTML as browsers repair it); a pure function over a buffer, so it runs on
        // the parse thread.
        .systemLibrary(
            name: "CGumbo",
            pkgConfig: "gumbo",
            providers: [.apt(["libgumbo-dev"])]
        ),
        // gperftools' tcmalloc: the command's allocator (Sources/quire/main.swift imports it),
        // not the library's, which leaves the choice to the program it is part of.
        .systemLibrary(
            name: "CTCMalloc",
            pkgConfig: "libtcmalloc_minimal",
            providers: [.apt(["libgoogle-perftools-dev"])]
        ),
        // The library's layers, bottom to top, each a target so that the compiler refuses a use
        // that goes upward (docs/architecture.md draws them). Every folder of Sources/Quire is
        // one target; users import `Quire`, which re-exports what they need.
        .target(name: "QuireModel", path: "Sources/Quire/Model"),
        .target(name: "QuireParse", dependencies: ["QuireModel", "CCmarkGFM", "CGumbo", "CYAML"], path: "Sources/Quire/Parse"),
        .target(name: "QuireStyle", dependencies: ["QuireModel"], path: "Sources/Quire/Style"),
        .target(name: "QuireFonts", dependencies: ["QuireModel", "CHarfBuzz", "CFontconfig"], path: "Sources/Quire/Fonts"),
        .target(name: "QuireImages", dependencies: ["QuireModel", "QuireStyle", "CCairo", "CGLib"], path: "Sources/Quire/Images"),
        .target(name: "QuireHighlight", dependencies: ["QuireModel", "QuireStyle"], path: "Sources/Quire/Highlight"),
        .target(name: "QuireMath", dependencies: ["QuireModel", "QuireFonts"], path: "Sources/Quire/Math"),
        .target(name: "QuireDiagrams", dependencies: ["QuireModel"], path: "Sources/Quire/Diagrams"),
        .target(name: "QuireLayout", dependencies: ["QuireModel", "QuireParse", "QuireStyle", "QuireImages", "QuireHighlight", "QuireMath", "QuireDiagrams", "QuireFonts", "CPango", "CHyphen"], path: "Sources/Quire/Layout"),
        .target(name: "QuirePDF", dependencies: ["QuireModel", "QuireImages", "QuireFonts", "CLibDeflate"], path: "Sources/Quire/PDF"),
        .target(name: "QuireDrawing", dependencies: ["QuireModel", "QuireImages", "QuirePDF"], path: "Sources/Quire/Drawing"),
        .target(name: "Quire", dependencies: ["QuireModel", "QuireParse", "QuireStyle", "QuireFonts", "QuireImages", "QuireHighlight", "QuireMath", "QuireDiagrams", "QuireLayout", "QuirePDF", "QuireDrawing"], path: "Sources/Quire/API"),
        .executableTarget(name: "quire", dependencies: ["Quire", "CTCMalloc"]),
        .testTarget(name: "QuireTests", dependencies: ["Quire"]),
        .testTarget(name: "quireCLITests", dependencies: ["Quire"]),
    ],
    swiftLanguageModes: [.v6]
)
