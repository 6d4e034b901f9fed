import XCTest
@testable import Quire
@testable import QuireModel
@testable import QuireParse
@testable import QuireStyle
@testable import QuireImages
@testable import QuireHighlight
@testable import QuireMath
@testable import QuireDiagrams
@testable import QuireLayout
@testable import QuirePDF
@testable import QuireDrawing

/// Issue 45: a setting is declared once, in the key table (`TemplateKey.all`), and every view
/// of the settings derives from it. The test walks the table and asks each view for each key:
/// `templates --keys` lists it, validation knows it (a typo suggests it; a value it does not
/// take is refused with what it allows; a number key's declared range and a choice key's
/// names are the ones checked and said), the settings digest written into each PDF changes when it changes the style, and
/// the listing's default is the style's own.
final class SettingKeyTableTests: XCTestCase {
    private struct NoFonts: FontCatalog { func containsAny(_ families: String) -> Bool { true } }

    private func apply(_ key: String, _ value: JSONValue, to style: inout Style) throws {
        var warnings: [String] = []
        try Templates.apply(key: key, value: value, source: "test", to: &style, warnings: &warnings, fonts: NoFonts())
    }

    private func digest(_ style: Style) -> String {
        var digest = SettingsDigest()
        digest.add(style)
        return digest.hex
    }

    /// `body.align` took only lower-case names, unlike every other key of a few names (its
    /// names were written out by hand, not made from its enum): "Justify" was refused.
    func testRegressionBodyAlignRefusedCapitals() throws {
        var style = Style()
        try apply("body.align", .string("Justify"), to: &style)
        XCTAssertEqual(style.bodyAlign, .justify)
    }

    func testEveryKeyIsListedValidatedAndDigested() throws {
        let listing = Templates.keyTable
        var problems: [String] = []
        for key in TemplateKey.all {
            if !listing.contains("| `\(key.name)` |") { problems.append("\(key.name): not listed by templates --keys") }
            var style = Style()
            do {
                try apply(key.name + "x", .null, to: &style)
                problems.append("\(key.name)x: accepted")
            } catch {
                if !"\(error)".contains("did you mean '\(key.name)'") { problems.append("\(key.name): a typo does not suggest it: \(error)") }
            }
            do {
                try apply(key.name, .array([.object([])]), to: &style)
                problems.append("\(key.name): a list of maps is accepted")
            } catch {
                if !"\(error)".contains(key.allowed) { problems.append("\(key.name): the refusal does not say what it allows: \(error)") }
            }
            if let range = key.range {
                let value = { (n: Double) -> JSONValue in key.type == "number" ? .number(n) : .array(Array(repeating: .number(n), count: 6)) }
                for n in [range.lowerBound, range.upperBound] {
                    do { try apply(key.name, value(n), to: &style) } catch { problems.append("\(key.name): \(n), in its range, is refused: \(error)") }
                }
                for n in [range.lowerBound - 1, range.upperBound + 1] {
                    do {
                        try apply(key.name, value(n), to: &style)
                        problems.append("\(key.name): \(n), outside its range, is accepted")
                    } catch {
                        if !"\(error)".contains(TemplateKey.allowed("", range)) { problems.append("\(key.name): the refusal does not give the range: \(error)") }
                    }
                }
            }
            for choice in key.choices ?? [] {
                do { try apply(key.name, .string(choice.uppercased()), to: &style) } catch { problems.append("\(key.name): its choice \(choice) is refused: \(error)") }
            }
            if let choices = key.choices {
                do {
                    try apply(key.name, .string("none-of-" + choices.joined()), to: &style)
                    problems.append("\(key.name): a name not among its choices is accepted")
                } catch {
                    if !"\(error)".contains(choices.joined(separator: ", ")) { problems.append("\(key.name): the refusal does not list its choices: \(error)") }
                }
            }
            guard let example = JSONValue.parse(key.example) else {
                problems.append("\(key.name): its example is not JSON")
                continue
            }
            var changed = Style()
            do { try apply(key.name, example, to: &changed) } catch { problems.append("\(key.name): its example is refused: \(error)") }
            if changed != Style(), digest(changed) == digest(Style()) { problems.append("\(key.name): not in the settings digest") }
        }
        XCTAssertEqual(problems, [])
    }

    /// `templates --keys` showed "—" as the default of 18 keys (`links.schemes`,
    /// `pdf.standard`, `diagram.*`, `images.*`) although `Style` has one for each: the column
    /// was read from the default template, which does not give them, not from the style.
    func testRegressionTemplatesKeysShowedNoDefaultForEighteenKeys() {
        let rows = Templates.keyTable.split(separator: "\n").dropFirst(2)
        XCTAssertEqual(rows.count, TemplateKey.all.count)
        let withoutDefault = rows.filter { $0.split(separator: "|")[2].trimmingCharacters(in: .whitespaces) == "—" }
        XCTAssertEqual(withoutDefault, [])
        XCTAssertTrue(Templates.keyTable.contains("| `pdf.standard` | string | `\"ua-1\"` |"))
        XCTAssertTrue(Templates.keyTable.contains("| `diagram.node-fill` | string | `\"#ececff\"` |"))
        XCTAssertTrue(Templates.keyTable.contains("| `images.max-size` | number | `10` |"))
    }

    /// A key's listed value is the field it sets: its default, applied to `Style()`, leaves it
    /// as it is; its example, applied, reads back as a value that sets the same style. (A key
    /// whose value read another field than it sets, or wrote it in a form it does not take,
    /// fails here.) `images.*` keys turn fetching's settings on at their defaults (`images`
    /// nil, the settings digest unchanged, becomes the defaults), so those compare `images`'s
    /// settings.
    func testEveryKeysValueReadsBackToTheSameStyle() throws {
        func normal(_ style: Style) -> Style {
            var s = style
            if s.images == ImageFetching() { s.images = nil }
            return s
        }
        var problems: [String] = []
        for key in TemplateKey.all {
            var style = Style()
            let listed = key.value(Style())
            do { try apply(key.name, listed, to: &style) } catch { problems.append("\(key.name): its default \(listed.quoted) is refused: \(error)") }
            if normal(style) != Style() { problems.append("\(key.name): its default \(listed.quoted) changes the style") }
            var changed = Style()
            try apply(key.name, try XCTUnwrap(JSONValue.parse(key.example)), to: &changed)
            var again = Style()
            do { try apply(key.name, key.value(changed), to: &again) } catch { problems.append("\(key.name): \(key.value(changed).quoted) is refused: \(error)") }
            if again != changed { problems.append("\(key.name): \(key.example) reads back as \(key.value(changed).quoted), another style") }
        }
        XCTAssertEqual(problems, [])
    }

    /// A setting cannot be half-added: every stored field of `Style` (each in the settings
    /// digest) is set by some key of the table, whose entry then lists its default. The one
    /// field no template sets is said here.
    func testEveryStyleFieldIsSetByAKey() throws {
        let keyless: Set<String> = ["minimumColumnWidth"]  // the library's callers only; layout's floor for nesting
        let defaults = Mirror(reflecting: Style()).children
        var set: Set<String> = []
        for key in TemplateKey.all {
            var changed = Style()
            try apply(key.name, try XCTUnwrap(JSONValue.parse(key.example)), to: &changed)
            for (field, value) in zip(defaults, Mirror(reflecting: changed).children)
            where String(describing: field.value) != String(describing: value.value) {
                set.insert(field.label ?? "?")
            }
        }
        let fields = Set(defaults.compactMap(\.label))
        XCTAssertEqual(fields.subtracting(set).subtracting(keyless), [], "fields of Style no key sets")
        XCTAssertEqual(keyless.subtracting(fields), [], "a keyless field that is not one")
    }

    /// The listing's default column (read from the built-in default template) is the style a
    /// document gets with no template: each key the default template gives leaves `Style()`
    /// as it is.
    func testTheListedDefaultIsTheStylesDefault() throws {
        guard case .object(let pairs) = try Templates.load("default") else { return XCTFail("not an object") }
        var problems: [String] = []
        for (name, value) in pairs where name != "description" && name != "$schema" {
            var style = Style()
            do { try apply(name, value, to: &style) } catch { problems.append("\(name): \(error)") }
            if style != Style() { problems.append("\(name): the default template's \(value.quoted) is not the style's default") }
        }
        XCTAssertEqual(problems, [])
    }
}
