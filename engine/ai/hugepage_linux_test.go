package ai

import (
	"bufio"
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"
	"unsafe"
)

// TestTableHugePages checks that a table's memory is advised for huge
// pages: the kernel marks the mapping that holds it THP-eligible, where
// transparent huge pages are on at all.
func TestTableHugePages(t *testing.T) {
	mode, err := os.ReadFile("/sys/kernel/mm/transparent_hugepage/enabled")
	if err != nil || strings.Contains(string(mode), "[never]") {
		t.Skip("transparent huge pages are off on this machine")
	}
	tb := newTable(16)
	addr := uintptr(unsafe.Pointer(&tb.e[len(tb.e)/2]))
	eligible, err := thpEligible(addr)
	if errors.Is(err, errNoTHPField) {
		t.Skip("this kernel's smaps has no THPeligible field")
	}
	if err != nil {
		t.Fatal(err)
	}
	if !eligible {
		t.Errorf("the table's mapping is not THP-eligible (THP mode %q)", strings.TrimSpace(string(mode)))
	}
}

var errNoTHPField = errors.New("no THPeligible field")

// thpEligible reads /proc/self/smaps for the mapping holding addr.
func thpEligible(addr uintptr) (bool, error) {
	f, err := os.Open("/proc/self/smaps")
	if err != nil {
		return false, err
	}
	defer f.Close()
	in, found := false, false
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		line := sc.Text()
		var lo, hi uintptr
		if n, _ := fmt.Sscanf(line, "%x-%x", &lo, &hi); n == 2 {
			in = lo <= addr && addr < hi
			found = found || in
			continue
		}
		if in && strings.HasPrefix(line, "THPeligible:") {
			return strings.TrimSpace(strings.TrimPrefix(line, "THPeligible:")) == "1", nil
		}
	}
	if err := sc.Err(); err != nil {
		return false, err
	}
	if found {
		return false, errNoTHPField
	}
	return false, fmt.Errorf("no mapping holds %#x", addr)
}
