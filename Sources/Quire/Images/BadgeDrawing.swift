import QuireStyle

/// A static badge drawn as shields.io's `badge-maker` draws it: a label box and a message box,
/// each with its text centred, the widths from the text's width in Verdana 11 px (10 px
/// capitals for `for-the-badge`, the message bold) by badge-maker's own tables
/// (`VerdanaWidths`), rounded up to an odd number of pixels, plus padding. The text is drawn in
/// the family list badge-maker names (`Verdana, Geneva, DejaVu Sans`, then the system's sans:
/// DejaVu Sans on Debian) and fitted to that width, as a browser fits it to badge-maker's
/// `textLength`: scaled across by the ratio of the two widths (DejaVu Sans is within a few
/// percent of Verdana), which librsvg, lacking `textLength`, is given as a transform.
///
/// Units are CSS pixels (the SVG's); the page shows them at 0.75 pt each, as any image. The
/// drawing is an SVG (`svg`) that librsvg draws as vectors with real text (the PDF's text can
/// be searched and copied); `scripts/badge-widths.py` compares the widths with badge-maker's.
/// shields.io's text shadow (a copy of each text 1 px lower, at 30% opacity) is left out: a
/// reader extracting text would read every word twice.
package struct BadgeDrawing: Sendable, Equatable {
    /// One box: where it is, its colour, and its text (drawn in `textColor`, centred on `textCenter`).
    package struct Box: Sendable, Equatable {
        package var x: Double
        package var width: Double
        package var color: BadgeColor
        package var text: String
        /// The width the text is fitted to (badge-maker's `textLength`, less letter spacing).
        package var textWidth: Double
        package var textCenter: Double
        package var textColor: BadgeColor
        package var bold: Bool
    }

    package var boxes: [Box]
    package var width: Double
    package var height: Double
    package var cornerRadius: Double
    package var fontSize: Double
    /// Extra space after each character (`for-the-badge`) that the box widths allow for; the
    /// text is drawn without it, centred, since letters set apart read as single letters to
    /// a reader extracting text (poppler reads "L AT E S T").
    package var letterSpacing: Double
    /// The texts' baseline, from the top.
    package var baseline: Double
    package var style: StaticBadge.Style
    /// What the badge says ("label: message"), its SVG's title.
    package var accessibleText: String

    /// The family list badge-maker's SVG names.
    package static let fontFamily = "Verdana,Geneva,DejaVu Sans,sans-serif"

    /// `badge` laid out, its text measured with `measure` (text, size in px, bold → width in
    /// px; by default badge-maker's Verdana widths, `verdana`).
    package init(_ badge: StaticBadge, measure: (String, Double, Bool) -> Double = BadgeDrawing.verdana) {
        switch badge.style {
        case .forTheBadge:
            self.init(forTheBadge: badge, measure: measure)
        case .flat, .flatSquare, .plastic:
            self.init(box: badge, measure: measure)
        }
    }

    /// flat, flat-square and plastic: 5 px of padding each side of each text.
    private init(box badge: StaticBadge, measure: (String, Double, Bool) -> Double) {
        func preferred(_ s: String) -> Double {
            let w = Int(measure(s, 11, false))
            return Double(w % 2 == 0 ? w + 1 : w)
        }
        let hasLabel = !badge.label.isEmpty || badge.labelColor != nil
        let labelColor = hasLabel ? badge.labelColor ?? StaticBadge.defaultLabelColor : badge.color
        let labelWidth = badge.label.isEmpty ? 0 : preferred(badge.label)
        let leftWidth = hasLabel ? labelWidth + 10 : 0
        let messageWidth = preferred(badge.message)
        var messageMargin = leftWidth - (badge.message.isEmpty ? 0 : 1)
        if !hasLabel { messageMargin += 1 }
        let rightWidth = messageWidth + 10
        boxes = []
        if hasLabel {
            boxes.append(Box(x: 0, width: leftWidth, color: labelColor, text: badge.label, textWidth: labelWidth,
                             textCenter: 1 + labelWidth / 2 + 5,
                             textColor: labelColor.textColor, bold: false))
        }
        boxes.append(Box(x: leftWidth, width: rightWidth, color: badge.color, text: badge.message,
                         textWidth: messageWidth, textCenter: messageMargin + messageWidth / 2 + 5, textColor: badge.color.textColor, bold: false))
        width = leftWidth + rightWidth
        height = badge.style == .plastic ? 18 : 20
        cornerRadius = [.flat: 3, .plastic: 4][badge.style] ?? 0
        fontSize = 11
        letterSpacing = 0
        baseline = badge.style == .plastic ? 13 : 14
        style = badge.style
        accessibleText = badge.accessibleText
    }

    /// for-the-badge: capitals, 10 px (the message bold), 1.25 px between letters, 12 px margins.
    private init(forTheBadge badge: StaticBadge, measure: (String, Double, Bool) -> Double) {
        let label = badge.label.uppercased(), message = badge.message.uppercased()
        func glyphs(_ s: String, bold: Bool) -> Double { s.isEmpty ? 0 : Double(Int(measure(s, 10, bold))) }
        func textWidth(_ s: String, bold: Bool) -> Double { s.isEmpty ? 0 : glyphs(s, bold: bold) + 1.25 * Double(s.count) }
        let labelWidth = textWidth(label, bold: false), messageWidth = textWidth(message, bold: true)
        let labelColor = badge.labelColor ?? StaticBadge.defaultLabelColor
        let labelRect = label.isEmpty ? 0 : 12 + labelWidth + 12
        let messageStart = label.isEmpty ? 12 : labelRect + 12
        boxes = []
        if !label.isEmpty {
            boxes.append(Box(x: 0, width: labelRect, color: labelColor, text: label, textWidth: glyphs(label, bold: false),
                             textCenter: 12 + labelWidth / 2,
                             textColor: labelColor.textColor, bold: false))
        }
        boxes.append(Box(x: labelRect, width: 24 + messageWidth, color: badge.color, text: message,
                         textWidth: glyphs(message, bold: true), textCenter: messageStart + messageWidth / 2, textColor: badge.color.textColor, bold: true))
        width = labelRect + 24 + messageWidth
        height = 28
        cornerRadius = 0
        fontSize = 10
        letterSpacing = 1.25
        baseline = 17.5
        style = badge.style
        accessibleText = badge.accessibleText
    }

    /// badge-maker's width of `text`: Verdana's by its tables, a character they lack by Pango.
    package static func verdana(_ text: String, _ size: Double, _ bold: Bool) -> Double {
        VerdanaWidths.width(text, size: size, bold: bold) { BadgeText.width(String($0), size: size, bold: bold) }
    }

    /// The drawing as an SVG document: the boxes clipped to the rounded outline, shields.io's
    /// gradient over them (flat and plastic), then the texts, each scaled across to its
    /// `textWidth` from its width as drawn (`drawn`: text, size, bold → px; Pango's).
    package func svg(drawn: (String, Double, Bool) -> Double = BadgeText.measure) -> String {
        func n(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
        var s = "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"\(n(width))\" height=\"\(n(height))\">"
        s += "<title>\(Self.escaped(accessibleText))</title>"
        let stops: String
        switch style {
        case .flat: stops = "<stop offset=\"0\" stop-color=\"#bbb\" stop-opacity=\".1\"/><stop offset=\"1\" stop-opacity=\".1\"/>"
        case .plastic:
            stops = "<stop offset=\"0\" stop-color=\"#fff\" stop-opacity=\".7\"/><stop offset=\".1\" stop-color=\"#aaa\" stop-opacity=\".1\"/>"
                + "<stop offset=\".9\" stop-color=\"#000\" stop-opacity=\".3\"/><stop offset=\"1\" stop-color=\"#000\" stop-opacity=\".5\"/>"
        case .flatSquare, .forTheBadge: stops = ""
        }
        if !stops.isEmpty { s += "<linearGradient id=\"s\" x2=\"0\" y2=\"100%\">\(stops)</linearGradient>" }
        if cornerRadius > 0 {
            s += "<clipPath id=\"r\"><rect width=\"\(n(width))\" height=\"\(n(height))\" rx=\"\(n(cornerRadius))\" fill=\"#fff\"/></clipPath>"
            s += "<g clip-path=\"url(#r)\">"
        } else {
            s += "<g shape-rendering=\"crispEdges\">"
        }
        for box in boxes where box.width > 0 {
            s += "<rect x=\"\(n(box.x))\" width=\"\(n(box.width))\" height=\"\(n(height))\" fill=\"\(box.color.hex)\"/>"
        }
        if !stops.isEmpty { s += "<rect width=\"\(n(width))\" height=\"\(n(height))\" fill=\"url(#s)\"/>" }
        s += "</g><g text-anchor=\"middle\" font-family=\"\(Self.fontFamily)\" font-size=\"\(n(fontSize))\">"
        for box in boxes where !box.text.isEmpty {
            let weight = box.bold ? " font-weight=\"bold\"" : ""
            let natural = drawn(box.text, fontSize, box.bold)
            let scale = natural > 0 ? min(2, max(0.5, box.textWidth / natural)) : 1
            s += "<text transform=\"matrix(\(scale) 0 0 1 \(n(box.textCenter)) 0)\" x=\"0\" y=\"\(n(baseline))\" "
            s += "fill=\"\(box.textColor.hex)\"\(weight)>"
            s += Self.escaped(box.text) + "</text>"
        }
        return s + "</g></svg>"
    }

    /// `text` safe inside an XML element or attribute.
    package static func escaped(_ text: String) -> String {
        var out = ""
        for c in text.unicodeScalars {
            switch c {
            case "&": out += "&amp;"
            case "<": out += "&lt;"
            case ">": out += "&gt;"
            case "\"": out += "&quot;"
            case _ where c.value < 0x20: out += " "
            default: out.unicodeScalars.append(c)
            }
        }
        return out
    }
}
