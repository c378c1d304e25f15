/// How many cells a Markdown text's tables can ask cmark-gfm for, counted on its bytes before it is
/// parsed: GitHub's tables fill every row to the header's width, so a 23 KB text of a thousand-column
/// header and short lines asks for millions of cells (cmark-gfm's own limit, 524,288 autocompleted
/// cells, still costs 150 MB and 5 MB of HTML). A text whose tables could hold more than
/// ``maximumCells`` is refused before cmark sees it.
enum MarkdownTables {
    /// Cells every table of one text may hold in all: a 2,000-row table of ten columns, far beyond an
    /// article's; parsed and written in a few milliseconds and megabytes.
    static let maximumCells = 20_000

    /// An upper bound of the cells the tables of `markdown` hold: for each delimiter row (`|---|:-:|`,
    /// after any quote or list markers) under a line with a `|`, its columns times the lines from the
    /// header to the next blank line (every such line can be a row, filled to the header's width).
    static func cellBound(_ markdown: UnsafeBufferPointer<UInt8>) -> Int {
        var cells = 0
        var previousHasPipe = false
        var table: (columns: Int, rows: Int)?
        var start = 0
        while start <= markdown.count {
            var end = start
            while end < markdown.count, markdown[end] != UInt8(ascii: "\n") { end += 1 }
            let line = Self.content(of: markdown[start..<end])
            if let open = table {
                if line.allSatisfy(Self.isSpace) {
                    cells += open.columns * open.rows
                    table = nil
                } else {
                    table = (open.columns, open.rows + 1)
                }
            } else if previousHasPipe, let columns = Self.delimiterColumns(line) {
                table = (columns, 2)
            }
            previousHasPipe = line.contains(UInt8(ascii: "|"))
            start = end + 1
        }
        if let open = table { cells += open.columns * open.rows }
        return cells
    }

    /// A line without the quote markers, list markers and indentation of the containers it is in.
    private static func content(of line: Slice<UnsafeBufferPointer<UInt8>>) -> Slice<UnsafeBufferPointer<UInt8>> {
        var rest = line
        while let first = rest.first {
            if Self.isSpace(first) || first == UInt8(ascii: ">") {
                rest = rest.dropFirst()
            } else if [UInt8(ascii: "*"), UInt8(ascii: "+")].contains(first), rest.dropFirst().first.map(Self.isSpace) == true {
                rest = rest.dropFirst(2)
            } else if first >= UInt8(ascii: "0"), first <= UInt8(ascii: "9") {
                let digits = rest.prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                let after = rest.dropFirst(digits.count)
                guard let marker = after.first, marker == UInt8(ascii: ".") || marker == UInt8(ascii: ")"),
                    after.dropFirst().first.map(Self.isSpace) == true
                else { break }
                rest = after.dropFirst(2)
            } else {
                break
            }
        }
        return rest
    }

    /// The columns of `line` if it can be a table's delimiter row (only `|`, `-`, `:` and spaces, a
    /// `-` at least): its runs of `-`. A list item's `- ` marker before it counts as a column too,
    /// which only raises the bound.
    private static func delimiterColumns(_ line: Slice<UnsafeBufferPointer<UInt8>>) -> Int? {
        guard line.contains(UInt8(ascii: "-")),
            line.allSatisfy({ [UInt8(ascii: "|"), UInt8(ascii: "-"), UInt8(ascii: ":")].contains($0) || Self.isSpace($0) })
        else { return nil }
        var columns = 0
        var previous: UInt8 = 0
        for byte in line {
            if byte == UInt8(ascii: "-"), previous != UInt8(ascii: "-") { columns += 1 }
            previous = byte
        }
        return columns
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || byte == 0x09 || byte == 0x0D
    }
}
