import DecoupleGenerator
import Testing

/// Names are compared by what they name: a module prefix, backticks or whitespace never make
/// two spellings of one type differ, and different types never compare equal.
@Suite struct QualifiedNameTests {
    @Test func modulePrefix_isDropped() {
        #expect(QualifiedName("Decouple.TitledContent") == QualifiedName("TitledContent"))
        #expect(QualifiedName("Swift.String") == QualifiedName("String"))
        #expect(QualifiedName("Decouple.TitledContent").components == ["TitledContent"])
        #expect(QualifiedName("Decouple.TitledContent").canonical == "TitledContent")
        // What messages show is what was written.
        #expect(QualifiedName(" Decouple.TitledContent ").description == "Decouple.TitledContent")
    }

    @Test func unknownModulesAndMembersNamedLikeModules_areKept() {
        #expect(QualifiedName("Feed.User") != QualifiedName("User"))
        #expect(QualifiedName("API.Swift.Kind").components == ["API", "Swift", "Kind"])
        #expect(QualifiedName("Swift").components == ["Swift"])
    }

    /// Plain dotted paths are read without tokenizing; a leading space takes the general
    /// reading, which must give the same name.
    @Test(arguments: ["Post.Kind", "Swift.Int", "Decouple.TitledContent", "Swift.Swift.Kind", "API.Swift.Kind", "Swift", "A.0b", "A..B", "A.", ".A", "Model.Type"])
    func plainDottedPaths_readAsTheGeneralReadingDoes(name: String) {
        let general = QualifiedName(" " + name)
        #expect(QualifiedName(name).components == general.components)
        #expect(QualifiedName(name).canonical == general.canonical)
        #expect(QualifiedName(name).description == general.description)
    }

    @Test func nestedNames_matchTheirShorterSpelling() {
        let user = QualifiedName("API.User")
        #expect(user.components == ["API", "User"])
        #expect(user.last == "User")
        #expect(user.matches(QualifiedName("User")))
        #expect(QualifiedName("User").matches(user))
        #expect(!user.matches(QualifiedName("Admin.User")))
        #expect(!user.matches(QualifiedName("Users")))
        #expect(QualifiedName("Decouple.TitledContent").matches(QualifiedName("TitledContent")))
    }

    @Test func backtickedKeywords_areTheirIdentifier() {
        #expect(QualifiedName("`class`") == QualifiedName("class"))
        #expect(QualifiedName("`class`").components == ["class"])
        #expect(QualifiedName("API.`default`").components == ["API", "default"])
        #expect(QualifiedName.unescaped("`class`") == "class")
        #expect(QualifiedName.unescaped("title") == "title")
        #expect(QualifiedName.unescaped("`") == "`")
    }

    @Test func genericArguments_areNormalisedToo() {
        #expect(QualifiedName("Swift.Array<Swift.String>") == QualifiedName("Array<String>"))
        #expect(QualifiedName("Dictionary<String, Swift.Int>") == QualifiedName("Dictionary<String,Int>"))
        #expect(QualifiedName("Array<String>") != QualifiedName("Array<Int>"))
        #expect(QualifiedName("Swift.Array<Swift.String>").components == ["Array"])
        #expect(QualifiedName("Outer<Int>.Inner").components == ["Outer", "Inner"])
    }

    @Test func whitespace_neverMatters_butSeparatesWords() {
        #expect(QualifiedName("[ Swift.String : Int ]") == QualifiedName("[String:Int]"))
        #expect(QualifiedName("( Int ) -> Swift.Void") == QualifiedName("(Int)->Void"))
        #expect(QualifiedName("any  Decouple.TitledContent").canonical == "any TitledContent")
        #expect(QualifiedName("anyTitledContent") != QualifiedName("any TitledContent"))
    }

    @Test func typesThatAreNotPaths_haveNoComponents() {
        #expect(QualifiedName("[String]").components.isEmpty)
        #expect(QualifiedName("[String]").last == "[String]")
        #expect(QualifiedName("(Int) -> Void").components.isEmpty)
        #expect(QualifiedName("any P").components.isEmpty)
        #expect(QualifiedName("String?").components.isEmpty)
        #expect(!QualifiedName("[String]").matches(QualifiedName("String")))
    }

    /// A plain ASCII identifier is read at once; with a space in front, the same name goes the
    /// general way. Both must agree.
    @Test func plainIdentifiers_readAsTheGeneralReadingReadsThem() {
        for name in ["User", "Swift", "Decouple", "_private", "Model0x1", "9lives", "a", "Self", "any"] {
            let quick = QualifiedName(name)
            let general = QualifiedName(" " + name)
            #expect(quick.written == general.written, "\(name)")
            #expect(quick.canonical == general.canonical, "\(name)")
            #expect(quick.components == general.components, "\(name)")
        }
    }
}
