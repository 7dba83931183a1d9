# Wallet: build, test, benchmark and demo. Every target installs what it needs (`make deps`).
SWIFT        ?= swift
PYTHON       ?= python3
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
APT_PACKAGES := libqrencode-dev libzint-dev zint libpng-dev libpango1.0-dev libsqlite3-dev \
                fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji zbar-tools hyperfine \
                time valgrind gdb
PIP_PACKAGES := zxing-cpp pillow pytest
WALLET_DEBUG := .build/debug/wallet

.PHONY: deps build test unit-test e2e-test bench demo clean

## deps: install the apt and pip packages the project needs (idempotent, quiet when present)
deps:
	@missing=$$(for p in $(APT_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing apt packages:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
	@$(PYTHON) -c "import zxingcpp, PIL, pytest" 2>/dev/null || \
		{ echo "installing pip packages: $(PIP_PACKAGES)"; $(PYTHON) -m pip install -q $(PIP_PACKAGES); }

build: deps
	$(SWIFT) build

## test: unit tests (swift test) and end-to-end decode checks (pytest driving the CLI)
test: unit-test e2e-test

unit-test: deps
	$(SWIFT) test

e2e-test: deps
	$(SWIFT) build --product wallet
	WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) $(PYTHON) -m pytest -q -p no:cacheprovider Tests/EndToEnd

## bench: the release binary as shipped, then every bench/sections/*.py; bench/results.md.
## --static-swift-stdlib links the Swift runtime, Foundation and its ICU into the executable:
## loading ~15 Swift shared libraries and resolving their symbols made 6-7 MB of every process's
## peak RSS (`wallet --help` 25.5 -> 19.5 MB, `card list` 31.9 -> 25.7 MB; see bench/rss_breakdown.py).
RELEASE_FLAGS := -c release --static-swift-stdlib

bench: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product wallet
	$(PYTHON) bench/run.py

demo: deps
	$(SWIFT) build --product wallet
	WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) ./Samples/demo.sh

clean:
	rm -rf .build out bench/work
