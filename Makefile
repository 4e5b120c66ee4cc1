SWIFT ?= swift
SYSTEM_PACKAGES := libedit-dev libsqlite3-dev pkg-config libcurl4 libcurl4-openssl-dev \
	libpng-dev libjpeg62-turbo-dev libgif-dev
# Test-only tools: groff renders the man page in a test.
TEST_PACKAGES := groff-base
RELEASE_BIN := .build/release/xkcd
DEBUG_BIN := .build/debug/xkcd

.PHONY: all deps build run test bench completions man clean

all: build

deps:
	@./scripts/install-deps.sh $(SYSTEM_PACKAGES)

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build -c release --product xkcd
	@$(RELEASE_BIN) $(ARGS)

test: deps
	@./scripts/install-deps.sh $(TEST_PACKAGES)
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# Benchmarks against floors measured in the same run (not part of `make test`).
BENCH_DIR := .build/bench
bench: deps
	@./scripts/install-deps.sh curl sqlite3 time
	@./scripts/fetch-comicdb.sh $(BENCH_DIR)/comicdb > /dev/null
	$(SWIFT) build -c release
	.build/release/xkcd-bench --comicdb $(BENCH_DIR)/comicdb/xkcd_comicdb/xkcd.sqlite3 \
		--xkcd .build/release/xkcd --floor .build/release/bench-floor

# The completion scripts and the man page are generated from the command definitions and
# checked in; a test fails when they are stale.
completions: deps
	$(SWIFT) build --product xkcd
	$(DEBUG_BIN) --generate-completion-script bash > completions/xkcd.bash
	$(DEBUG_BIN) --generate-completion-script zsh > completions/_xkcd
	$(DEBUG_BIN) --generate-completion-script fish > completions/xkcd.fish

man: deps
	$(SWIFT) build --product xkcd
	$(DEBUG_BIN) --generate-manual > xkcd.1

clean:
	rm -rf .build
