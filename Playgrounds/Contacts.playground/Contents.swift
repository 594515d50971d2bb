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

/// Contacts in sections by initial letter, as an address book shows them.
final class ContactsController: ViewController, TableViewDataSource, TableViewDelegate {
    let tableView = TableView()
    private(set) var contacts: [Contact] = []
    private var sections: [(letter: String, contacts: [Contact])] = []

    override func viewDidLoad() {
        title = "联系人"
        tableView.register(TableViewCell.self, forCellReuseIdentifier: "contact")
        tableView.dataSource = self
        tableView.delegate = self
        tableView.visibleRowCount = 8
        view.addSubview(tableView)
    }

    func load(_ records: [[String: Any]]) {
        contacts = records.compactMap(Contact.init(dictionary:))
        let byLetter = Dictionary(grouping: contacts) { String($0.name.prefix(1)) }
        sections = byLetter.keys.sorted().map { ($0, byLetter[$0]!) }
        tableView.reloadData()
    }

    func contact(at indexPath: IndexPath) -> Contact { sections[indexPath.section].contacts[indexPath.row] }

    func numberOfSections(in tableView: TableView) -> Int { sections.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int { sections[section].contacts.count }

    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { sections[section].letter }

    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell {
        let cell = tableView.dequeueReusableCell(withIdentifier: "contact", for: indexPath)
        let contact = contact(at: indexPath)
        cell.textLabel.text = contact.name
        cell.detailTextLabel.text = contact.phone
        cell.accessory = contact.isSelected ? .checkmark : .none
        return cell
    }

    /// A tap changes the model; the model change refreshes the row.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {
        tableView.deselectRow(at: indexPath, animated: true)
        contact(at: indexPath).isSelected.toggle()
        tableView.reloadRows(at: [indexPath], with: .automatic)
    }
}

// MARK: Run

let names = ["An Qi", "Bai Lu", "Bao Yu", "Cao Yi", "Chen Jie", "Cui Ying", "Deng Hui", "Ding Lei", "Du Fang",
             "Fan Bing", "Fang Yuan", "Feng Lin", "Gao Wei", "Gu Yue", "Guo Tao", "He Ping", "Hu Jun", "Huang Li",
             "Jiang Tao", "Jin Xin", "Kong Ming", "Li Na", "Lin Feng", "Liu Yang", "Lu Xun", "Ma Li", "Meng Yu",
             "Pan Hong", "Qian Kun", "Qin Hao"]
let records: [[String: Any]] = names.enumerated().map { ["name": $1, "phone": "138-0000-\(1000 + $0)"] }
    + [["name": "no phone"]]   // a bad record is dropped at the edge, not carried around
var controller: ContactsController? = ContactsController()
let window = Window(rootViewController: NavigationController(rootViewController: controller!), width: 30)
controller!.load(records)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(window.renderedText())
}

/// The table, read through the controller, so that nothing here keeps it alive at teardown.
var table: TableView { controller!.tableView }
print("records: \(records.count), contacts: \(controller!.contacts.count), sections: \(table.numberOfSections)")
table.tapRow(at: IndexPath(row: 0, section: 1))   // Bai Lu
table.tapRow(at: IndexPath(row: 1, section: 2))   // Chen Jie
show("selected Bai Lu and Chen Jie")
table.scroll(by: 20)
table.tapRow(at: IndexPath(row: 1, section: 9))   // Lin Feng
show("scrolled 20 lines: cells were reused; selected Lin Feng")
table.scrollToRow(at: IndexPath(row: 0, section: 0), at: .top, animated: false)
show("scrolled back to the top: the marks are on the same rows")
print("cells created: \(table.createdCellCount), alive: \(table.liveCellCount)")

let copy = controller!.contacts[1].copy()
copy.isSelected = false
print("copy unselected, original still selected: \(controller!.contacts[1].isSelected)")
print("back to a dictionary: name=\(controller!.contacts[4].dictionary["name"]!), selected=\(controller!.contacts[4].dictionary["selected"]!)")

// Tear down: nothing outlives the window.
weak let weakController = controller
weak let weakCell = controller?.tableView.cellForRow(at: table.indexPathsForVisibleRows[0])
weak let weakContact = controller?.contacts.first
window.rootViewController = nil
controller = nil
print("after teardown: controller \(weakController == nil ? "gone" : "LEAKED"), cell \(weakCell == nil ? "gone" : "LEAKED"), contacts \(weakContact == nil ? "gone" : "LEAKED")")
