// Package bitstream writes and reads bit strings, most significant bit
// first, with Elias gamma codes: the compact states the commands keep in
// their messages.
package bitstream

// Writer appends values most significant bit first.
type Writer struct {
	buf []byte
	n   int // bits written
}

// Write appends the low bits of v.
func (w *Writer) Write(v uint64, bits int) {
	for i := bits - 1; i >= 0; i-- {
		if w.n%8 == 0 {
			w.buf = append(w.buf, 0)
		}
		if v>>uint(i)&1 != 0 {
			w.buf[w.n/8] |= 0x80 >> uint(w.n%8)
		}
		w.n++
	}
}

// Gamma appends v ≥ 1 in Elias gamma code: len(v)−1 zeros, then v. Zero
// has no gamma code: Gamma panics on it rather than put the stream out of
// step.
func (w *Writer) Gamma(v uint64) {
	if v == 0 {
		panic("bitstream: Gamma(0)")
	}
	n := 0
	for x := v; x > 0; x >>= 1 {
		n++
	}
	w.Write(0, n-1)
	w.Write(v, n)
}

// Bytes returns what was written, zero-padded to a byte.
func (w *Writer) Bytes() []byte { return w.buf }

// Reader reads what a Writer wrote; a read past the end makes Bad true.
type Reader struct {
	buf []byte
	pos int
	bad bool
}

// NewReader returns a Reader of buf from its first bit.
func NewReader(buf []byte) *Reader { return &Reader{buf: buf} }

// Read reads bits bits as an unsigned number.
func (r *Reader) Read(bits int) uint64 {
	var v uint64
	for i := 0; i < bits; i++ {
		if r.pos >= 8*len(r.buf) {
			r.bad = true
			return 0
		}
		v = v<<1 | uint64(r.buf[r.pos/8]>>uint(7-r.pos%8)&1)
		r.pos++
	}
	return v
}

// Gamma reads an Elias gamma code of at most maxBits significant bits.
func (r *Reader) Gamma(maxBits int) uint64 {
	zeros := 0
	for r.Read(1) == 0 {
		if r.bad || zeros >= maxBits-1 {
			r.bad = true
			return 0
		}
		zeros++
	}
	return 1<<uint(zeros) | r.Read(zeros)
}

// Bad reports whether a read went past the end (or a gamma code was too
// long).
func (r *Reader) Bad() bool { return r.bad }

// Pos is the number of bits read.
func (r *Reader) Pos() int { return r.pos }
