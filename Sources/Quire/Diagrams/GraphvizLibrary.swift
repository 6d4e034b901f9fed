// The Graphviz boundary: this file is the only one that calls libgvc and libcgraph.
import Foundation
#if canImport(Glibc)
import Glibc
#endif
import QuireModel

// Graphviz (Debian's `libgvc6` and `libcgraph6`, from `libgraphviz-dev`), opened with
// `dlopen` the first time a document holds a diagram, never otherwise: a run without one
// loads no Graphviz. Only the `dot` layout is used, handed to Graphviz as its one built-in
// plugin (`gvContextPlugins`), so no plugin configuration is read and no text-layout plugin
// (Graphviz's own Pango) is loaded: Quire measures every label itself and gives dot sizes.
// The graph goes in as DOT text (`agmemread`) and its layout comes back as the attributes
// `attach_attrs` writes (`pos`, `bb`, `lp`), strings, so nothing here depends on the layout
// of Graphviz's C structures. Graphviz keeps global state and is not thread-safe: the process
// opens it once (`Graphviz.process`) and every layout goes through `layout`, one at a time.

/// Why Graphviz could not be used or could not lay a graph out.
package struct GraphvizError: Error, Equatable, Sendable {
    package var message: String
}

/// Graphviz as an engine holds it and layout is handed it (`Engine.graphviz`): the process's
/// one library, opened the first time a document lays out a diagram, never otherwise.
///
/// One per process, not per engine, because Graphviz's state is: libgvc and libcgraph keep
/// global state (the graph dictionary discipline, the error level, the plugin list) and are
/// not thread-safe, so two engines' diagrams must take turns on one library under one lock
/// (`GraphvizLibrary.layout`), as every engine's code goes to `HighlightThread.process`.
package final class Graphviz: Sendable {
    private let opened = Once { Result { () throws(GraphvizError) in try GraphvizLibrary() } }

    /// The process's Graphviz (see above); opened at its first diagram.
    package static let process = Graphviz()

    private init() {}

    /// The library, opened now if it was not yet, or why it could not be (naming the package).
    /// O(1) after the first call, which loads libgvc, libcgraph and the dot plugin.
    package var library: Result<GraphvizLibrary, GraphvizError> { opened.value }
}

/// libgvc's and libcgraph's functions (graphs, nodes, edges are `Agraph_t *`, `Agnode_t *`,
/// `Agedge_t *`, all opaque), with the one context all layouts use.
package final class GraphvizLibrary: @unchecked Sendable {  // C state used only under `lock`
    private let agmemread: @convention(c) (UnsafePointer<CChar>?) -> OpaquePointer?
    private let agclose: @convention(c) (OpaquePointer?) -> Int32
    private let agnode: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    private let agsubg: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    /// graph, tail, head, key, create.
    private let agedge: @convention(c) (OpaquePointer?, OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?, Int32) -> OpaquePointer?
    private let agget: @convention(c) (OpaquePointer?, UnsafePointer<CChar>?) -> UnsafeMutablePointer<CChar>?
    private let agseterr: @convention(c) (Int32) -> Int32
    private let gvLayout: @convention(c) (OpaquePointer?, OpaquePointer?, UnsafePointer<CChar>?) -> Int32
    private let gvFreeLayout: @convention(c) (OpaquePointer?, OpaquePointer?) -> Int32
    private let attachAttrs: @convention(c) (OpaquePointer?) -> Void
    private let context: OpaquePointer
    private let lock = NSLock()

    /// Opens the libraries and makes the context: `Graphviz.process` alone calls it, once.
    fileprivate init() throws(GraphvizError) {
        let cgraph = try Self.open("libcgraph.so.6"), gvc = try Self.open("libgvc.so.6")
        let plugin = try Self.open("graphviz/libgvplugin_dot_layout.so.6", fallback: "/usr/lib/\(Self.multiarch)/graphviz/libgvplugin_dot_layout.so.6")
        agmemread = try Self.symbol(cgraph, "agmemread")
        agclose = try Self.symbol(cgraph, "agclose")
        agnode = try Self.symbol(cgraph, "agnode")
        agsubg = try Self.symbol(cgraph, "agsubg")
        agedge = try Self.symbol(cgraph, "agedge")
        agget = try Self.symbol(cgraph, "agget")
        agseterr = try Self.symbol(cgraph, "agseterr")
        gvLayout = try Self.symbol(gvc, "gvLayout")
        gvFreeLayout = try Self.symbol(gvc, "gvFreeLayout")
        attachAttrs = try Self.symbol(gvc, "attach_attrs")
        let contextPlugins: @convention(c) (UnsafeRawPointer?, Int32) -> OpaquePointer? = try Self.symbol(gvc, "gvContextPlugins")
        guard let library = dlsym(plugin, "gvplugin_dot_layout_LTX_library") else {
            throw GraphvizError(message: "Graphviz's dot layout plugin is missing; install libgvc6 (libgraphviz-dev)")
        }
        // An lt_symlist_t array: {name, address} pairs ending in {NULL, NULL}; never freed.
        let builtins = UnsafeMutablePointer<UnsafeRawPointer?>.allocate(capacity: 4)
        builtins[0] = UnsafeRawPointer(strdup("gvplugin_dot_layout_LTX_library"))
        builtins[1] = UnsafeRawPointer(library)
        builtins[2] = nil
        builtins[3] = nil
        guard let context = contextPlugins(UnsafeRawPointer(builtins), 0) else {
            throw GraphvizError(message: "Graphviz could not be initialised")
        }
        self.context = context
        _ = agseterr(2)  // AGMAX: Graphviz prints nothing; a failure is reported by its result
    }

    /// The layout of `dot` (a graph in the DOT language): `read` is given a view of the laid-out
    /// graph while it exists. One layout at a time in the process. O(dot's layout).
    package func layout<T>(_ dot: String, read: (LaidOutGraph) throws -> T) throws -> T {
        lock.lock()
        defer { lock.unlock() }
        guard let graph = dot.withCString({ agmemread($0) }) else {
            throw GraphvizError(message: "Graphviz could not read the graph")
        }
        defer { _ = agclose(graph) }
        guard "dot".withCString({ gvLayout(context, graph, $0) }) == 0 else {
            throw GraphvizError(message: "Graphviz's dot could not lay the graph out")
        }
        defer { _ = gvFreeLayout(context, graph) }
        attachAttrs(graph)
        return try read(LaidOutGraph(library: self, graph: graph))
    }

    /// A laid-out graph's attributes, looked up by the names the DOT text gave.
    package struct LaidOutGraph {
        fileprivate let library: GraphvizLibrary
        fileprivate let graph: OpaquePointer

        /// An attribute of the graph ("bb").
        package func graphAttribute(_ name: String) -> String? { library.attribute(graph, name) }
        /// An attribute of node `id`.
        package func nodeAttribute(_ id: String, _ name: String) -> String? {
            id.withCString { library.agnode(graph, $0, 0) }.flatMap { library.attribute($0, name) }
        }
        /// An attribute of the subgraph at `path` (its name, after those of the subgraphs it is
        /// nested in, outermost first): a cluster's "bb", "lp".
        package func subgraphAttribute(_ path: [String], _ name: String) -> String? {
            var current: OpaquePointer? = graph
            for id in path { current = current.flatMap { parent in id.withCString { library.agsubg(parent, $0, 0) } } }
            return current.flatMap { library.attribute($0, name) }
        }
        /// An attribute of the edge from `tail` to `head` with key `key`.
        package func edgeAttribute(tail: String, head: String, key: String, _ name: String) -> String? {
            guard let t = tail.withCString({ library.agnode(graph, $0, 0) }), let h = head.withCString({ library.agnode(graph, $0, 0) }),
                  let e = key.withCString({ library.agedge(graph, t, h, $0, 0) }) else { return nil }
            return library.attribute(e, name)
        }
    }

    private func attribute(_ object: OpaquePointer, _ name: String) -> String? {
        name.withCString { agget(object, $0) }.map { String(cString: $0) }
    }

    private static var multiarch: String {
        #if arch(arm64)
        "aarch64-linux-gnu"
        #else
        "x86_64-linux-gnu"
        #endif
    }

    /// `openLibrary` (the model's), trying `fallback` too, with the package to install named.
    private static func open(_ soname: String, fallback: String? = nil) throws(GraphvizError) -> UnsafeMutableRawPointer {
        do {
            return try openLibrary(soname)
        } catch {
            if let fallback, let handle = try? openLibrary(fallback) { return handle }
            throw GraphvizError(message: error.message + " (Graphviz's libgvc6; Debian's libgraphviz-dev)")
        }
    }

    /// The model's `symbol`, its failure a `GraphvizError`.
    private static func symbol<Function>(_ library: UnsafeMutableRawPointer, _ name: String) throws(GraphvizError) -> Function {
        do { return try QuireModel.symbol(library, name) } catch { throw GraphvizError(message: error.message) }
    }
}
