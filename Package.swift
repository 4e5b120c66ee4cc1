// swift-tools-version:6.1
import PackageDescription

let package = Package(
    name: "xkcd",
    // macOS 15 for String(validating:as:).
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "xkcd", targets: ["xkcd"])
    ],
    targets: [
        .systemLibrary(
            name: "CEditLine",
            pkgConfig: "libedit",
            providers: [.apt(["libedit-dev"])]
        ),
        .target(
            name: "CCurl",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(name: "CProcess"),
        .target(
            name: "CSQLiteSetup",
            linkerSettings: [.linkedLibrary("sqlite3"), .linkedLibrary("z")]
        ),
        .target(
            name: "CImageCodecs",
            // macOS has none of the three libraries' headers: they come from Homebrew, whose
            // prefix is not on the default search paths. The libraries are opened with dlopen.
            cSettings: [.unsafeFlags(["-I/opt/homebrew/include", "-I/usr/local/include"], .when(platforms: [.macOS]))],
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        .target(
            name: "COpenBLAS",
            linkerSettings: [.linkedLibrary("dl", .when(platforms: [.linux]))]
        ),
        // Optimised in debug builds too, as the encoder below.
        .target(
            name: "CEncoderKernels",
            cSettings: [.unsafeFlags(["-O2"])]
        ),
        // Optimised in debug builds too: the forward pass's element-wise loops over SIMD types
        // are many times slower unoptimised, which the tests against the real model would feel.
        .target(
            name: "SentenceEncoder",
            dependencies: ["COpenBLAS", "CEncoderKernels"],
            swiftSettings: [.unsafeFlags(["-O"])]
        ),
        .target(
            name: "XKCDKit",
            dependencies: ["CCurl", "CImageCodecs", "CSQLiteSetup", "SentenceEncoder"]
        ),
        .target(
            name: "LineEditing",
            dependencies: ["CEditLine"]
        ),
        .executableTarget(
            name: "xkcd",
            dependencies: ["XKCDKit", "LineEditing", "CProcess"]
        ),
        .target(
            name: "TestSupport",
            dependencies: ["XKCDKit"]
        ),
        .executableTarget(
            name: "xkcd-test-server",
            dependencies: ["TestSupport"]
        ),
        .executableTarget(
            name: "xkcd-bench",
            dependencies: ["XKCDKit", "TestSupport"]
        ),
        .executableTarget(
            name: "bench-floor"
        ),
        // libFuzzer targets (`make fuzz` builds them with -sanitize=fuzzer -DFUZZING); a plain
        // build gives a replay tool that runs files through the same targets.
        .executableTarget(
            name: "xkcd-fuzz",
            dependencies: ["TestSupport"]
        ),
        .testTarget(
            name: "XKCDKitTests",
            dependencies: ["XKCDKit", "TestSupport"]
        ),
        .testTarget(
            name: "SentenceEncoderTests",
            dependencies: ["SentenceEncoder"]
        ),
        .testTarget(
            name: "LineEditingTests",
            dependencies: ["LineEditing"]
        ),
        .testTarget(
            name: "EndToEndTests",
            dependencies: ["TestSupport", "XKCDKit"]
        ),
    ],
    swiftLanguageModes: [.v6]
)

// The program's files see only the members of the modules they import: where one imports
// FoundationEssentials, nothing of Foundation's (which brings ICU) is called by accident, even
// while another file of its module imports Foundation.
for target in package.targets where ["XKCDKit", "LineEditing", "xkcd", "SentenceEncoder"].contains(target.name) {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}
