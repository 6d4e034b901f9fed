// swift-tools-version:6.0
// Quire: a Markdown-to-PDF typesetter. No package dependencies: only the toolchain and
// Debian's C libraries: cmark-gfm, gumbo, Pango and Cairo, HarfBuzz's subsetter, libdeflate,
// libyaml and (for the command) gperftools' tcmalloc found through pkg-config; libhyphen
// linked by name; gdk-pixbuf and librsvg opened at run time when an image needs them
// (Sources/Quire/Images/ImageLibraries.swift).
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
        // libyaml: the reference YAML parser, for front matter (Document/YAMLNode.swift).
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
        .target(name: "Quire", dependencies: ["CCmarkGFM", "CPangoCairo", "CHyphen", "CHarfBuzzSubset", "CLibDeflate", "CYAML", "CGumbo"]),
        .executableTarget(name: "quire", dependencies: ["Quire", "CTCMalloc"]),
        .testTarget(name: "QuireTests", dependencies: ["Quire"]),
        .testTarget(name: "quireCLITests", dependencies: ["Quire"]),
    ],
    swiftLanguageModes: [.v6]
)
