#!/bin/sh
# arena.exe (the Windows download) under Wine: `arena play` with WebAssembly
# bots must say exactly what the Linux arena says, seat by seat, on the same
# seeds: the Null bot, the Demo, a bot that loops (frozen for CPU time), one
# that eats memory (frozen for memory). It exercises the sandbox as Windows
# has it (sandbox/portable.go, *_windows.go). Needs Debian's wine64 and
# mingw-w64 (installed if missing, as root). Not part of make test: the cross
# build and Wine take minutes.
set -eu
repo=$(cd "$(dirname "$0")/../../.." && pwd)
W=$(mktemp -d /tmp/arena-wine-XXXXXX)
cd "$W"
export WINEDEBUG=-all
command -v wine >/dev/null || apt-get install -y wine64 wine
command -v x86_64-w64-mingw32-gcc >/dev/null || apt-get install -y gcc-mingw-w64-x86-64

# Go's runtime needs ProcessPrng from bcryptprimitives.dll, which Wine 8
# lacks: a stub over RtlGenRandom, in system32 (Go searches only there).
cat > prng.c <<'C'
#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID, ULONG); /* RtlGenRandom */
__declspec(dllexport) BOOL WINAPI ProcessPrng(PBYTE p, SIZE_T n) {
    while (n > 0) { ULONG k = n > 0x10000000 ? 0x10000000 : (ULONG)n;
        if (!SystemFunction036(p, k)) return FALSE; p += k; n -= k; }
    return TRUE;
}
BOOL WINAPI DllMain(HINSTANCE h, DWORD r, LPVOID x) { return TRUE; }
C
x86_64-w64-mingw32-gcc -O2 -shared -s -o bcryptprimitives.dll prng.c -ladvapi32
wineboot -i >/dev/null 2>&1 || true
cp bcryptprimitives.dll "$(winepath -u 'C:\windows\system32')/"

(cd "$repo" && GOOS=windows GOARCH=amd64 go build -o "$W/arena.exe" ./cmd/arena && go build -o "$W/arena" ./cmd/arena)
./arena kit orkisland kit >/dev/null
mk() { rm -rf "src-$1" && cp -r kit "src-$1" && cat > "src-$1/main.go" && (cd "src-$1" && GOOS=wasip1 GOARCH=wasm go build -o "../$1.wasm" .); }
mk null < kit/main.go
hdr='package main
import "arena.dev/games/orkisland/sdk"
type bot struct{}
func main() { sdk.Run(&bot{}) }'
printf '%s\nvar sink int\nfunc (b *bot) Play(g *sdk.Game) { for { sink++ } }\n' "$hdr" | mk loop
printf '%s\nvar h [][]byte\nfunc (b *bot) Play(g *sdk.Game) { for { c := make([]byte, 16<<20); for i := 0; i < len(c); i += 4096 { c[i] = 1 }; h = append(h, c) } }\n' "$hdr" | mk oom
{ sed 's/^package bots/package main/' "$repo/games/orkisland/bots/demo.go"; printf 'type bot = Demo\nfunc main() { sdk.Run(&bot{}) }\n'; } | mk demo

fail=0
for b in null demo loop oom; do for s in 1 2 3; do
	l=$(./arena play orkisland "./$b.wasm" Demo Demo Demo -s $s --log=false 2>&1 | grep -v '^\['; echo "rc=$?")
	w=$(wine arena.exe play orkisland "$b.wasm" Demo Demo Demo -s $s --log=false 2>&1 | grep -v '^\[' | tr -d '\r'; echo "rc=$?")
	if [ "$l" = "$w" ]; then
		echo "$b seed $s: the same: $(echo "$l" | grep 'player 0')"
	else
		echo "$b seed $s: DIFFERENT"; echo "Linux:"; echo "$l"; echo "Wine:"; echo "$w"; fail=1
	fi
done; done
rm -rf "$W"
exit $fail
