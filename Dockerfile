# syntax=docker/dockerfile:1
# One build, two images: `web` (the binary alone) and `worker` (the binary
# plus the toolchains the sandbox compiles bots to WebAssembly with: Go, and
# Debian's clang with WASI's libc and libc++ for C++).

FROM golang:1.26-bookworm AS build
WORKDIR /src
COPY go.mod go.sum ./
RUN go mod download
COPY . .
ARG VERSION=docker
RUN CGO_ENABLED=0 go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" -o /out/arena ./cmd/arena
# The arena tool students download from the site (/downloads), built from
# this same source with this same version, for each system the site offers.
# A system arena does not build for yet is left out (the site then says how
# to build it from source) rather than failing the image.
RUN for t in linux/amd64 linux/arm64 darwin/arm64 darwin/amd64 windows/amd64 windows/arm64; do \
		os=${t%/*}; arch=${t#*/}; exe=arena; [ "$os" = windows ] && exe=arena.exe; \
		CGO_ENABLED=0 GOOS=$os GOARCH=$arch go build -trimpath -ldflags "-s -w -X main.version=${VERSION}" \
			-o /out/downloads/$os-$arch/$exe ./cmd/arena \
			|| echo "arena does not build for $t: left out of the downloads"; \
	done

FROM debian:bookworm-slim AS web
RUN apt-get update && apt-get install -y --no-install-recommends ca-certificates && rm -rf /var/lib/apt/lists/*
COPY --from=build /out/arena /usr/local/bin/arena
COPY --from=build /out/downloads /usr/local/share/arena/downloads
ENV ARENA_DOWNLOADS_DIR=/usr/local/share/arena/downloads
USER nobody
EXPOSE 8080
HEALTHCHECK --interval=10s --timeout=3s CMD ["/bin/sh", "-c", "exec 3<>/dev/tcp/127.0.0.1/8080"]
ENTRYPOINT ["arena"]
CMD ["serve", "--no-workers"]

# The worker runs as root: its bots' children need root to enter their
# namespaces, mount their empty root and become nobody (docker-compose.yml
# gives the container the capabilities for that and no others).
FROM golang:1.26-bookworm AS worker
ENV GOTOOLCHAIN=local GOFLAGS=-mod=mod GOPROXY=off
# C++ bots: clang++ --target=wasm32-wasi (the sandbox binds exactly these
# files into each C++ build's root).
RUN apt-get update && apt-get install -y --no-install-recommends \
		clang lld wasi-libc libc++-dev-wasm32 libclang-rt-dev-wasm32 \
	&& rm -rf /var/lib/apt/lists/*
COPY --from=build /out/arena /usr/local/bin/arena
# Warm the standard library for WebAssembly so the first compile is fast.
RUN GOOS=wasip1 GOARCH=wasm go build std
ENTRYPOINT ["arena"]
CMD ["worker"]
