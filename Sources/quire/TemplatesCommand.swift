import Quire

/// `quire templates`: the built-in templates, every key, and a template to start from.
extension CLI {
    static let templatesTable = OptionTable(command: "templates", inputs: .none, options: [
        Option(flag: ["--keys"], "print every key a template may set, as a Markdown table, then the code themes and languages installed") { $0.keys = true },
        Option(["--print"], value: "NAME", "print the built-in template NAME, a starting point for one of your own") { a, v in a.printTemplate = v },
        help,
    ])

    static let templatesUsage = """
    Usage: quire templates [--keys | --print NAME]

    Lists the built-in templates with what each is for; '--keys' prints every key a template
    or '--set' may give: its type, default, meaning, allowed values and an example; then the
    code themes and languages installed. '--print NAME' prints a built-in template's JSON:
    'quire templates --print compact > house.json', edit it, then '--template house.json'.

    Options:
    \(templatesTable.help)
    """

    static func templates(_ args: [String], _ engine: Engine) throws(ExitCode) -> Int32 {
        let a = try templatesTable.parse(args)
        if a.help { print(templatesUsage); return 0 }
        if let name = a.printTemplate {
            guard let json = Templates.builtinJSON(name) else {
                throw usageError("no built-in template '\(name)'",
                                 hint: "built-in templates: " + Templates.builtins.map(\.name).joined(separator: ", "))
            }
            print(json, terminator: json.hasSuffix("\n") ? "" : "\n")
            return 0
        }
        if a.keys {
            print(Templates.keyTable)
            print()
            let installed = engine.installedHighlighting()
            if let problem = installed.problem {
                print("Code themes (code.theme) and languages: none, GtkSourceView 4 is not available (\(problem)).")
            } else {
                let themes = installed.themes.map { $0 == Highlighting.defaultTheme ? "\($0) (default)" : $0 }
                print("Code themes (code.theme): \(themes.joined(separator: ", ")).")
                print()
                print("Code languages (a fenced block's info string; aliases such as js, sh, console, c++, yml also work): "
                      + installed.languages.joined(separator: ", ") + ".")
            }
            return 0
        }
        for t in Templates.builtins {
            print(t.name.padding(toLength: 10, withPad: " ", startingAt: 0) + t.description)
        }
        return 0
    }
}
