// MVP — seed 000 §3: the view knows no model; a presenter does the work.
//
// The view exposes `setName(_:image:)` only. The presenter holds the controller *weakly*, creates
// the view, loads the model, pushes its values into the view and handles the view's taps. One
// presenter per view. Run it with `bash Playgrounds/run.sh MVP`.
import DecoupleTextUI

// MARK: Model

struct MYAppModel {
    var name: String
    var image: ImageName
    var downloads: Int
}

// MARK: View

final class MYAppView: View {
    /// Reports taps; the presenter sets it.
    var onTap: (@MainActor () -> Void)?

    private let iconView = ImageView()
    private let nameLabel = Label()

    override init() {
        super.init()
        addSubview(StackView(.horizontal, [iconView, nameLabel], border: true))
    }

    /// The only way in: plain values, no model type.
    func setName(_ name: String, image: ImageName) {
        nameLabel.text = name
        iconView.image = image
    }

    func tap() { onTap?() }
}

// MARK: Presenter

@MainActor
final class AppPresenter {
    /// Weak: the controller owns the presenter, never the other way round.
    private(set) weak var controller: ViewController?
    let appView = MYAppView()
    private var model = MYAppModel(name: "", image: .empty, downloads: 0)

    init(controller: ViewController) {
        self.controller = controller
        controller.view.addSubview(appView)
        appView.onTap = { [weak self] in self?.didTap() }
    }

    func loadModel() {
        model = MYAppModel(name: "QQ", image: "QQ", downloads: 0)
        render()
    }

    private func didTap() {
        model.downloads += 1
        render()
    }

    private func render() {
        appView.setName("\(model.name) 下载 \(model.downloads)", image: model.image)
    }
}

final class AppController: ViewController {
    private(set) var presenter: AppPresenter?

    override func viewDidLoad() {
        title = "MVP"
        presenter = AppPresenter(controller: self)
        presenter?.loadModel()
    }
}

// MARK: Run

var controller: AppController? = AppController()
let window = Window(rootViewController: controller, width: 30)

@MainActor func show(_ caption: String) {
    print("── \(caption) ──")
    print(window.renderedText())
}

show("the presenter pushed the model's values")
controller?.presenter?.appView.tap()
controller?.presenter?.appView.tap()
show("two taps, handled by the presenter")

// The presenter does not keep its controller alive: hold on to the presenter, let the
// controller go, and the presenter's reference is nil.
var presenter: AppPresenter? = controller!.presenter!
weak let weakPresenter = presenter
window.rootViewController = nil
controller = nil
print("controller released while its presenter lives: \(presenter?.controller == nil)")
weak let weakView = presenter?.appView
presenter = nil
print("presenter released: presenter \(weakPresenter == nil ? "gone" : "LEAKED"), view \(weakView == nil ? "gone" : "LEAKED")")
