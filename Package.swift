// swift-tools-version:6.0
// Quire: a Markdown-to-PDF typesetter. No package dependencies: only the toolchain and
// Debian's C libraries: cmark-gfm, Pango and Cairo, HarfBuzz's subsetter and zlib found through
// pkg-config; libhyphen linked by name; gdk-pixbuf and librsvg opened at run time when an image
// needs them (Sources/Quire/Resources/ImageLibraries.swift).
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
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"])]
        ),
        .target(name: "Quire", dependencies: ["CCmarkGFM", "CPangoCairo", "CHyphen", "CHarfBuzzSubset", "CZlib"]),
        .executableTarget(name: "quire", dependencies: ["Quire"]),
        .testTarget(name: "QuireTests", dependencies: ["Quire"]),
        .testTarget(name: "quireCLITests", dependencies: ["Quire"]),
    ],
    swiftLanguageModes: [.v6]
)
