//go:build amd64 && !purego

package lanes

import (
	"bufio"
	"bytes"
	"encoding/hex"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// A legacy (non-VEX) SSE instruction between AVX instructions costs a
// state switch on Intel processors (about 150 ns each, measured on an
// Emerald Rapids Xeon with the earlier GOEXPERIMENT=simd kernels), and an
// AVX kernel that returns with dirty upper register halves makes the Go
// code's SSE after it pay the same. So every instruction of the kernels
// that touches a vector register is VEX or EVEX encoded, and every return
// follows a VZEROUPPER.

// vecReg matches an SSE, AVX or AVX-512 register operand.
var vecReg = regexp.MustCompile(`\b[XYZ]([0-9]|[12][0-9]|3[01])\b`)

// The assembly source: vector instructions are V-prefixed (VEX/EVEX) or
// mask instructions, and RET follows VZEROUPPER.
func TestKernelsSourceVEXOnly(t *testing.T) {
	src, err := os.ReadFile("kernels_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	fn, prev, funcs := "", "", 0
	for i, line := range strings.Split(string(src), "\n") {
		line = strings.TrimSpace(line)
		if strings.HasPrefix(line, "TEXT ") {
			fn, prev = line, ""
			funcs++
			continue
		}
		if fn == "" || line == "" || strings.HasPrefix(line, "//") || strings.HasSuffix(line, ":") {
			continue
		}
		op, args, _ := strings.Cut(line, " ")
		if vecReg.MatchString(args) && !strings.HasPrefix(op, "V") && !strings.HasPrefix(op, "K") {
			t.Errorf("kernels_amd64.s:%d: %q in %s is a legacy SSE instruction", i+1, line, fn)
		}
		if op == "RET" && prev != "VZEROUPPER" {
			t.Errorf("kernels_amd64.s:%d: %s returns after %q, not VZEROUPPER", i+1, fn, prev)
		}
		prev = op
	}
	if funcs < 20 {
		t.Fatalf("found %d kernels in kernels_amd64.s", funcs)
	}
}

// listingInsn is an instruction of `go tool asm -S`: its offset, its
// source line and its text.
var listingInsn = regexp.MustCompile(`^\s+0x[0-9a-f]+ (\d+) \(kernels_amd64\.s:(\d+)\)\s+(\S+)\s*(.*)$`)

// listingBytes is a line of a function's machine code in the listing.
var listingBytes = regexp.MustCompile(`^\s+0x([0-9a-f]{4}) ((?:[0-9a-f]{2} )+)`)

// The machine code of the kernels, assembled from kernels_amd64.s by `go
// tool asm` as the build does, with its listing (-S) giving each
// instruction's offset: every instruction with a vector register operand
// is VEX (first byte C4 or C5) or EVEX (62) encoded, and every RET (C3)
// comes right after VZEROUPPER (C5 F8 77).
func TestKernelsMachineCodeVEXOnly(t *testing.T) {
	// go test puts its own toolchain first on the PATH.
	goTool, err := exec.LookPath("go")
	if err != nil {
		t.Skip("no go tool to assemble with")
	}
	goroot, err := exec.Command(goTool, "env", "GOROOT").Output()
	if err != nil {
		t.Fatalf("go env GOROOT: %v", err)
	}
	obj := filepath.Join(t.TempDir(), "kernels.o")
	asm := exec.Command(goTool, "tool", "asm", "-S", "-I", filepath.Join(strings.TrimSpace(string(goroot)), "pkg", "include"),
		"-p", "github.com/alea-bot/alea/engine/yacht/internal/lanes", "-o", obj, "kernels_amd64.s")
	var stderr bytes.Buffer
	asm.Stderr = &stderr
	out, err := asm.Output()
	if err != nil {
		t.Fatalf("go tool asm: %v: %s", err, stderr.Bytes())
	}
	out = append(out, stderr.Bytes()...) // the listing goes to one or the other
	type insn struct {
		off, line int
		op, args  string
	}
	type function struct {
		name  string
		insns []insn
		code  []byte
	}
	var funcs []*function
	sc := bufio.NewScanner(bytes.NewReader(out))
	for sc.Scan() {
		l := sc.Text()
		if strings.Contains(l, " STEXT ") {
			funcs = append(funcs, &function{name: strings.Fields(l)[0]})
			continue
		}
		if len(funcs) == 0 {
			continue
		}
		f := funcs[len(funcs)-1]
		if m := listingInsn.FindStringSubmatch(l); m != nil {
			if m[3] == "TEXT" || m[3] == "FUNCDATA" || m[3] == "PCDATA" {
				continue
			}
			off, _ := strconv.Atoi(m[1])
			line, _ := strconv.Atoi(m[2])
			f.insns = append(f.insns, insn{off: off, line: line, op: m[3], args: m[4]})
		} else if m := listingBytes.FindStringSubmatch(l); m != nil {
			code, err := hex.DecodeString(strings.ReplaceAll(m[2], " ", ""))
			if err != nil {
				t.Fatalf("listing line %q: %v", l, err)
			}
			f.code = append(f.code, code...)
		}
	}
	if len(funcs) < 20 {
		t.Fatalf("the listing shows %d kernels", len(funcs))
	}
	vector := 0
	for _, f := range funcs {
		var prev []byte // the last instruction that emitted code
		for i, in := range f.insns {
			end := len(f.code)
			if i+1 < len(f.insns) {
				end = f.insns[i+1].off
			}
			if in.off > end || end > len(f.code) {
				t.Fatalf("%s: instruction %s at %d is outside the listing's %d bytes", f.name, in.op, in.off, len(f.code))
			}
			code := f.code[in.off:end]
			if len(code) == 0 {
				continue // a pseudo-instruction
			}
			if vecReg.MatchString(in.args) {
				if b := code[0]; b != 0xc4 && b != 0xc5 && b != 0x62 {
					t.Errorf("kernels_amd64.s:%d: %s %s is encoded %x, not VEX or EVEX", in.line, in.op, in.args, code)
				}
				vector++
			}
			if bytes.Equal(code, []byte{0xc3}) && !bytes.Equal(prev, []byte{0xc5, 0xf8, 0x77}) {
				t.Errorf("kernels_amd64.s:%d: %s returns without VZEROUPPER right before", in.line, f.name)
			}
			prev = code
		}
	}
	t.Logf("%d kernels, %d VEX/EVEX instructions", len(funcs), vector)
}

// The kernels run on the features the dispatch checks, and no others: an
// AVX-512 kernel needs only AVX512F (and AVX), an AVX2 kernel only AVX2
// (and AVX), besides CMOV, which every x86-64 processor has, as avo's
// "Requires" line before each says. An instruction of
// another extension (AVX512DQ's VXORPD on zmm registers, say) would fault
// on a processor with AVX512F alone.
func TestKernelsRequireCheckedFeatures(t *testing.T) {
	src, err := os.ReadFile("kernels_amd64.s")
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(src), "\n")
	checked := 0
	for i, line := range lines {
		name, ok := strings.CutPrefix(line, "TEXT ·")
		if !ok {
			continue
		}
		name, _, _ = strings.Cut(name, "(")
		allowed := map[string]bool{"AVX": true, "CMOV": true}
		switch {
		case strings.HasSuffix(name, "AVX512"):
			allowed["AVX512F"] = true
		case strings.HasSuffix(name, "AVX2"):
			allowed["AVX2"] = true
		default:
			t.Errorf("kernels_amd64.s:%d: %s is named for no instruction set", i+1, name)
			continue
		}
		if name == "dotRows32AVX2" {
			allowed["FMA3"] = true // rollBack32Asm checks it
		}
		req, ok := "", i > 0
		if ok {
			req, ok = strings.CutPrefix(lines[i-1], "// Requires: ")
		}
		if !ok {
			t.Errorf("kernels_amd64.s:%d: %s has no Requires line", i+1, name)
			continue
		}
		for _, f := range strings.Split(req, ", ") {
			if !allowed[f] {
				t.Errorf("kernels_amd64.s:%d: %s requires %s, which its dispatch does not check", i+1, name, f)
			}
		}
		checked++
	}
	if checked < 20 {
		t.Fatalf("checked %d kernels in kernels_amd64.s", checked)
	}
}
