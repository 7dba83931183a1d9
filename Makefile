# Wallet: build, test, benchmark and demo. Every target installs what it needs (`make deps`).
SWIFT        ?= swift
PYTHON       ?= python3
SUDO         := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
## What each kind of work needs from Debian: building and the demo need only the first list.
APT_BUILD    := libqrencode-dev libzint-dev libpng-dev libpango1.0-dev libsqlite3-dev \
                fonts-dejavu-core fonts-droid-fallback fonts-noto-color-emoji
APT_TEST     := zbar-tools python3-venv
APT_BENCH    := zint hyperfine time valgrind gdb
## Python tools live in a virtual environment: a stock Debian refuses pip into its own Python (PEP 668).
VENV         := $(CURDIR)/.venv
VENV_PYTHON  := $(VENV)/bin/python
PIP_PACKAGES := zxing-cpp pillow pytest
WALLET_DEBUG := .build/debug/wallet

.PHONY: deps deps-build deps-test deps-bench build test unit-test e2e-test bench demo clean

## apt-install: the named Debian packages that are missing (idempotent, quiet when present)
define apt-install
	@missing=$$(for p in $(1); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		echo "installing apt packages:" $$missing; \
		$(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi
endef

## deps: everything building, testing and benchmarking need
deps: deps-build deps-test deps-bench

deps-build:
	$(call apt-install,$(APT_BUILD))

deps-test: deps-build
	$(call apt-install,$(APT_TEST))
	@[ -x $(VENV_PYTHON) ] || $(PYTHON) -m venv $(VENV)
	@$(VENV_PYTHON) -c "import zxingcpp, PIL, pytest" 2>/dev/null || \
		{ echo "installing pip packages into $(VENV): $(PIP_PACKAGES)"; $(VENV_PYTHON) -m pip install -q $(PIP_PACKAGES); }

deps-bench: deps-test
	$(call apt-install,$(APT_BENCH))

build: deps-build
	$(SWIFT) build

## test: unit tests (swift test) and end-to-end decode checks (pytest driving the CLI)
test: unit-test e2e-test

unit-test: deps-test
	$(SWIFT) test

e2e-test: deps-test
	$(SWIFT) build --product wallet
	WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) $(VENV_PYTHON) -m pytest -q -p no:cacheprovider Tests/EndToEnd

## bench: the release binary as shipped, then every bench/sections/*.py; bench/results.md.
## --static-swift-stdlib links the Swift runtime, Foundation and its ICU into the executable:
## loading ~15 Swift shared libraries and resolving their symbols made 6-7 MB of every process's
## peak RSS (`wallet --help` 25.5 -> 19.5 MB, `card list` 31.9 -> 25.7 MB; see bench/rss_breakdown.py).
RELEASE_FLAGS := -c release --static-swift-stdlib

bench: deps-bench
	$(SWIFT) build $(RELEASE_FLAGS) --product wallet
	$(VENV_PYTHON) bench/run.py

demo: deps-build
	$(SWIFT) build --product wallet
	WALLET_BIN=$(CURDIR)/$(WALLET_DEBUG) ./Samples/demo.sh

clean:
	rm -rf .build .venv out bench/work
