// swift-tools-version: 6.0
import PackageDescription

/// Wallet: a loyalty-card wallet for Linux with iOS-style home-screen widgets.
/// The rooms and what each may import are described in docs/ARCHITECTURE.md; every import is
/// declared here, and `make test` builds with `--explicit-target-dependency-import-check error`,
/// so an import of an undeclared target fails the build.
let package = Package(
    name: "Wallet",
    products: [
        .executable(name: "wallet", targets: ["wallet"]),
        // The GTK4/libadwaita app (Sources/App); its own executable so `wallet` never links GTK.
        .executable(name: "wallet-app", targets: ["wallet-app"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.0"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/weichsel/ZIPFoundation", from: "0.9.20"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // ChaChaPoly and HMAC for the sealed sync remote (Sources/Sync/Sealing); 3.x or 4.x.
        .package(url: "https://github.com/apple/swift-crypto", "3.12.3"..<"5.0.0"),
        // `make docs`: the DocC catalogs of the library modules (swift package generate-documentation).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        .systemLibrary(
            name: "CQREncode", path: "Sources/CQREncode",
            pkgConfig: "libqrencode", providers: [.apt(["libqrencode-dev"])]),
        .systemLibrary(
            name: "CZint", path: "Sources/CZint",
            providers: [.apt(["libzint-dev"])]),
        .systemLibrary(
            name: "CPNG", path: "Sources/CPNG",
            pkgConfig: "libpng", providers: [.apt(["libpng-dev"])]),
        .systemLibrary(
            name: "CPangoCairo", path: "Sources/CPangoCairo",
            pkgConfig: "pangocairo", providers: [.apt(["libpango1.0-dev"])]),
        // The barcode reader's C surface. The reader itself (Sources/CZXing: zxing-cpp, built from
        // a pinned source release, and zbar behind it) is libWalletScan.so, built by `make
        // libraries` only (SwiftPM cannot build zxing-cpp); Scanning opens it with dlopen.
        .target(name: "CWalletScanAPI"),

        // Pango, cairo, GLib, GObject, GIO, zint, libqrencode and libpng opened with dlopen at their
        // first call: each function the wallet calls is defined here as a forwarder
        // (libraries_on_demand.h), so a command that draws nothing loads none of them. Whoever
        // imports CPangoCairo, CGio, CZint, CQREncode or CPNG depends on it.
        .target(name: "CLibrariesOnDemand", dependencies: ["CPangoCairo", "CGio", "CZint", "CQREncode", "CPNG"]),

        .systemLibrary(name: "CMalloc", path: "Sources/CMalloc"),
        // Drops the resident pages of never-written code and read-only data (CleanPages.swift).
        .target(name: "CResidentPages"),
        // SQLite's variadic sqlite3_config, for the one setting the wallet makes (sqlite_setup.h).
        .target(name: "CSQLiteSetup", linkerSettings: [.linkedLibrary("sqlite3")]),
        // GLib and GIO (opened on demand, CLibrariesOnDemand): SHA-1 for pass manifests, GDBus for notifications.
        .systemLibrary(
            name: "CGio", path: "Sources/CGio",
            pkgConfig: "gio-2.0", providers: [.apt(["libglib2.0-dev"])]),
        // libzip 1.7 (built with OpenSSL): password-protected zips, WinZip AES and ZipCrypto.
        // Its header only: the library is opened with dlopen when a password is used (shim.h).
        .systemLibrary(name: "CZip", path: "Sources/CZip", providers: [.apt(["libzip-dev"])]),
        // zlib's inflate, for the AES members libzip decrypts but does not inflate (RawInflater.swift);
        // named apart from ZIPFoundation's own CZlib module.
        .systemLibrary(
            name: "CInflate", path: "Sources/CInflate",
            pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),

        // swift-system's `Errno`: the C error code as a type, kept by every error built on one.
        .target(name: "FileOutput", dependencies: [.product(name: "SystemPackage", package: "swift-system")]),
        // Reading what may be untrusted or unbounded: a file up to a limit, bytes behind a path.
        .target(name: "FileInput", dependencies: ["FileOutput", .product(name: "SystemPackage", package: "swift-system")]),
        // The one way to start a child process: spawn or fork, deadline, bounded output, named environment.
        // close_range(2) for a forked child, which the Glibc module does not export.
        .systemLibrary(name: "CCloseRange", path: "Sources/CCloseRange"),
        .target(name: "ProcessRunner", dependencies: ["CCloseRange"]),
        // zlib's CRC-32 and Adler-32, for the 1-bit PNGs PNGEncoder writes itself (BilevelPNG.swift).
        .systemLibrary(name: "CDeflate", path: "Sources/CDeflate", pkgConfig: "zlib", providers: [.apt(["zlib1g-dev"])]),
        .target(name: "PNGEncoder", dependencies: ["CPNG", "CLibrariesOnDemand", "CDeflate"]),
        .target(
            name: "Barcodes", dependencies: ["CQREncode", "CZint", "CLibrariesOnDemand", "PNGEncoder", "FileOutput", "FileInput"]),
        .target(
            name: "WalletCore",
            dependencies: [
                "Barcodes", "FileOutput", "CSQLiteSetup", .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // The zip plumbing: plain zips through ZIPFoundation, password-protected ones through libzip
        // (opened on demand), AES members inflated by zlib; every member bounded (ZipArchiveError).
        .target(
            name: "ZipArchive",
            dependencies: [
                "FileOutput", "FileInput", "CZip", "CInflate", "OnDemandLibrary",
                .product(name: "ZIPFoundation", package: "ZIPFoundation"),
            ]),
        .target(
            name: "WalletInterop",
            dependencies: [
                "WalletCore", "CardArt", "Barcodes", "FileOutput", "ZipArchive", "CGio", "CLibrariesOnDemand", "CLibCrypto",
                "OnDemandLibrary",
            ]),
        // Finds the wallet's own libraries (PREFIX/lib/wallet, else beside the executable) and
        // opens them and system libraries with dlopen (OnDemandLibrary.swift).
        .target(name: "OnDemandLibrary"),
        // poppler-glib (PopplerLibrary.swift), gdk-pixbuf (PixbufLibrary.swift) and zxing-cpp
        // (libWalletScan.so, ZXingLibrary.swift) are loaded with dlopen when a scan needs them:
        // linked, poppler's ~50 libraries were resident in every wallet process (bench/results.md).
        .target(
            name: "Scanning",
            dependencies: [
                "Barcodes", "FileOutput", "CWalletScanAPI", "CPangoCairo", "CLibrariesOnDemand", "CPoppler", "OnDemandLibrary",
                "Pixbuf",
            ]),
        // GStreamer behind a GStreamer-free header (wallet_camera.h), opened with dlopen only by a
        // camera command; its headers come through include links (as CPixbuf's) and GLib's paths
        // from CPangoCairo's pkg-config flags, so nothing links it.
        .target(name: "CGStreamer", dependencies: ["CPangoCairo"], cSettings: [.headerSearchPath(".")]),
        // Frames from a camera (PipeWire, V4L2 or a given pipeline), newest frame wins, readings
        // steadied over frames with the scanner's readers and rules (CameraScanner.swift).
        .target(name: "Camera", dependencies: ["Scanning", "Barcodes", "CGStreamer", "OnDemandLibrary"]),
        // gdk-pixbuf opened on demand (PixbufLibrary.swift), shared by Scanning and CardArt.
        .target(name: "Pixbuf", dependencies: ["CPangoCairo", "CLibrariesOnDemand", "CPixbuf", "OnDemandLibrary", "FileOutput"]),
        // gdk-pixbuf's and poppler-glib's function types, taken from their headers with __typeof__
        // (as CZip's and CCurl's), for the loaders above; neither library is linked.
        .target(name: "CPixbuf", dependencies: ["CPangoCairo"]),
        .systemLibrary(name: "CPoppler", path: "Sources/CPoppler", providers: [.apt(["libpoppler-glib-dev"])]),
        // A card's images taken in from untrusted files: bounded, decoded by gdk-pixbuf,
        // scaled to their role's size and re-encoded (CardImageIntake.swift).
        .target(
            name: "CardArt", dependencies: ["WalletCore", "FileOutput", "FileInput", "PNGEncoder", "Pixbuf", "ProcessRunner"]),
        // OpenSSL's headers only: libcrypto is opened with dlopen when a pass signature is checked.
        .systemLibrary(name: "CLibCrypto", path: "Sources/CLibCrypto", providers: [.apt(["libssl-dev"])]),
        // libcurl's header only: the library is opened with dlopen when a pull starts (shim.h).
        .systemLibrary(name: "CCurl", path: "Sources/CCurl", providers: [.apt(["libcurl4-openssl-dev"])]),
        // The PassKit web service client (register, changed serials, pass fetch, unregister, log).
        .target(name: "PassService", dependencies: ["WalletCore", "WalletInterop", "CCurl", "OnDemandLibrary", "ProcessRunner"]),
        // Freedesktop notifications over the session D-Bus (GIO).
        .target(name: "Notifications", dependencies: ["CGio", "CLibrariesOnDemand"]),
        // Sync through git: repository layout, field-level merge, apply in one transaction, log, restore.
        .target(
            name: "Sync",
            dependencies: [
                "WalletCore", "CardArt", "Digest", "FileOutput", "ProcessRunner",
                .product(name: "Crypto", package: "swift-crypto"),
            ]),
        .target(name: "WidgetEngine", dependencies: ["WalletCore", "Barcodes", "FileOutput"]),
        // SHA-256 through GLib's GChecksum: snapshot cache keys, manifest digests, lock names.
        .target(name: "Digest", dependencies: ["CGio", "CLibrariesOnDemand"]),
        .target(
            name: "WidgetRenderer",
            dependencies: [
                "WidgetEngine", "WalletCore", "Barcodes", "PNGEncoder", "FileOutput", "CPangoCairo", "CLibrariesOnDemand",
                "Digest", "CResidentPages",
            ]),
        .target(
            name: "WidgetHost",
            dependencies: [
                "WidgetEngine", "WidgetRenderer", "WalletCore", "FileOutput", "CMalloc", "Digest", "ProcessRunner",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        // Release link flags (lld, packed relocations, symbol order) live in the Makefile's
        // RELEASE_FLAGS, so the package stays usable as a dependency.
        // libadwaita 1.2 and GTK 4.8 for the app only, with inline shims for what Swift cannot call.
        .systemLibrary(
            name: "CAdw", path: "Sources/CAdw",
            pkgConfig: "libadwaita-1", providers: [.apt(["libadwaita-1-dev"])]),
        // The app's pages, the card store's change watch and the idle inhibitor (docs/ARCHITECTURE.md).
        .target(
            name: "App",
            dependencies: [
                "CAdw", "WalletCore", "Barcodes", "WidgetRenderer", "WidgetHost", "WidgetEngine", "Sync", "Scanning",
                "Camera", "WalletInterop", "CardArt", "PassService", "ProcessRunner",
            ]),
        .executableTarget(name: "wallet-app", dependencies: ["App"], path: "Sources/wallet-app"),
        .executableTarget(
            name: "wallet",
            dependencies: [
                "Barcodes", "FileOutput", "FileInput", "Scanning", "Camera", "WalletCore", "CardArt", "WalletInterop",
                "WidgetEngine",
                "WidgetRenderer",
                "WidgetHost", "OnDemandLibrary",
                "PassService", "Notifications", "Sync", "ProcessRunner",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]),
        // The measuring tools of `make bench` (bench/sections/20_widgets.py); not a product.
        .executableTarget(
            name: "wallet-bench",
            dependencies: [
                "WalletCore", "WidgetEngine", "WidgetRenderer",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ],
            path: "Sources/WalletBench"),

        // Shared by the test targets only: self-cleaning temporary directories and containers,
        // fake card readers, card factories, a PNG chunk reader, a seeded random generator.
        .target(name: "WalletTestSupport", dependencies: ["WalletCore", "Barcodes"], path: "Tests/TestSupport"),
        .testTarget(
            name: "FileOutputTests",
            dependencies: ["FileOutput", "WalletTestSupport", .product(name: "SystemPackage", package: "swift-system")]),
        .testTarget(
            name: "FileInputTests",
            dependencies: [
                "FileInput", "FileOutput", "WalletTestSupport", .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(name: "DigestTests", dependencies: ["Digest"]),
        .testTarget(name: "ProcessRunnerTests", dependencies: ["ProcessRunner"]),
        // The executable's own logic that is not a library's (``FrequentCommand``), tested
        // through `@testable import wallet`.
        .testTarget(
            name: "walletTests",
            dependencies: ["wallet", "WidgetEngine", .product(name: "ArgumentParser", package: "swift-argument-parser")]),
        .testTarget(name: "PNGEncoderTests", dependencies: ["PNGEncoder", "CDeflate", "WalletTestSupport"]),
        .testTarget(name: "BarcodesTests", dependencies: ["Barcodes", "PNGEncoder", "WalletTestSupport"]),
        .testTarget(
            name: "WalletCoreTests",
            dependencies: ["WalletCore", "Barcodes", "WalletTestSupport", .product(name: "GRDB", package: "GRDB.swift")]),
        .testTarget(
            name: "WalletInteropTests",
            dependencies: ["WalletInterop", "ZipArchive", "WalletCore", "Barcodes", "PNGEncoder", "WalletTestSupport"]),
        .testTarget(name: "ZipArchiveTests", dependencies: ["ZipArchive"]),
        .testTarget(name: "ScanningTests", dependencies: ["Scanning", "Barcodes", "Pixbuf"]),
        .testTarget(name: "CameraTests", dependencies: ["Camera", "Scanning", "Barcodes"]),
        .testTarget(name: "PixbufTests", dependencies: ["Pixbuf", "PNGEncoder", "WalletTestSupport"]),
        .testTarget(name: "CardArtTests", dependencies: ["CardArt", "WalletCore", "PNGEncoder", "WalletTestSupport", "Pixbuf"]),
        .testTarget(name: "OnDemandLibraryTests", dependencies: ["OnDemandLibrary"]),
        .testTarget(
            name: "WidgetEngineTests",
            dependencies: [
                "WidgetEngine", "WalletCore", "Barcodes", "FileOutput", "WalletTestSupport",
                .product(name: "SystemPackage", package: "swift-system"),
            ]),
        .testTarget(
            name: "WidgetRendererTests",
            dependencies: [
                "WidgetRenderer", "WidgetEngine", "WalletCore", "Barcodes", "CPangoCairo", "FileOutput", "WalletTestSupport",
            ]),
        .testTarget(name: "WidgetHostTests", dependencies: ["WidgetHost", "WidgetEngine", "WalletCore", "WalletTestSupport"]),
        .testTarget(name: "PassServiceTests", dependencies: ["PassService", "WalletCore"]),
        .testTarget(
            name: "SyncTests",
            dependencies: ["Sync", "WalletCore", "WalletTestSupport", .product(name: "Crypto", package: "swift-crypto")]),
        .testTarget(
            name: "AppTests",
            dependencies: [
                "App", "WalletCore", "Barcodes", "WidgetEngine", "Sync", "Scanning", "Camera", "WalletInterop",
                "PassService", "WalletTestSupport",
            ]),
    ],
    cxxLanguageStandard: .cxx17
)

/// Every Swift target sees the members (methods, properties, extensions) only of modules it
/// imports itself (SE-0444), so a room cannot lean on what another room happens to import.
/// (Not the fuzz harnesses below, built only by `make fuzz`.)
for target in package.targets where target.type != .system {
    target.swiftSettings = (target.swiftSettings ?? []) + [.enableUpcomingFeature("MemberImportVisibility")]
}

/// libFuzzer harnesses (Fuzz/<Name>/), one executable each, declared only when `make fuzz`
/// builds them (WALLET_FUZZ=1, `-sanitize=fuzzer,address`, scratch path .build-fuzz): they call
/// libFuzzer's driver, which only that sanitizer links in.
if Context.environment["WALLET_FUZZ"] == "1" {
    let harnesses: [(name: String, dependencies: [Target.Dependency])] = [
        ("FuzzCSVParser", ["WalletInterop"]),
        ("FuzzCatimaReader", ["WalletInterop", "WalletCore"]),
        ("FuzzPKPassReader", ["WalletInterop", "WalletCore"]),
        ("FuzzWalletJSON", ["WalletInterop", "WalletCore"]),
        ("FuzzZipReader", ["ZipArchive"]),
        ("FuzzDeepLink", ["WalletCore"]),
        ("FuzzDateParser", ["WalletCore"]),
        ("FuzzWidgetsJSON", ["WidgetEngine", "WalletCore"]),
        ("FuzzBarcodeEncoder", ["Barcodes", "CDeflate"]),
    ]
    package.targets.append(.target(name: "FuzzSupport", path: "Fuzz/FuzzSupport"))
    for harness in harnesses {
        package.products.append(.executable(name: harness.name, targets: [harness.name]))
        package.targets.append(
            .executableTarget(
                name: harness.name, dependencies: harness.dependencies + ["FuzzSupport"], path: "Fuzz/\(harness.name)"))
    }
}
