import TapCardSupport
import Testing

@Suite("DataDirectory: the one rule for where TapCard keeps its files")
struct DataDirectoryTests {
    @Test("TAPCARD_HOME wins over everything else")
    func tapcardHome() throws {
        let environment = ["TAPCARD_HOME": "/x", "XDG_DATA_HOME": "/d", "HOME": "/h"]
        #expect(try DataDirectory.path(environment: environment) == "/x")
        #expect(try DataDirectory.path(environment: ["TAPCARD_HOME": "relative/dir"]) == "relative/dir")
    }

    @Test("An empty TAPCARD_HOME counts as unset")
    func emptyTapcardHome() throws {
        #expect(try DataDirectory.path(environment: ["TAPCARD_HOME": "", "HOME": "/h"]) != "")
    }

    @Test("With no HOME (and nothing else), a typed error, not ./")
    func noHome() {
        #expect(throws: DataDirectoryError.noHome) { try DataDirectory.path(environment: [:]) }
        #expect(throws: DataDirectoryError.noHome) { try DataDirectory.path(environment: ["HOME": ""]) }
        #expect(throws: DataDirectoryError.noHome) {
            try DataDirectory.path(environment: ["TAPCARD_HOME": "", "XDG_DATA_HOME": "relative", "HOME": ""])
        }
        #expect(!DataDirectoryError.noHome.sentence.isEmpty)
        #expect(DataDirectoryError.noHome.origin == .platform)
    }

    #if os(macOS)
        @Test("macOS: ~/Library/Application Support/TapCard, XDG_DATA_HOME ignored")
        func macOS() throws {
            #expect(
                try DataDirectory.path(environment: ["HOME": "/h", "XDG_DATA_HOME": "/d"])
                    == "/h/Library/Application Support/TapCard")
        }
    #else
        @Test("XDG_DATA_HOME when it is an absolute path")
        func xdgAbsolute() throws {
            #expect(try DataDirectory.path(environment: ["XDG_DATA_HOME": "/d", "HOME": "/h"]) == "/d/tapcard")
            #expect(try DataDirectory.path(environment: ["XDG_DATA_HOME": "/d"]) == "/d/tapcard")
        }

        @Test("A relative or empty XDG_DATA_HOME is ignored: ~/.local/share/tapcard")
        func xdgRelativeOrEmpty() throws {
            for xdg in ["", "relative", "./d", "~/d"] {
                #expect(
                    try DataDirectory.path(environment: ["XDG_DATA_HOME": xdg, "HOME": "/h"])
                        == "/h/.local/share/tapcard")
            }
            #expect(try DataDirectory.path(environment: ["HOME": "/h"]) == "/h/.local/share/tapcard")
        }
    #endif
}
