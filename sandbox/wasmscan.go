package sandbox

import (
	"errors"
	"fmt"
	"strings"
)

// wasmInfo is what the sandbox reads of a module's sections without
// compiling it.
type wasmInfo struct {
	imports   []string // module.name of each import
	goModule  bool     // built by Go (its go:buildid section)
	logBuffer bool     // exports the C++ runtime's log buffer (cppLogSymbol)
}

var errBadWasm = errors.New("not a WebAssembly module")

// scanWasm reads the import and export sections and the custom sections'
// names.
func scanWasm(b []byte) (wasmInfo, error) {
	var info wasmInfo
	if len(b) < 8 || string(b[:4]) != "\x00asm" {
		return info, errBadWasm
	}
	r := wasmReader{b: b, i: 8}
	for r.i < len(b) {
		id := r.byte()
		size := r.uint()
		if r.err != nil || r.i+size > len(b) {
			return info, errBadWasm
		}
		sec := wasmReader{b: b[:r.i+size], i: r.i}
		r.i += size
		switch id {
		case 0:
			if sec.name() == "go:buildid" {
				info.goModule = true
			}
		case 2:
			for n := sec.uint(); n > 0 && sec.err == nil; n-- {
				mod, name := sec.name(), sec.name()
				info.imports = append(info.imports, mod+"."+name)
				switch sec.byte() {
				case 0: // function: its type
					sec.uint()
				case 1: // table: element type and limits
					sec.byte()
					sec.limits()
				case 2: // memory
					sec.limits()
				case 3: // global: type and mutability
					sec.byte()
					sec.byte()
				default:
					sec.err = errBadWasm
				}
			}
		case 7:
			for n := sec.uint(); n > 0 && sec.err == nil; n-- {
				name, kind := sec.name(), sec.byte()
				sec.uint()
				if name == cppLogSymbol && kind == 3 { // a global
					info.logBuffer = true
				}
			}
		}
		if sec.err != nil {
			return info, errBadWasm
		}
	}
	return info, nil
}

// checkImports says what is wrong with a module that imports anything but
// WASI (a C++ bot can declare imports with import_module attributes), or ""
// when nothing is.
func checkImports(wasm []byte) string {
	info, err := scanWasm(wasm)
	if err != nil {
		return "the build made an invalid module: " + err.Error()
	}
	var bad []string
	for _, imp := range info.imports {
		if !strings.HasPrefix(imp, wasiModule+".") {
			bad = append(bad, imp)
		}
	}
	if len(bad) > 0 {
		return fmt.Sprintf("the bot imports %s: a bot may use only WASI (%s)", strings.Join(bad, ", "), wasiModule)
	}
	return ""
}

type wasmReader struct {
	b   []byte
	i   int
	err error
}

func (r *wasmReader) byte() byte {
	if r.i >= len(r.b) {
		r.err = errBadWasm
		return 0
	}
	r.i++
	return r.b[r.i-1]
}

// uint reads an unsigned LEB128 of at most 32 bits.
func (r *wasmReader) uint() int {
	v := 0
	for shift := 0; shift < 35; shift += 7 {
		c := r.byte()
		v |= int(c&0x7f) << shift
		if c < 0x80 {
			return v
		}
	}
	r.err = errBadWasm
	return 0
}

func (r *wasmReader) name() string {
	n := r.uint()
	if r.err != nil || r.i+n > len(r.b) {
		r.err = errBadWasm
		return ""
	}
	r.i += n
	return string(r.b[r.i-n : r.i])
}

func (r *wasmReader) limits() {
	flags := r.byte()
	r.uint()
	if flags&1 != 0 {
		r.uint()
	}
}
