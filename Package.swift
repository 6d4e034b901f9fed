// swift-tools-version:6.0
// Quire: a Markdown-to-PDF typesetter. No package dependencies: only the toolchain and
// Debian's C libraries (cmark-gfm, Pango, Cairo, gdk-pixbuf, librsvg), found through pkg-config.
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
        .systemLibrary(
            name: "CRsvgPixbuf",
            pkgConfig: "librsvg-2.0",
            providers: [.apt(["librsvg2-dev", "libgdk-pixbuf-2.0-dev"])]
        ),
        .target(name: "Quire", dependencies: ["CCmarkGFM", "CPangoCairo", "CRsvgPixbuf"]),
        .executableTarget(name: "quire", dependencies: ["Quire"]),
        .testTarget(name: "QuireTests", dependencies: ["Quire"]),
        .testTarget(name: "quireCLITests", dependencies: ["Quire"]),
    ],
    swiftLanguageModes: [.v6]
)
