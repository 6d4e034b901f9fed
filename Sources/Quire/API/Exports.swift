// `import Quire` is all a user writes: the library's public types live in its layers' targets
// (Package.swift), re-exported here.
@_exported import QuireModel
@_exported import QuireParse
@_exported import QuireStyle
@_exported import QuireFonts
@_exported import QuireImages
@_exported import QuireHighlight
@_exported import QuireMath
@_exported import QuireDiagrams
@_exported import QuireLayout
@_exported import QuirePDF
@_exported import QuireDrawing
