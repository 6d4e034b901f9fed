/// One reason a PDF may not claim a standard it was asked for, found by a stage of the
/// pipeline: the source check (an image without alt text), layout (a character no installed
/// font has, a figure painted without an alternate description). A value: stages return
/// findings, and the plan's `StandardsVerdict` gathers them.
package struct StandardsFinding: Sendable, Hashable, CustomStringConvertible {
    /// The rule a finding breaks, and which claims it takes away.
    package enum Rule: Sendable, Hashable {
        /// PDF/UA-1 (ISO 14289-1) 7.3: every figure and formula has an alternate
        /// description. Takes away the PDF/UA-1 claim.
        case alternateDescription
        /// PDF/UA-1 7.21.8 and PDF/A (ISO 19005-2) 6.2.11.8: no .notdef glyph is shown;
        /// `character` (a Unicode scalar) is shown as one. Takes away every claim.
        case notdefGlyph(character: UInt32)

        /// The clauses, as reports name them.
        package var clause: String {
            switch self {
            case .alternateDescription: "PDF/UA-1 7.3"
            case .notdefGlyph: "PDF/UA-1 7.21.8, PDF/A 6.2.11.8"
            }
        }

        /// What remains of `claims` once this rule is broken.
        package func withdraw(from claims: PDFStandards) -> PDFStandards {
            switch self {
            case .alternateDescription: PDFStandards(accessible: false, archival: claims.archival)
            case .notdefGlyph: .none
            }
        }
    }

    package var rule: Rule
    /// What was found, in words for the user ("image without alt text (cat.png)").
    package var reason: String
    /// The source file and its 1-based line, where known.
    package var file: String?
    package var line: Int?

    package init(_ rule: Rule, reason: String, file: String? = nil, line: Int? = nil) {
        self.rule = rule
        self.reason = reason
        self.file = file
        self.line = line
    }

    /// "file:line: reason (clause)", the parts not known left out.
    package var description: String {
        let place = [file, line.map(String.init)].compactMap { $0 }.joined(separator: ":")
        return (place.isEmpty ? "" : place + ": ") + "\(reason) (\(rule.clause))"
    }
}

/// The one decision of which standards a PDF claims: what was requested (the options, else the
/// front matter, else the template: `RenderOptions.standardsVerdict`), and what each stage
/// found against it (the source check, layout), carried with the plan and resolved once,
/// before the writer writes the metadata. The writer writes the claims it is handed and
/// decides none itself.
package struct StandardsVerdict: Sendable, Equatable {
    /// The standards asked for: PDF/A's rules apply to what is written (images, annotations)
    /// whatever the claims end up being.
    package let requested: PDFStandards
    /// What the stages found, in the order they found it, each once.
    package private(set) var findings: [StandardsFinding] = []
    private var seen: Set<StandardsFinding> = []

    package init(requested: PDFStandards) { self.requested = requested }

    /// Adds a finding (again: ignored). O(1).
    package mutating func add(_ finding: StandardsFinding) {
        if seen.insert(finding).inserted { findings.append(finding) }
    }

    /// Adds `found`, in order.
    package mutating func add(_ found: some Sequence<StandardsFinding>) {
        for finding in found { add(finding) }
    }

    /// The claims a file makes, and the warnings resolving says besides the stages' own.
    package struct Resolution: Sendable, Equatable {
        package var claims: PDFStandards
        package var warnings: [Warning]
    }

    /// Resolves the findings once: every alternate description missing takes PDF/UA-1 away (the
    /// source check warned, image by image); a character shown as a .notdef box then takes
    /// every claim left away, with one warning naming the characters (the first eight, in
    /// order, and how many more). O(findings log findings).
    package func resolved() -> Resolution {
        var claims = requested
        var missing: Set<UInt32> = []
        for finding in findings {
            switch finding.rule {
            case .alternateDescription: claims = finding.rule.withdraw(from: claims)
            case .notdefGlyph(let character): missing.insert(character)
            }
        }
        guard claims != .none, !missing.isEmpty else { return Resolution(claims: claims, warnings: []) }
        let named = missing.sorted().prefix(8).map { "U+" + String($0, radix: 16, uppercase: true) }
        let more = missing.count > 8 ? " and \(missing.count - 8) more" : ""
        let message = "no installed font has \(named.joined(separator: ", "))\(more), shown as boxes (.notdef): \(claims) not claimed, as PDF/UA-1 and PDF/A forbid them"
        return Resolution(claims: StandardsFinding.Rule.notdefGlyph(character: 0).withdraw(from: claims),
                          warnings: [Warning(line: 0, message: message)])
    }
}
