import Foundation

protocol GaugeContentB4 {
    var label: GaugeB4 { get }
    var suite: UserDefaults { get }
}

struct GaugeB4 {
    init?(_ value: Int) {}
}

struct DialB4 {
    var gauge = GaugeB4(3)
    var defaults = UserDefaults(suiteName: "a")
}
