package hugepage

import (
	"bufio"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// On Linux with transparent huge pages, a large array starts on a huge
// page, in a mapping that carries the huge page hint ("hg" in its
// VmFlags).
func TestFloat64sHinted(t *testing.T) {
	if _, err := os.Stat("/sys/kernel/mm/transparent_hugepage/enabled"); err != nil {
		t.Skip("no transparent huge pages on this system")
	}
	v, free := Float64s(3 * pageSize / 8)
	defer free()
	start := uintptr(unsafe.Pointer(&v[0]))
	if start%pageSize != 0 {
		t.Errorf("the array starts at %#x, not on a huge page", start)
	}
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		t.Skip(err)
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	in := false
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x ", &lo, &hi); n == 2 {
			in = lo <= start && start < hi
			continue
		}
		if in && strings.HasPrefix(line, "VmFlags:") {
			if !strings.Contains(line, " hg") {
				t.Fatalf("the array's mapping has %q, no hg", line)
			}
			return
		}
	}
	t.Fatalf("no mapping holds %#x", start)
}
