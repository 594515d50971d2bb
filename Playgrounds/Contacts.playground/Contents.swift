// Contacts — seed 001: typed models instead of dictionaries, and selection that survives reuse.
//
// Contacts arrive as dictionaries and become `Contact` models at the edge (`init(dictionary:)`),
// with a deep copy and a way back to a dictionary. Tapping a row toggles the contact's
// `isSelected`; the cell only shows what its row's model says, so when cells are reused while
// scrolling, every mark stays on its own row. Run it with `bash Playgrounds/run.sh Contacts`.
import DecoupleTextUI

// MARK: Model

final class Contact {
    let name: String
    let phone: String
    var isSelected = false

    init(name: String, phone: String) {
        self.name = name
        self.phone = phone
    }

    /// The seed's `initWithDict:`: a missing or mistyped key is `nil`, not a crash later.
    convenience init?(dictionary: [String: Any]) {
        guard let name = dictionary["name"] as? String, let phone = dictionary["phone"] as? String else { return nil }
        self.init(name: name, phone: phone)
        isSelected = dictionary["selected"] as? Bool ?? false
    }

    /// The seed's `copyWithZone:`: a copy changes independently.
    func copy() -> Contact {
        let copy = Contact(name: name, phone: phone)
        copy.isSelected = isSelected
        return copy
    }

    var dictionary: [String: Any] { ["name": name, "phone": phone, "selected": isSelected] }
}

// MARK: Controller

final class ContactsController: ViewController, TableViewDataSource, TableViewDelegate {
    let tableView = TableView()
    private(set) var contacts: [Contact] = []

    override func viewDidLoad() {
        title = "联系人"
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "contact")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.visibleRowCount = 6
        view.addSubview(tableView)
    }

    func load(_ records: [[String: Any]]) {
        contacts = records.compactMap(Contact.init(dictionary:))
        tableView.reloadData()
    }

    func numberOfRows(in tableView: TableView) -> Int { contacts.count }

    func tableView(_ tableView: TableView, cellForRowAt row: Int) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: row)
        let contact = contacts[row]
        cell.textLabel.text = contact.name
        cell.detailTextLabel.text = contact.phone
        cell.accessory = contact.isSelected ? .checkmark : .none
        return cell
    }

    /// A tap changes the model; the model change refreshes the row.
    func tableView(_ tableView: TableView, didSelectRowAt row: Int) {
        contacts[row].isSelected.toggle()
        tableView.reloadRows(at: [row])
    }
}

// MARK: Run

let records: [[String: Any]] = (0..<30).map { ["name": "联系人-\($0)", "phone": "138-0000-\(1000 + $0)"] }
    + [["name": "no phone"]]   // a bad record is dropped at the edge, not carried around
var controller: ContactsController? = ContactsController()
let window = Window(rootViewController: NavigationController(rootViewController: controller!), width: 30)
controller!.load(records)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(window.renderedText())
}

print("records: \(records.count), contacts: \(controller!.contacts.count)")
controller!.tableView.selectRow(at: 1)
controller!.tableView.selectRow(at: 3)
show("selected 联系人-1 and 联系人-3")
controller!.tableView.scroll(by: 9)
controller!.tableView.selectRow(at: 12)
show("scrolled 9 rows: cells were reused; selected 联系人-12")
controller!.tableView.scroll(by: -9)
show("scrolled back: the marks are on the same rows")
print("cells created: \(controller!.tableView.createdCellCount), alive: \(controller!.tableView.liveCellCount)")

let copy = controller!.contacts[1].copy()
copy.isSelected = false
print("copy unselected, original still selected: \(controller!.contacts[1].isSelected)")
print("back to a dictionary: name=\(controller!.contacts[3].dictionary["name"]!), selected=\(controller!.contacts[3].dictionary["selected"]!)")

// Tear down: nothing outlives the window.
weak let weakController = controller
weak let weakCell = controller?.tableView.cellForRow(at: 0)
weak let weakContact = controller?.contacts.first
window.rootViewController = nil
controller = nil
print("after teardown: controller \(weakController == nil ? "gone" : "LEAKED"), cell \(weakCell == nil ? "gone" : "LEAKED"), contacts \(weakContact == nil ? "gone" : "LEAKED")")
