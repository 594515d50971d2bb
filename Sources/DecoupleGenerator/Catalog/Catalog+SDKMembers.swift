// MARK: - Catalog: the SDK's members apps read most in initialisers

extension Catalog {
    /// The static properties of SDK and standard library types that are of the type itself,
    /// which apps write most as a property's initial value (`var frame = CGRect.zero`,
    /// `let files = FileManager.default`). None is also a static method (`Font.system` is left
    /// out), because `T.member` and `T.member(…)` are read alike. A type of the sources with the
    /// same name hides its entry: its own members are read instead.
    static let sdkStaticMembers: [String: Set<String>] = {
        let colors: Set<String> = ["black", "blue", "brown", "clear", "cyan", "gray", "green", "indigo", "mint", "orange",
                                   "pink", "purple", "red", "teal", "white", "yellow"]
        let floatingPoint: Set<String> = ["zero", "pi", "infinity", "nan", "greatestFiniteMagnitude", "leastNonzeroMagnitude"]
        let integer: Set<String> = ["zero", "max", "min"]
        return [
            "Int": integer, "Int8": integer, "Int16": integer, "Int32": integer, "Int64": integer,
            "UInt": integer, "UInt8": integer, "UInt16": integer, "UInt32": integer, "UInt64": integer,
            "Double": floatingPoint, "Float": floatingPoint, "CGFloat": floatingPoint, "TimeInterval": floatingPoint,
            "CGRect": ["zero", "null", "infinite"], "CGPoint": ["zero"], "CGSize": ["zero"], "CGVector": ["zero"],
            "CGAffineTransform": ["identity"], "UIEdgeInsets": ["zero"], "NSDirectionalEdgeInsets": ["zero"],
            "Date": ["now", "distantPast", "distantFuture"],
            "Duration": ["zero"],
            "URL": ["applicationSupportDirectory", "cachesDirectory", "documentsDirectory", "downloadsDirectory",
                    "homeDirectory", "libraryDirectory", "moviesDirectory", "musicDirectory", "picturesDirectory",
                    "temporaryDirectory", "trashDirectory", "desktopDirectory"],
            "FileManager": ["default"], "NotificationCenter": ["default"], "UserDefaults": ["standard"], "Bundle": ["main"],
            "DispatchQueue": ["main"], "RunLoop": ["main", "current"], "OperationQueue": ["main"], "URLSession": ["shared"],
            "ProcessInfo": ["processInfo"], "Locale": ["current", "autoupdatingCurrent"],
            "Calendar": ["current", "autoupdatingCurrent"], "TimeZone": ["current", "autoupdatingCurrent"],
            "CharacterSet": ["whitespaces", "whitespacesAndNewlines", "newlines", "decimalDigits", "letters", "alphanumerics",
                             "punctuationCharacters", "urlQueryAllowed", "urlPathAllowed"],
            "UIApplication": ["shared"], "NSApplication": ["shared"], "NSWorkspace": ["shared"], "UIDevice": ["current"],
            "Color": colors.union(["primary", "secondary", "accentColor"]),
            "UIColor": colors.union(["label", "secondaryLabel", "tertiaryLabel", "systemBackground", "secondarySystemBackground",
                                     "systemGroupedBackground", "separator", "tintColor", "systemRed", "systemBlue", "systemGreen",
                                     "systemOrange", "systemYellow", "systemGray"]),
            "NSColor": colors.union(["labelColor", "secondaryLabelColor", "textColor", "controlAccentColor", "controlColor",
                                     "windowBackgroundColor", "controlBackgroundColor", "separatorColor", "systemRed", "systemBlue",
                                     "systemGreen", "systemOrange", "systemYellow", "systemGray"]),
            "Font": ["body", "callout", "caption", "caption2", "footnote", "headline", "largeTitle", "subheadline",
                     "title", "title2", "title3"],
            "Font.Weight": ["black", "bold", "heavy", "light", "medium", "regular", "semibold", "thin", "ultraLight"],
            "Animation": ["default", "easeIn", "easeInOut", "easeOut", "linear", "spring", "bouncy", "smooth", "snappy"],
            "Subscribers.Demand": ["none", "unlimited"],
        ]
    }()

    /// The `EnvironmentValues` SwiftUI declares that apps read most with `@Environment(\.key)`,
    /// and their types. A type of the sources named as one of these types hides the entry.
    static let sdkEnvironmentValues: [String: TypeReference] = {
        func type(_ name: String, _ isOptional: Bool = false) -> TypeReference { TypeReference(wrapped: name, isOptional: isOptional) }
        return [
            "accessibilityDifferentiateWithoutColor": type("Bool"), "accessibilityEnabled": type("Bool"),
            "accessibilityReduceMotion": type("Bool"), "accessibilityReduceTransparency": type("Bool"),
            "calendar": type("Calendar"), "colorScheme": type("ColorScheme"), "colorSchemeContrast": type("ColorSchemeContrast"),
            "controlActiveState": type("ControlActiveState"), "controlSize": type("ControlSize"),
            "dismiss": type("DismissAction"), "dismissSearch": type("DismissSearchAction"), "dismissWindow": type("DismissWindowAction"),
            "displayScale": type("CGFloat"), "dynamicTypeSize": type("DynamicTypeSize"),
            "editMode": type("Binding<EditMode>", true), "font": type("Font", true),
            "horizontalSizeClass": type("UserInterfaceSizeClass", true), "verticalSizeClass": type("UserInterfaceSizeClass", true),
            "isEnabled": type("Bool"), "isFocused": type("Bool"), "isPresented": type("Bool"), "isScrollEnabled": type("Bool"),
            "isSearching": type("Bool"), "layoutDirection": type("LayoutDirection"), "lineLimit": type("Int", true),
            "locale": type("Locale"), "managedObjectContext": type("NSManagedObjectContext"), "modelContext": type("ModelContext"),
            "multilineTextAlignment": type("TextAlignment"), "newDocument": type("NewDocumentAction"),
            "openDocument": type("OpenDocumentAction"), "openSettings": type("OpenSettingsAction"), "openURL": type("OpenURLAction"),
            "openWindow": type("OpenWindowAction"), "pixelLength": type("CGFloat"),
            "presentationMode": type("Binding<PresentationMode>"), "redactionReasons": type("RedactionReasons"),
            "refresh": type("RefreshAction", true), "requestReview": type("RequestReviewAction"), "scenePhase": type("ScenePhase"),
            "sidebarRowSize": type("SidebarRowSize"), "supportsMultipleWindows": type("Bool"), "timeZone": type("TimeZone"),
            "undoManager": type("UndoManager", true),
        ]
    }()

    /// The type of `Type.member` from the table above, read inside `context`, unless a type or
    /// type alias of the sources is what the type's name means there.
    func sdkStaticMemberType(_ typePath: String, _ member: String, in context: String) -> TypeReference? {
        let canonical = QualifiedName(typePath).canonical
        guard Self.sdkStaticMembers[canonical]?.contains(member) == true, !declaresType(canonical, in: context) else { return nil }
        return TypeReference(wrapped: canonical, isOptional: false)
    }

    /// The type of `EnvironmentValues.key` from the table above, written inside `context`, unless
    /// a type or type alias of the sources is what its name means there.
    func sdkEnvironmentValue(_ key: String, in context: String) -> TypeReference? {
        guard let type = Self.sdkEnvironmentValues[key], !declaresType(String(type.wrapped.prefix { $0 != "<" }), in: context) else { return nil }
        return type
    }

    /// Whether `name` means a type or type alias of the sources inside `context`.
    private func declaresType(_ name: String, in context: String) -> Bool {
        qualifiedTypeName(name, in: context) != nil || typeAlias(named: name, in: context) != nil
    }
}
