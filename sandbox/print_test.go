//go:build linux && !arena_portable

package sandbox

import (
	"context"
	"testing"
)

// BenchmarkPrint is a Go bot that prints a line for every cell it examines
// (testdata/bots/printer.go: 3,600 lines a round, with fmt.Println and with
// fmt.Fprintln(os.Stderr, ...)), in the sandbox and natively with its
// stderr read from a pipe, in CPU time, reported as x-native.
func BenchmarkPrint(b *testing.B) {
	bot := startBot(b, "printer", runOptions())
	nat := startNative(b, "printer")
	benchAgainstNative(b, bot, nat, []benchKernel{{"stdout", 3600}, {"stderr", 3600}})
}

// BenchmarkPrintCpp is BenchmarkPrint in C++ (testdata/cppbench/printer.cc):
// a line per cell on cout, on cerr, and alternating between the two, each
// ended with endl, and with printf.
func BenchmarkPrintCpp(b *testing.B) {
	bot, err := Start(context.Background(), compileCppBench(b, "printer"), runOptions())
	if err != nil {
		b.Fatal(err)
	}
	defer bot.Close()
	nat := startNativeCpp(b, "printer")
	benchAgainstNative(b, bot, nat, []benchKernel{{"cout", 3600}, {"cerr", 3600}, {"both", 3600}, {"printf", 3600}})
}
