# Wallet: build, test, benchmark and demo. Every target installs what it needs (`make deps`).
SWIFT        ?= swift
PYTHON       ?= python3
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
## What each kind of work needs from Debian: building and the demo need only the first list.
APT_BUILD    := libqrencode-dev libzint-dev libpng-dev libpango1.0-dev libsqlite3-dev libzip-dev zlib1g-dev \
                cmake libzbar-dev python3-venv libgdk-pixbuf-2.0-dev libpoppler-glib-dev libgtk-4-dev libadwaita-1-dev gettext libcurl4-openssl-dev libssl-dev patchelf \
                libgstreamer1.0-dev libgstreamer-plugins-base1.0-dev gstreamer1.0-plugins-base gstreamer1.0-plugins-good \
                fonts-inter fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji
## Phosh, the phone shell, for Tests/EndToEnd/test_phosh.py: phosh aborts at start without
## gnome-settings-daemon's schemas (org.gnome.settings-daemon.peripherals.touchscreen).
APT_PHOSH    := phoc phosh phosh-plugins gnome-settings-daemon-common
APT_TEST     := zbar-tools zint zip python3-venv desktop-file-utils mandoc zsh fish xvfb xdotool poppler-utils \
                conky-std sway waybar grim libglib2.0-bin dbus-daemon python3-dbus python3-gi openssl \
                python3-pyatspi at-spi2-core appstream optipng $(APT_PHOSH)
APT_BENCH    := hyperfine time valgrind gdb
## The Debian package (`make deb`): debhelper builds it, lintian checks it, and its test makes a clean
## Debian 12 root with debootstrap.
APT_DEB      := debhelper lintian debootstrap
## Python tools live in a virtual environment: a stock Debian refuses pip into its own Python (PEP 668).
VENV         := $(CURDIR)/.venv
VENV_PYTHON  := $(VENV)/bin/python
PIP_PACKAGES := zxing-cpp pillow pytest pytest-xdist pyzipper django-walletpass
WALLET_DEBUG := .build/debug/wallet
## The end-to-end checks run in this many pytest-xdist workers: most of their time is spent waiting
## on the processes they drive (Xvfb, the app, servers, git), so two workers keep both cores busy.
E2E_WORKERS  ?= 2
## The test builds refuse an import of a package target the importer does not declare (SwiftPM skips
## targets that depend on generated sources, GRDB's and ZIPFoundation's resource accessors:
## Tests/EndToEnd/test_rooms.py checks those, and the docs/ARCHITECTURE.md table, too).
IMPORT_CHECK := --explicit-target-dependency-import-check error
## ... and with every warning of the package's own code an error (dependencies' warnings are
## suppressed by SwiftPM). `make test` and `make strict-build` build with both, so they share a build.
BUILD_CHECKS := $(IMPORT_CHECK) -Xswiftc -warnings-as-errors
## Pango, cairo, GLib, zint, libqrencode and libpng are opened when a command first draws, writes
## a PNG or notifies (Sources/CLibrariesOnDemand forwards every call the wallet makes to them), but
## the pkg-config flags and module maps of CPangoCairo, CGio, CZint, CQREncode and CPNG still name
## them to the linker, ahead of anything RELEASE_FLAGS could say (--as-needed comes too late on
## swiftc's link line). So the built executable's DT_NEEDED entries for them are removed
## (patchelf), and LD_BIND_NOW=1 proves nothing still needs them: `wallet --help` then loads 6
## libraries instead of 45 (with libstdc++ static, below), 8.1 -> 3.1 ms of CPU
## (Tests/EndToEnd/test_startup_libraries.py, bench/sections/05_startup.py).
ON_DEMAND_LIBRARIES := libpangocairo-1.0.so.0 libpango-1.0.so.0 libharfbuzz.so.0 libcairo.so.2 \
                       libgio-2.0.so.0 libgobject-2.0.so.0 libglib-2.0.so.0 \
                       libzint.so.2.11 libqrencode.so.4 libpng16.so.16
define unlink-on-demand-libraries
	patchelf $(foreach library,$(ON_DEMAND_LIBRARIES),--remove-needed $(library)) $(1)
	LD_BIND_NOW=1 $(1) --help >/dev/null
endef

.PHONY: deps deps-build deps-test deps-bench deps-deb deb deb-test build release release-app libraries test unit-test e2e-test bench demo gallery clean install uninstall screenshots pot fuzz fuzz-build fuzz-smoke mutants format lint strict-build docs

## apt-install: the named Debian packages that are missing (idempotent, quiet when present)
define apt-install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing apt packages:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

## deps: everything building, testing, benchmarking and packaging need
deps: deps-build deps-test deps-bench deps-deb

deps-build:
	$(call apt-install,$(APT_BUILD))

deps-test: deps-build
	$(call apt-install,$(APT_TEST))
	@[ -x $(VENV_PYTHON) ] || $(PYTHON) -m venv $(VENV)
	@$(VENV_PYTHON) -c "import zxingcpp, PIL, pytest, xdist, pyzipper, django_walletpass" 2>/dev/null || \
		{ echo "installing pip packages into $(VENV): $(PIP_PACKAGES)"; $(VENV_PYTHON) -m pip install -q $(PIP_PACKAGES); }

deps-bench: deps-test
	$(call apt-install,$(APT_BENCH))

deps-deb: deps-build
	$(call apt-install,$(APT_DEB))

build: deps-build
	$(SWIFT) build

## test: unit tests (swift test, after `make libraries` built libWalletScan.so, the library the
## scanning tests load) and end-to-end decode checks (pytest driving the CLI)
test: unit-test e2e-test

unit-test: deps-test
	$(MAKE) --no-print-directory libraries CONFIG=debug
	$(SWIFT) test $(BUILD_CHECKS)

e2e-test: deps-test
	$(SWIFT) build $(BUILD_CHECKS) --product wallet
	$(SWIFT) build $(BUILD_CHECKS) --product wallet-app
	$(call unlink-on-demand-libraries,$(WALLET_DEBUG))
	$(MAKE) --no-print-directory libraries CONFIG=debug
	WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) $(VENV_PYTHON) -m pytest -q -p no:cacheprovider -n $(E2E_WORKERS) Tests/EndToEnd

## screenshots: the app at 360x720 (the card list, a card at the till, the add page, dark style)
## as PNGs in dist/screenshots/ with screenshots.json (their order and captions, the default
## first), taken by Tests/EndToEnd/test_app_screenshots.py, every code on them decoded,
## compressed by optipng; commit them. A release serves them at APPSTREAM_SCREENSHOT_URL.
screenshots: deps-test
	$(SWIFT) build $(BUILD_CHECKS) --product wallet
	$(SWIFT) build $(BUILD_CHECKS) --product wallet-app
	$(call unlink-on-demand-libraries,$(WALLET_DEBUG))
	WALLET_SCREENSHOT_DIR=$(CURDIR)/dist/screenshots WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) $(VENV_PYTHON) -m pytest -q \
		-p no:cacheprovider Tests/EndToEnd/test_app_screenshots.py -k taken

## pot: the app's message template, po/wallet.pot, from the tr("...") calls of the files in
## po/POTFILES (Tests/EndToEnd/test_app.py fails when it is not current); the translations
## (po/LINGUAS) are compiled by `make install`.
pot:
	xgettext --language=C --keyword=tr --from-code=UTF-8 --package-name=wallet --msgid-bugs-address=none \
		--files-from=po/POTFILES --sort-by-file --no-location -o po/wallet.pot
	for lang in $$(cat po/LINGUAS); do msgmerge --quiet --update --backup=none po/$$lang.po po/wallet.pot; done

## docs: the DocC documentation of every library module (the Swift targets under Sources that are
## not executables), with WalletCore's articles (Sources/WalletCore/WalletCore.docc: the
## architecture, the store's concurrency rules), into .build/plugins/Swift-DocC/outputs; a symbol
## link that resolves to nothing fails it (.ci/run builds it).
DOC_TARGETS = $(shell $(SWIFT) package dump-package 2>/dev/null | $(PYTHON) -c 'import json, sys, pathlib; \
	[print("--target", t["name"]) for t in json.load(sys.stdin)["targets"] if t["type"] == "regular" \
	 and not (t.get("path") or "").startswith("Tests") and any(pathlib.Path(t.get("path") or "Sources/" + t["name"]).rglob("*.swift"))]')

docs: deps-build
	$(SWIFT) package generate-documentation --warnings-as-errors $(DOC_TARGETS)

## format: rewrites the Swift sources in the style of .swift-format; lint: fails on any line that
## `format` would change or any enabled rule (`swift format`, part of the toolchain).
## strict-build: the package and its tests built as `make test` builds them: imports checked, every
## warning an error (.ci/run runs it first, so a warning fails before the tests run).
SWIFT_FORMAT_PATHS := Sources Tests Package.swift

format:
	$(SWIFT) format -i -r $(SWIFT_FORMAT_PATHS)

lint:
	$(SWIFT) format lint --strict -r $(SWIFT_FORMAT_PATHS)

strict-build: deps-build
	$(SWIFT) build --build-tests $(BUILD_CHECKS)

## release: the binary as shipped (and as `make bench` measures it), in .build/release/wallet, and
## beside it libWalletScan.so, the barcode reader (zxing-cpp) it loads only when it scans (its
## windows are the app's: `wallet open --window` starts wallet-app, built by release-app).
## --static-swift-stdlib links the Swift runtime, Foundation and its ICU into the executable (no
## Swift shared libraries to load and resolve at every start); lld packs the executable's relative
## relocations (DT_RELR, glibc >= 2.36); the functions the common commands run are laid out
## together first (LinkOrder/wallet.order, regenerated by bench/link_order.py; lld warns when a
## symbol it lists no longer exists, so a stale order file shows in the build). What each saved
## is in bench/results.md ("Why the release flags"). These flags stay out of Package.swift
## (unsafeFlags would make the package unusable as a dependency).
## -function-sections gives each Swift function of our modules and the source-built packages its
## own section, so the order file places them one by one (the prebuilt runtime moves only whole).
## libstdc++ (the static Swift runtime's and ICU's C++) is linked statically too: the -lstdc++ of
## --static-swift-stdlib finds libstdc++.a first in STATIC_CXX, a directory holding only it (the
## -L paths given to swiftc are searched before the compiler's own). Its symbols stay hidden
## (--exclude-libs ALL); libWalletScan.so (zxing-cpp, C++) keeps the shared libstdc++, and no C++
## object or exception crosses between the two. The executable stays position-independent: at a
## fixed address (-no-pie) it would start faster, but the code that parses imported files would
## sit where an attacker knows to look. Figures for each: bench/results.md ("Why the release flags").
## --no-export-dynamic undoes the swift driver's -export-dynamic: the executable exported 11,400
## symbols nothing loads from it (its libraries are opened with RTLD_LOCAL and link nothing
## back), and the loader and dladdr walked that table at every start. The release binary's
## RUNPATH ($ORIGIN, for SwiftPM's shared products, which it does not use) is removed: the loader
## tried 11 directories under it for each of the 5 libraries it needs, 37 failed calls per start.
## -disable-concrete-type-metadata-mangled-name-accessors: code in our modules and the
## source-built packages gets the metadata of a concrete generic type (a Dictionary's storage, a
## KeyedDecodingContainer) by calling its accessor with the conformances it needs, instead of
## having the runtime demangle the type's name and find each conformance by scanning all 7,300
## conformance records (220,000 instructions per first lookup): `widget tap` 11.6 -> 8.7 million
## instructions, for 250 KB of code.
## SQLite and zlib are linked into the executable (their Debian archives, whole, ahead of the
## shared libraries the module maps and pkg-config name; patchelf then drops the unused NEEDED
## entries, and the LD_BIND_NOW check below proves nothing binds to them): two libraries fewer to
## map, relocate and resolve symbols against at every start (`widget tap` 8.7 -> 7.5 million
## instructions; the loader's symbol lookups 1.0 -> 0.14 million). libWalletScan.so and the
## libraries opened on demand keep the shared zlib; no zlib stream crosses between the copies.
STATIC_CXX   := $(CURDIR)/.build/static-libstdc++
STATIC_IN_RELEASE := libsqlite3.so.0 libz.so.1
RELEASE_COMPILE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xswiftc -Xfrontend -Xswiftc -function-sections \
                 -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors \
                 -Xswiftc -L -Xswiftc $(STATIC_CXX) \
                 -Xlinker -z -Xlinker pack-relative-relocs
RELEASE_FLAGS := $(RELEASE_COMPILE_FLAGS) -Xlinker --no-export-dynamic \
                 -Xlinker --symbol-ordering-file=$(CURDIR)/LinkOrder/wallet.order \
                 -Xlinker --whole-archive -Xlinker -l:libsqlite3.a -Xlinker -l:libz.a -Xlinker --no-whole-archive

release: deps-build
	@mkdir -p $(STATIC_CXX) && ln -sf "$$($(CXX) -print-file-name=libstdc++.a)" $(STATIC_CXX)/libstdc++.a
	$(SWIFT) build $(RELEASE_FLAGS) --product wallet
	patchelf $(foreach library,$(STATIC_IN_RELEASE),--remove-needed $(library)) .build/release/wallet
	$(call unlink-on-demand-libraries,.build/release/wallet)
	patchelf --remove-rpath .build/release/wallet
	$(MAKE) --no-print-directory libraries CONFIG=release

## release-app: wallet-app as installed and packaged, beside .build/release/wallet: compiled with
## the release's flags (the modules it shares with wallet are built once for both) and the Swift
## runtime linked in, so it needs no Swift toolchain; wallet's link order and static SQLite are its
## own (a start-up measure of the CLI).
release-app: deps-build
	@mkdir -p $(STATIC_CXX) && ln -sf "$$($(CXX) -print-file-name=libstdc++.a)" $(STATIC_CXX)/libstdc++.a
	$(SWIFT) build $(RELEASE_COMPILE_FLAGS) --product wallet-app

## libraries CONFIG=debug|release: libWalletScan.so beside that build's binary, linked by c++:
## it is C and C++ and links zxing-cpp, which SwiftPM cannot build, so it has no SwiftPM product
## (and swiftc would make it need libswiftCore.so, which only the Swift toolchain has). So an
## installed wallet scans without it (Tests/EndToEnd/test_libraries.py). Objects in .build/libraries.
CC           ?= cc
CXX          ?= c++
CONFIG       ?= debug
LIB_OBJECTS  := .build/libraries
LIB_FLAGS    := -O2 -g -fPIC -Wall -MMD -MP
SCAN_OBJECTS := $(patsubst Sources/CZXing/%.cpp,$(LIB_OBJECTS)/%.o,$(wildcard Sources/CZXing/*.cpp)) \
                $(LIB_OBJECTS)/wallet_scan_names.o
## zxing-cpp's pinned release (built below) and zbar's static library; zbar's image scanner pulls
## in its D-Bus reporting: libdbus by soname (no -dev package needed).
ZXING_VERSION := 3.1.1
ZXING_SHA256  := 1051a521b21a9fe206702ad4186aeb195154e3e1badcd99576d030723f36382b
ZXING_ROOT    := .build/zxing-cpp-$(ZXING_VERSION)
ZXING_LIB     := $(ZXING_ROOT)/lib/libZXing.a
SCAN_LIBS    := $(ZXING_LIB) /usr/lib/$(shell $(CC) -print-multiarch)/libzbar.a -l:libdbus-1.so.3

libraries: deps-build $(SCAN_OBJECTS)
	@mkdir -p .build/$(CONFIG)
	$(CXX) -shared -Wl,--as-needed -Wl,--no-undefined -Wl,--gc-sections -Wl,--exclude-libs,ALL -o .build/$(CONFIG)/libWalletScan.so $(SCAN_OBJECTS) $(SCAN_LIBS)

$(LIB_OBJECTS)/%.o: Sources/CWalletScanAPI/%.c
	@mkdir -p $(@D)
	$(CC) $(LIB_FLAGS) -ISources/CWalletScanAPI/include -c $< -o $@

$(LIB_OBJECTS)/%.o: Sources/CZXing/%.cpp | $(ZXING_LIB)
	@mkdir -p $(@D)
	$(CXX) $(LIB_FLAGS) -std=c++20 -ISources/CWalletScanAPI/include -I$(ZXING_ROOT)/include -c $< -o $@

## zxing-cpp, the barcode reader libWalletScan.so links statically (Debian 12 has only 1.4, which
## misses what 3.x reads): the C++ library is the core/ of the zxing-cpp source distribution on
## PyPI, pinned by version and sha256, built once (readers only, Release, static, PIC) into
## .build/zxing-cpp-VERSION: about 70 s on 2 cores, then cached (a warm `make` does nothing).
## Staged in a scratch directory and moved into place last, so an interrupted build is redone whole.
$(ZXING_LIB):
	$(call apt-install,cmake python3-venv)
	@[ -x $(VENV_PYTHON) ] || $(PYTHON) -m venv $(VENV)
	rm -rf $(ZXING_ROOT) $(ZXING_ROOT).tmp && mkdir -p $(ZXING_ROOT).tmp
	$(VENV_PYTHON) -m pip download -q --no-deps --no-binary zxing-cpp zxing-cpp==$(ZXING_VERSION) -d $(ZXING_ROOT).tmp
	echo "$(ZXING_SHA256)  $(ZXING_ROOT).tmp/zxing_cpp-$(ZXING_VERSION).tar.gz" | sha256sum --check --quiet
	tar -xzf $(ZXING_ROOT).tmp/zxing_cpp-$(ZXING_VERSION).tar.gz -C $(ZXING_ROOT).tmp
	cmake -S $(ZXING_ROOT).tmp/zxing_cpp-$(ZXING_VERSION)/core -B $(ZXING_ROOT).tmp/build -DCMAKE_BUILD_TYPE=Release \
		-DBUILD_SHARED_LIBS=OFF -DCMAKE_POSITION_INDEPENDENT_CODE=ON -DZXING_READERS=ON -DZXING_WRITERS=OFF \
		-DZXING_C_API=OFF -DCMAKE_INSTALL_LIBDIR=lib -DCMAKE_CXX_FLAGS="-ffunction-sections -fdata-sections" >/dev/null
	cmake --build $(ZXING_ROOT).tmp/build -j2 >$(ZXING_ROOT).tmp/build.log 2>&1 || { tail -40 $(ZXING_ROOT).tmp/build.log; exit 1; }
	cmake --install $(ZXING_ROOT).tmp/build --prefix $(abspath $(ZXING_ROOT).tmp)/install >/dev/null
	mv $(ZXING_ROOT).tmp/install $(ZXING_ROOT) && rm -rf $(ZXING_ROOT).tmp

-include $(wildcard $(LIB_OBJECTS)/*.d)

## bench: the release binary and app, the wallet-bench measuring tool built with the same flags,
## then every bench/sections/*.py; bench/results.md.
bench: release release-app deps-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product wallet-bench
	$(VENV_PYTHON) bench/run.py

demo: deps-build
	$(SWIFT) build --product wallet
	WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) ./Samples/demo.sh

## gallery: every widget family in every appearance and rendering mode for a fixed sample wallet
## (Samples/gallery/), as one contact sheet in out/gallery/contact-sheet.png and the README's small
## version in docs/gallery.png.
gallery: deps-test
	$(SWIFT) build --product wallet
	WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) $(VENV_PYTHON) Samples/gallery/gallery.py --readme

## install: the release binary `bench` measures, its barcode reader library (loaded only by a scan,
## so no other command loads zxing-cpp), completions, man pages, the widget host's systemd user
## unit, and the app (wallet-app with its desktop entry, the wallet:// handler, metainfo and icons) under
## PREFIX (files listed in PREFIX/share/wallet/install-manifest.txt).
## WALLET_BINARY=PATH installs that binary instead of building one (the install test passes the debug build).
## APPSTREAM_SCREENSHOT_URL=https://.../ is where a release serves dist/screenshots/ (AppStream takes
## only http(s) images): the installed metainfo then lists them (dist/metainfo.py); empty, it has none.
PREFIX        ?= $(HOME)/.local
APPSTREAM_SCREENSHOT_URL ?=
DESTDIR       ?=
WALLET_RELEASE := .build/release/wallet
WALLET_BINARY ?= $(WALLET_RELEASE)

install: deps-build
	@if [ "$(WALLET_BINARY)" = "$(WALLET_RELEASE)" ]; then $(MAKE) --no-print-directory release release-app; fi
	$(PYTHON) dist/install.py install --prefix "$(PREFIX)" --destdir "$(DESTDIR)" --binary "$(WALLET_BINARY)" \
		--screenshot-url "$(APPSTREAM_SCREENSHOT_URL)"

## uninstall: removes exactly what install listed in its manifest
uninstall:
	$(PYTHON) dist/install.py uninstall --prefix "$(PREFIX)" --destdir "$(DESTDIR)"

## deb: out/wallet_VERSION_ARCH.deb, built by debhelper from debian/: the release build (its
## `debian/rules build` runs `make release`) with the files `make install` installs, under /usr
## (debian/rules runs dist/install.py). VERSION is debian/changelog's, which must be what
## `wallet --version` prints. Neither step needs root (Rules-Requires-Root: no). Then lintian:
## any error or warning fails (debian/wallet.lintian-overrides says why each overridden one stays).
## deb-test: the package installed by apt on a clean Debian 12 root (Tests/EndToEnd/test_deb.py;
## as root, for chroot; the debootstrapped root and the downloaded .debs are cached in .build/deb-root).
DEB_VERSION  = $(shell dpkg-parsechangelog --show-field Version)
DEB_ARCH     = $(shell dpkg-architecture --query DEB_HOST_ARCH)
DEB_FILE     = out/wallet_$(DEB_VERSION)_$(DEB_ARCH).deb

deb: deps-deb
	dpkg-checkbuilddeps
	debian/rules clean
	debian/rules build
	debian/rules binary
	lintian --fail-on error,warning $(DEB_FILE)
	@echo "built $(DEB_FILE)"

deb-test: deb deps-test
	WALLET_DEB=$(CURDIR)/$(DEB_FILE) $(VENV_PYTHON) -m pytest -q -p no:cacheprovider Tests/EndToEnd/test_deb.py

## fuzz: every libFuzzer harness (Fuzz/) for FUZZ_SECONDS each; fuzz-smoke: FUZZ_SMOKE_SECONDS each.
## The harnesses are built with -sanitize=fuzzer,address in their own scratch path: about 6
## minutes from scratch on this machine, too long for `make test`, so .ci/run calls fuzz-smoke
## after it.
FUZZ_SECONDS       ?= 600
FUZZ_SMOKE_SECONDS ?= 10
FUZZERS := FuzzCSVParser FuzzCatimaReader FuzzPKPassReader FuzzWalletJSON FuzzZipReader FuzzDeepLink FuzzDateParser FuzzWidgetsJSON FuzzBarcodeEncoder
FUZZ_BUILD := WALLET_FUZZ=1 $(SWIFT) build -c debug --scratch-path .build-fuzz \
              -Xswiftc -sanitize=fuzzer,address -Xswiftc -enable-testing

fuzz-build: deps-build
	@for harness in $(FUZZERS); do $(FUZZ_BUILD) --product $$harness || exit 1; done

fuzz: fuzz-build
	Fuzz/run.sh $(FUZZ_SECONDS) $(FUZZERS)

fuzz-smoke: fuzz-build
	Fuzz/run.sh $(FUZZ_SMOKE_SECONDS) $(FUZZERS)

## mutants: seeds each one-line mutant of Tests/Mutants/mutants.toml, one at a time, into a scratch
## git worktree (.build/mutants/tree, never this tree), builds it and runs the tests listed for
## its room; prints killed/survived/unbuildable and the score (.build/mutants/report.txt). Not
## part of `make test`: it rebuilds once per mutant (seconds each; the first run builds the scratch
## tree whole, several minutes). MUTANTS_ARGS="--only ID ..." runs a few.
MUTANTS_ARGS ?=
mutants: deps-test
	$(VENV_PYTHON) Tests/Mutants/run.py $(MUTANTS_ARGS)

clean:
	rm -rf .build .build-fuzz .venv out bench/work
