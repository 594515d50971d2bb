// MVC variant — seed 000 §2: an app icon view that owns its model.
//
// `MYAppView` takes an `MYAppModel` and fills its own private icon and name views; taps go to the
// controller through a delegate. The view hides its subviews from the controller, at the cost of
// depending on the model type. Run it with `bash Playgrounds/run.sh MVCVariant`.
import DecoupleTextUI

// MARK: Model

struct MYAppModel {
    var name: String
    var image: ImageName
}

// MARK: View

@MainActor
protocol MYAppViewDelegate: AnyObject {
    func appViewDidTap(_ appView: MYAppView)
}

final class MYAppView: View {
    weak var delegate: (any MYAppViewDelegate)?

    /// Setting the model fills the private subviews.
    var model: MYAppModel? {
        didSet {
            iconView.image = model?.image
            nameLabel.text = model?.name ?? ""
        }
    }

    private let iconView = ImageView()
    private let nameLabel = Label()

    override init() {
        super.init()
        addSubview(StackView(.horizontal, [iconView, nameLabel], border: true))
    }

    /// A tap anywhere on the view, as its gesture recognizer would report it.
    func tap() {
        delegate?.appViewDidTap(self)
    }
}

// MARK: Controller

final class AppController: ViewController, MYAppViewDelegate {
    let appView = MYAppView()
    private let apps = [MYAppModel(name: "QQ", image: "QQ"), MYAppModel(name: "微信", image: "WeChat")]
    private var current = 0
    private let status = Label()

    override func viewDidLoad() {
        title = "应用"
        appView.delegate = self
        appView.model = apps[current]
        view.addSubview(appView)
        view.addSubview(status)
    }

    func appViewDidTap(_ appView: MYAppView) {
        status.text = "打开了 \(apps[current].name)"
        current = (current + 1) % apps.count
        appView.model = apps[current]
    }
}

// MARK: Run

var controller: AppController? = AppController()
let window = Window(rootViewController: NavigationController(rootViewController: controller!), width: 24)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(window.renderedText())
}

show("the view fills itself from its model")
controller?.appView.tap()
show("tapped: the controller heard it and set the next model")
controller?.appView.tap()
show("tapped again")

// Tear down: nothing outlives the window.
weak let weakController = controller
weak let weakView = controller?.appView
window.rootViewController = nil
controller = nil
print("after teardown: controller \(weakController == nil ? "gone" : "LEAKED"), view \(weakView == nil ? "gone" : "LEAKED")")
