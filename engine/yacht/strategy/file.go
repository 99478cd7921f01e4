package strategy

import (
	"bufio"
	"encoding/binary"
	"errors"
	"fmt"
	"hash/crc32"
	"io"
	"math"

	"github.com/alea-bot/alea/engine/yacht"
)

// fileMagic starts a saved table.
const fileMagic = "ALEAYT1\n"

// WriteTo saves the table: a magic string, the rule set's key and
// fingerprint, the number of values, the values (float64, little endian) of
// the reachable states only, and a CRC-32C of everything before it.
func (t *Table) WriteTo(w io.Writer) (int64, error) {
	h := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	cw := &countWriter{w: io.MultiWriter(w, h)}
	bw := bufio.NewWriter(cw)
	bw.WriteString(fileMagic)
	var b [8]byte
	binary.LittleEndian.PutUint16(b[:2], uint16(len(t.rules.Key)))
	bw.Write(b[:2])
	bw.WriteString(t.rules.Key)
	fp := t.rules.Fingerprint()
	bw.Write(fp[:])
	count := 0
	t.sol.forEachState(func(int) { count++ })
	binary.LittleEndian.PutUint32(b[:4], uint32(count))
	bw.Write(b[:4])
	t.sol.forEachState(func(i int) {
		binary.LittleEndian.PutUint64(b[:], math.Float64bits(t.ev[i]))
		bw.Write(b[:])
	})
	if err := bw.Flush(); err != nil {
		return cw.n, err
	}
	binary.LittleEndian.PutUint32(b[:4], h.Sum32())
	n, err := w.Write(b[:4])
	return cw.n + int64(n), err
}

type countWriter struct {
	w io.Writer
	n int64
}

// Write writes p and counts the bytes written.
func (c *countWriter) Write(p []byte) (int, error) {
	n, err := c.w.Write(p)
	c.n += int64(n)
	return n, err
}

// ErrBadTable is returned by ReadTable for a file that is not a table for
// the given rules or is damaged.
var ErrBadTable = errors.New("strategy: not a valid table file for these rules")

// ReadTable loads a table saved by WriteTo for rules r, checking the rule
// set's fingerprint and the checksum.
func ReadTable(rd io.Reader, r *yacht.Rules) (*Table, error) {
	s, err := compile(r)
	if err != nil {
		return nil, err
	}
	h := crc32.New(crc32.MakeTable(crc32.Castagnoli))
	br := bufio.NewReader(rd)
	tr := io.TeeReader(br, h)
	head := make([]byte, len(fileMagic)+2)
	if _, err := io.ReadFull(tr, head); err != nil || string(head[:len(fileMagic)]) != fileMagic {
		return nil, fmt.Errorf("%w: bad header", ErrBadTable)
	}
	keyLen := int(binary.LittleEndian.Uint16(head[len(fileMagic):]))
	if keyLen > 256 {
		return nil, fmt.Errorf("%w: bad header", ErrBadTable)
	}
	rest := make([]byte, keyLen+32+4)
	if _, err := io.ReadFull(tr, rest); err != nil {
		return nil, fmt.Errorf("%w: truncated header", ErrBadTable)
	}
	fp := r.Fingerprint()
	if string(rest[:keyLen]) != r.Key || string(rest[keyLen:keyLen+32]) != string(fp[:]) {
		return nil, fmt.Errorf("%w: saved for rules %q", ErrBadTable, rest[:keyLen])
	}
	count := int(binary.LittleEndian.Uint32(rest[keyLen+32:]))
	t := &Table{rules: r, sol: s, ev: make([]float64, s.size())}
	n := 0
	s.forEachState(func(int) { n++ })
	if count != n {
		return nil, fmt.Errorf("%w: %d values, want %d", ErrBadTable, count, n)
	}
	var b [8]byte
	var readErr error
	s.forEachState(func(i int) {
		if readErr != nil {
			return
		}
		if _, err := io.ReadFull(tr, b[:]); err != nil {
			readErr = err
			return
		}
		t.ev[i] = math.Float64frombits(binary.LittleEndian.Uint64(b[:]))
	})
	if readErr != nil {
		return nil, fmt.Errorf("%w: truncated values", ErrBadTable)
	}
	sum := h.Sum32()
	if _, err := io.ReadFull(br, b[:4]); err != nil || binary.LittleEndian.Uint32(b[:4]) != sum {
		return nil, fmt.Errorf("%w: checksum mismatch", ErrBadTable)
	}
	t.computed = count
	return t, nil
}
