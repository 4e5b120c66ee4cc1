SWIFT ?= swift
SYSTEM_PACKAGES := libedit-dev libsqlite3-dev pkg-config libcurl4
RELEASE_BIN := .build/release/xkcd

.PHONY: all deps build run test clean

all: build

deps:
	@./scripts/install-deps.sh $(SYSTEM_PACKAGES)

build: deps
	$(SWIFT) build

run: deps
	$(SWIFT) build -c release --product xkcd
	@$(RELEASE_BIN) $(ARGS)

test: deps
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

clean:
	rm -rf .build
