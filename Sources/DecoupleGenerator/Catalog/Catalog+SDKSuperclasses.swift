// MARK: - Catalog: what the SDK's superclasses declare

extension Catalog {
    /// The members of the SDK's classes that apps subclass most and that content protocols name
    /// (`CustomStringConvertible`'s `description`, a `title`), which the sources never declare:
    /// a class of the sources that inherits from one has them, so that generated code reads them
    /// and does not declare them a second time (an extension cannot override them).
    static let sdkSuperclassMembers: [String: [(name: String, type: TypeReference)]] = {
        let object: [(name: String, type: TypeReference)] = [
            ("description", TypeReference(wrapped: "String", isOptional: false)),
            ("debugDescription", TypeReference(wrapped: "String", isOptional: false)),
            ("hash", TypeReference(wrapped: "Int", isOptional: false)),
        ]
        let view = object + [("tag", TypeReference(wrapped: "Int", isOptional: false))]
        let controller = object + [("title", TypeReference(wrapped: "String", isOptional: true))]
        var table: [String: [(name: String, type: TypeReference)]] = [:]
        for name in ["NSObject", "UIResponder", "NSResponder", "NSWindowController", "NSDocument", "UIDocument"] { table[name] = object }
        for name in ["UIView", "NSView", "UIControl", "UILabel", "UIButton", "UIImageView", "UITableViewCell", "UICollectionViewCell",
                     "UICollectionReusableView", "UITableViewHeaderFooterView", "UIStackView", "UIScrollView", "UITableView", "UICollectionView"] {
            table[name] = view
        }
        for name in ["UIViewController", "NSViewController", "UITableViewController", "UICollectionViewController",
                     "UINavigationController", "UITabBarController"] {
            table[name] = controller
        }
        return table
    }()

    /// Gives each class of the sources the members its SDK superclass declares (at the class's
    /// position), those it and its superclasses in the sources do not declare.
    mutating func inheritSDKSuperclassMembers() {
        for name in declarations.keys.sorted() {
            for index in declarations[name]!.indices where declarations[name]![index].kind == .class {
                let type = declarations[name]![index]
                // The first class up the chain that the sources do not declare.
                let top = superclasses(of: type).last ?? type
                guard let written = top.inheritedTypes.first, resolveTypeName(written) == nil,
                      let members = Self.sdkSuperclassMembers[QualifiedName(TypeDeclaration.withoutAttributes(written)).last] else { continue }
                let sdkClass = QualifiedName(TypeDeclaration.withoutAttributes(written)).last
                for (memberName, memberType) in members where !type.members.contains(where: { $0.name.isSameIdentifier(as: memberName) }) {
                    var member = MemberDeclaration(
                        name: memberName, kind: .property, type: memberType, signature: nil, isStatic: false,
                        access: .public, position: type.position)
                    member.inheritedFromSDK = sdkClass
                    declarations[name]![index].members.append(member)
                }
            }
        }
    }
}
