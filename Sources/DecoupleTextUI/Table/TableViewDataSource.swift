import Foundation

// MARK: - TableViewDataSource

/// Supplies a ``TableView``'s sections and rows, as `UITableViewDataSource` does, with the same
/// method names, so a UIKit data source ports with few edits.
///
/// Only ``tableView(_:numberOfRowsInSection:)`` and ``tableView(_:cellForRowAt:)`` are required;
/// a table has one section unless ``numberOfSections(in:)`` says otherwise.
@MainActor
public protocol TableViewDataSource: AnyObject {
    /// How many sections the table has. The default is 1.
    func numberOfSections(in tableView: TableView) -> Int
    /// How many rows a section has.
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    /// The cell for a row; get it from ``TableView/dequeueReusableCell(withIdentifier:for:)``.
    func tableView(_ tableView: TableView, cellForRowAt indexPath: IndexPath) -> TableViewCell
    /// The title drawn above a section, or `nil` for none (the default).
    func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String?
    /// The text drawn below a section, or `nil` for none (the default).
    func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String?
}

extension TableViewDataSource {
    public func numberOfSections(in tableView: TableView) -> Int { 1 }
    public func tableView(_ tableView: TableView, titleForHeaderInSection section: Int) -> String? { nil }
    public func tableView(_ tableView: TableView, titleForFooterInSection section: Int) -> String? { nil }
}

// MARK: - TableViewDelegate

/// Hears what a person does to a ``TableView``'s rows, as `UITableViewDelegate` does. Every
/// method has a default, so implement only what you need.
@MainActor
public protocol TableViewDelegate: AnyObject {
    /// A row was tapped and is now selected.
    func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath)
    /// A selected row lost its selection because another row was tapped.
    func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath)
}

extension TableViewDelegate {
    public func tableView(_ tableView: TableView, didSelectRowAt indexPath: IndexPath) {}
    public func tableView(_ tableView: TableView, didDeselectRowAt indexPath: IndexPath) {}
}
