// Fuzz target: the JSON bodies of the write API (`WriteBodies.decode(_:bytes:)`) and the store's
// checks of the items they carry (`ItemInput.validate(position:)`).
//
// Input: one byte choosing the endpoint (its value modulo 3: 0 `PUT /api/listings/{name}`,
// 1 `POST .../items`, 2 `PATCH .../items/{id}`; the seeds use the digits '0', '1', '2'), then the body.
//
// What must hold:
// - every refusal is a 400 with a message;
// - what is decoded, written again by the server's JSONWriter, decodes to the same thing (its
//   fields included);
// - an item the store's checks accept survives a TSV export and import unchanged (ItemLimits
//   promises it: no part of a stored item holds a tab, a newline or another control character).
import FuzzSupport
import ThumbIndexFormats
import ThumbIndexRequests
import ThumbIndexStore

/// A JSON object of `fields` (name, how to write the value), written by the server's JSONWriter.
func object(_ fields: [(String, (inout JSONWriter) -> Void)]) -> [UInt8] {
    var json = JSONWriter()
    json.raw("{")
    for (i, (name, value)) in fields.enumerated() {
        if i > 0 { json.raw(",") }
        json.key(name)
        value(&json)
    }
    json.raw("}")
    return json.bytes
}

func json(_ input: ItemInput) -> [UInt8] {
    var fields: [(String, (inout JSONWriter) -> Void)] = [("text", { $0.string(input.text) }), ("pinned", { $0.raw("\(input.pinned)") })]
    if let id = input.id { fields.append(("id", { $0.string(id) })) }
    if let reading = input.reading { fields.append(("reading", { $0.string(reading) })) }
    if !input.fields.isEmpty {
        let columns = object(input.fields.sorted { $0.key < $1.key }.map { name, value in (name, { $0.string(value) }) })
        fields.append(("fields", { $0.raw(String(decoding: columns, as: UTF8.self)) }))
    }
    return object(fields)
}

func json(_ patch: ItemPatch) -> [UInt8] {
    var fields: [(String, (inout JSONWriter) -> Void)] = []
    if let text = patch.text { fields.append(("text", { $0.string(text) })) }
    if let reading = patch.reading { fields.append(("reading", { json in reading.map { json.string($0) } ?? json.raw("null") })) }
    if let pinned = patch.pinned { fields.append(("pinned", { $0.raw("\(pinned)") })) }
    return object(fields)
}

func checkItems(_ items: [WriteBodies.Item]) {
    var again = JSONWriter()
    again.raw("{\"items\":[")
    for (i, item) in items.enumerated() {
        if i > 0 { again.raw(",") }
        again.raw(String(decoding: json(item.input), as: UTF8.self))
    }
    again.raw("]}")
    do {
        let decoded = try WriteBodies.decode(WriteBodies.Items.self, bytes: again.bytes)
        Fuzz.expect(decoded.items.map(\.input) == items.map(\.input), "written again and decoded, the items differ: \(String(decoding: again.bytes, as: UTF8.self))")
    } catch {
        Fuzz.expect(false, "written again, the items are refused: \(error): \(String(decoding: again.bytes, as: UTF8.self))")
    }

    for (i, item) in items.enumerated() {
        let input = item.input
        guard (try? input.validate(position: i)) != nil else { continue }
        // Exported as a TSV row (id, text, reading, then each field's name and value as cells of
        // their own) under a header, then read back.
        let columns = input.fields.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] }
        let cells = [input.id ?? "", input.text, input.reading ?? ""] + columns
        let header = ["id", "text", "reading"] + columns.indices.map { "c\($0)" }
        let tsv = header.joined(separator: "\t") + "\n" + cells.joined(separator: "\t") + "\n"
        do {
            let table = try RecordTable.read(Array(tsv.utf8), format: .tsv, source: "export")
            Fuzz.expect(table.count == 1 && table.columns.map { $0[0] } == cells, "a valid item does not survive TSV: \(input)")
        } catch {
            Fuzz.expect(false, "a valid item's TSV row is refused: \(error): \(input)")
        }
    }
}

@_cdecl("LLVMFuzzerTestOneInput")
func testOneInput(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    var input = FuzzInput(Fuzz.bytes(data, size))
    let endpoint = input.byte() % 3
    let body = input.rest
    do {
        switch endpoint {
        case 0:
            let listing = try WriteBodies.decode(WriteBodies.Listing.self, bytes: body)
            checkItems(listing.items)
        case 1:
            let items = try WriteBodies.decode(WriteBodies.Items.self, bytes: body)
            checkItems(items.items)
        default:
            let patch = try WriteBodies.decode(WriteBodies.Patch.self, bytes: body).patch
            Fuzz.expect(patch.text != nil || patch.reading != nil || patch.pinned != nil, "an empty patch was accepted")
            let bytes = json(patch)
            let again = try? WriteBodies.decode(WriteBodies.Patch.self, bytes: bytes).patch
            Fuzz.expect(again == patch, "written again and decoded, the patch differs: \(String(decoding: bytes, as: UTF8.self))")
        }
    } catch {
        Fuzz.expect(error.status.code == 400 && !error.message.isEmpty, "answered \(error)")
    }
    return 0
}

Fuzz.run(testOneInput)
