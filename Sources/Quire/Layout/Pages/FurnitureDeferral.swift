import QuireModel
import QuireParse
import QuireStyle

/// How pages that would wait long for what their header and footer show (the page count, a
/// running title still to come) go on without it: once more than `waitingPages` wait, each
/// page is handed on with the slots that are known, and marked (`Page.deferredFurniture`)
/// for the rest, which `furniture` receives at the end of the document as a page of its own
/// (furniture only) to draw over it: so memory holds no page for them, however long the
/// document. A document whose pages never wait that long is laid out as without it.
package struct FurnitureDeferral {
    package var waitingPages = 64
    /// Receives each marked page's number and its deferred furniture, after the last page.
    package var furniture: (Int, Page) -> Void

    /// A page handed on without some of its furniture.
    package struct Waiting {
        package var number: Int
        package var size: PageSize
        /// The placeholders it waits for.
        package var unknown: Set<FurniturePlaceholder>
    }

    package init(waitingPages: Int = 64, furniture: @escaping (Int, Page) -> Void) {
        self.waitingPages = waitingPages
        self.furniture = furniture
    }
}

extension PageFurnisher {
    /// Gives `page`, the `number`th, its furniture: whole when nothing is `unknown` (`title`
    /// is known then), else the slots that are known; a page on which an unknown slot shows
    /// is marked and returned, to be finished at the end (`drawDeferred`).
    package func furnish(_ page: inout Page, number: Int, of count: Int?, info: DocumentInfo, title: TextValue?,
                 unknown: Set<FurniturePlaceholder>) -> FurnitureDeferral.Waiting? {
        guard !unknown.isEmpty else {
            page.furniture = furniture(page: number, of: count, size: page.size, info: info, title: title!)
            return nil
        }
        page.furniture = furniture(page: number, of: count, size: page.size, info: info, title: title ?? .plain(""),
                                   slots: .known(unknown: unknown))
        guard furnitureShows(unknown, page: number, size: page.size) else { return nil }
        page.deferredFurniture = number
        return FurnitureDeferral.Waiting(number: number, size: page.size, unknown: unknown)
    }

    /// Hands `deferral` the rest of the furniture of each page marked by `furnish`, once the
    /// page `count` and the `title` are known. O(marked pages).
    package func drawDeferred(_ marked: [FurnitureDeferral.Waiting], to deferral: FurnitureDeferral, of count: Int, info: DocumentInfo,
                      title: TextValue) {
        for page in marked {
            var furniture = Page(size: page.size, items: [], links: [], destinations: [])
            furniture.furniture = self.furniture(page: page.number, of: count, size: page.size, info: info, title: title,
                                                 slots: .deferred(unknown: page.unknown))
            deferral.furniture(page.number, furniture)
        }
    }
}
