import Foundation

/// What a fenced code block's info string asks for, read before GtkSourceView is asked:
/// nothing (plain), a language by the names people write, or a terminal session.
///
/// GtkSourceView knows its languages by id (`js`, `c-sharp`, `proto`, `python3`), by name
/// ("JavaScript") and by file name (`*.mjs`, `Dockerfile`); READMEs write `js`, `mjs`, `shell`,
/// `console`, `c++`, `yml`, `objective-c`. The aliases below bridge the two; the thread that
/// owns GtkSourceView tries, in order, each candidate id, the language names, and a file
/// name guess (`SourceView.language(for:)`).
package struct CodeLanguage: Sendable, Hashable {
    /// The word as written, for a file-name guess ("Dockerfile", "CMakeLists.txt").
    package var word: String
    /// The word lowercased, without pandoc's braces and dot (`{.python}`), an HTML class's
    /// `language-` prefix, or attributes after it (`js{1,3}`, `python:main.py`).
    package var name: String
    /// A terminal session (`console`, `shell-session`): lines after a prompt (`$ `) are shell
    /// commands, the others the commands' output, set plain.
    package var isSession: Bool

    /// The language `info` (a code block's info string's first word) asks for; nil when it
    /// asks for none (empty, or `text`, `none`, `plain`...). Case-insensitive. O(length).
    package init?(info: String) {
        var word = Substring(info.trimmingWhitespace())
        while let first = word.first, first == "{" || first == "." { word = word.dropFirst() }
        if let end = word.firstIndex(where: { "{},:;=".contains($0) }) { word = word[..<end] }
        if word.lowercased().hasPrefix("language-") { word = word.dropFirst("language-".count) }
        let name = word.lowercased()
        guard !name.isEmpty, !Self.plainNames.contains(name) else { return nil }
        self.word = String(word)
        self.name = name
        isSession = Self.sessionNames.contains(name)
    }

    /// GtkSourceView language ids to try first: the alias's, then the name itself.
    package var candidates: [String] {
        if isSession { return ["sh"] }
        return (Self.aliases[name].map { [$0] } ?? []) + [name]
    }

    /// Info strings that ask for no highlighting (`mermaid`: a diagram's source, set plain
    /// under its caption; GtkSourceView has no definition for it).
    package static let plainNames: Set<String> = ["text", "txt", "plain", "plaintext", "none", "nohighlight", "no-highlight",
                                          "output", "raw", "ascii", "mermaid"]

    /// Info strings of a terminal session (prompt lines highlighted as shell, output plain).
    package static let sessionNames: Set<String> = ["console", "shell-session", "sh-session", "shellsession", "bash-session",
                                            "zsh-session", "terminal"]

    /// Common names → GtkSourceView 4 language ids, where the id is not the name itself.
    package static let aliases: [String: String] = [
        // JavaScript and TypeScript
        "javascript": "js", "mjs": "js", "cjs": "js", "node": "js", "nodejs": "js", "es6": "js", "ecmascript": "js",
        "ts": "typescript", "mts": "typescript", "cts": "typescript", "tsx": "typescript-jsx",
        // shells
        "bash": "sh", "shell": "sh", "zsh": "sh", "ksh": "sh", "dash": "sh", "shellscript": "sh", "shell-script": "sh",
        "ps": "powershell", "ps1": "powershell", "pwsh": "powershell", "posh": "powershell", "psm1": "powershell",
        "bat": "dosbatch", "cmd": "dosbatch", "batch": "dosbatch", "batchfile": "dosbatch",
        // C family
        "h": "chdr", "c++": "cpp", "cc": "cpp", "cxx": "cpp", "hpp": "cpphdr", "hh": "cpphdr", "h++": "cpphdr",
        "objective-c": "objc", "objectivec": "objc", "obj-c": "objc", "objc++": "objc", "objective-c++": "objc",
        "cs": "c-sharp", "csharp": "c-sharp", "c#": "c-sharp", "f#": "fsharp", "cu": "cuda",
        // scripting languages
        "py": "python3", "python": "python3", "py3": "python3", "gyp": "python3", "bzl": "python3",
        "starlark": "python3", "python2": "python", "py2": "python",
        "rb": "ruby", "gemfile": "ruby", "podfile": "ruby", "rake": "ruby", "rakefile": "ruby", "jruby": "ruby",
        "pl": "perl", "pm": "perl", "rscript": "r", "jl": "julia",
        // other languages
        "golang": "go", "rs": "rust", "kt": "kotlin", "kts": "kotlin", "hs": "haskell", "erl": "erlang",
        "ml": "ocaml", "vb": "vbnet", "vb.net": "vbnet", "pas": "pascal", "delphi": "pascal", "scm": "scheme",
        "sol": "solidity", "vhd": "vhdl", "sv": "systemverilog", "tex": "latex",
        // data, markup and configuration
        "yml": "yaml", "jsonc": "json", "json5": "json", "geojson": "json", "webmanifest": "json",
        "htm": "html", "xhtml": "html", "svg": "xml", "plist": "xml", "xaml": "xml", "xsd": "xml", "rss": "xml",
        "md": "markdown", "mkd": "markdown", "gfm": "markdown",
        "proto": "proto", "protobuf": "proto", "proto3": "proto", "proto2": "proto",
        "cfg": "ini", "dosini": "ini", "editorconfig": "ini", "gitconfig": "ini",
        "hcl": "terraform", "tf": "terraform", "tfvars": "terraform",
        "postgres": "sql", "postgresql": "sql", "psql": "sql", "pgsql": "sql", "mysql": "sql", "sqlite": "sql",
        "plsql": "sql", "tsql": "sql",
        // build files and patches
        "dockerfile": "docker", "containerfile": "docker",
        "make": "makefile", "mk": "makefile", "mak": "makefile", "gnumake": "makefile", "bsdmake": "makefile",
        "patch": "diff", "udiff": "diff",
    ]
}
