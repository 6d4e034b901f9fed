// swift-tools-version:6.0
// Quire: a Markdown-to-PDF typesetter. No package dependencies: only the toolchain and
// Debian's C libraries: cmark-gfm, Pango and Cairo, HarfBuzz's subsetter and libdeflate found through
// pkg-config; libhyphen linked by name; gdk-pixbuf and librsvg opened at run time when an image
// needs them (Sources/Quire/Images/ImageLibraries.swift).
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
        .systemLibrary(
            name: "CPangoCairo",
            pkgConfig: "pangocairo",
            providers: [.apt(["libpango1.0-dev", "libcairo2-dev"])]
        ),
        // libhyphen (no pkg-config file): the pattern hyphenation LibreOffice uses, with the
        // hyphen-* dictionaries in /usr/share/hyphen.
        .systemLibrary(
            name: "CHyphen",
            providers: [.apt(["libhyphen-dev"])]
        ),
        .systemLibrary(
            name: "CHarfBuzzSubset",
            pkgConfig: "harfbuzz-subset",
            providers: [.apt(["libharfbuzz-dev"])]
        ),
        // libdeflate: DEFLATE and zlib streams for whole buffers, which is all a PDF writer
        // compresses (a page's content, an object stream), in half of zlib's instructions.
        .systemLibrary(
            name: "CLibDeflate",
            pkgConfig: "libdeflate",
            providers: [.apt(["libdeflate-dev"])]
        ),
        .target(name: "Quire", dependencies: ["CCmarkGFM", "CPangoCairo", "CHyphen", "CHarfBuzzSubset", "CLibDeflate"]),
        .executableTarget(name: "quire", dependencies: ["Quire"]),
        .testTarget(name: "QuireTests", dependencies: ["Quire"]),
        .testTarget(name: "quireCLITests", dependencies: ["Quire"]),
    ],
    swiftLanguageModes: [.v6]
)
