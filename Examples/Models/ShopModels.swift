// Seed 000: the shop list (MVC) and the app icon (MVC variant).

// decouple: TitledContent(title: name, subtitle: priceText)
struct MYShopModel: Codable {
    var name: String
    var price: Double
}

extension MYShopModel {
    /// The price as the seed shows it: `¥19.0`.
    var priceText: String { "¥\(price)" }
}

// decouple: NamedImageContent(image: icon)
struct MYAppModel {
    var name: String
    var icon: String
}
