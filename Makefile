# The README's commands. `make run` and `make test` are all a fresh machine needs.
GO ?= go
PKGS ?= ./...

# The version stamped into bin/arena and the downloads (arena version).
VERSION ?= $(shell git describe --always --dirty 2>/dev/null || echo dev)
# The systems the site offers the arena tool for (make downloads).
DOWNLOAD_TARGETS = linux/amd64 linux/arm64 darwin/arm64 darwin/amd64 windows/amd64 windows/arm64

.PHONY: run test bench generate lint build downloads windows-under-wine

## run: the web app and a worker pool on http://localhost:$${PORT:-8080}
run: build
	./bin/arena serve

## test: every test, against real Postgres (TEST_DATABASE_URL, Docker, or the local server)
test:
	$(GO) test -timeout 30m $(PKGS)
	$(GO) test -timeout 15m -tags arena_portable ./sandbox ./cmd/arena -run '$(PORTABLE_TESTS)'

# The sandbox as macOS and Windows have it (sandbox/portable.go), built on
# Linux with the tag arena_portable: the sandbox's tests and arena play's.
PORTABLE_TESTS = ^Test(Bots|Pipe|CppBots|Pool|Exchange|CPU|Cancel|Log|Reply|Seed|Start|Freeze|Reasons|Cpp|Compile|PlayOne|PlayMany|PlayShowsLogsAndWhyFrozen|NativeCpp|PlayCpp|PlayBotFiles)

## windows-under-wine: arena.exe play against arena play, under Wine (Debian's wine64; not in make test)
windows-under-wine:
	./cmd/arena/testdata/windows-under-wine.sh

## bench: the benchmarks (speed and memory targets), with allocations
bench:
	$(GO) test -run '^$$' -bench . -benchmem -timeout 120m $(PKGS)

## generate: templ components to Go (the generated files are committed)
generate:
	$(GO) tool templ generate -path templates

## lint: formatting and vet
lint:
	@out=$$(gofmt -l $$(git ls-files '*.go' | grep -v '_templ.go$$')); \
	if [ -n "$$out" ]; then echo "not gofmt-formatted:"; echo "$$out"; exit 1; fi
	$(GO) vet $(PKGS)

## build: the arena binary in bin/ (built from this tree, it builds the
## arena tool students download from this tree on first request)
build:
	$(GO) build -ldflags "-X main.version=$(VERSION)" -o bin/arena ./cmd/arena

## downloads: the arena tool for every system the site offers, built ahead
## in bin/downloads; serve them with ARENA_DOWNLOADS_DIR=bin/downloads
downloads:
	@for t in $(DOWNLOAD_TARGETS); do \
		os=$${t%/*}; arch=$${t#*/}; exe=arena; [ $$os = windows ] && exe=arena.exe; \
		echo "arena for $$t: bin/downloads/$$os-$$arch/$$exe"; \
		CGO_ENABLED=0 GOOS=$$os GOARCH=$$arch $(GO) build -trimpath -ldflags "-s -w -X main.version=$(VERSION)" \
			-o bin/downloads/$$os-$$arch/$$exe ./cmd/arena || exit 1; \
	done
