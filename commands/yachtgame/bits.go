package yachtgame

// bitWriter appends values most significant bit first.
type bitWriter struct {
	buf []byte
	n   int // bits written
}

// write appends the low bits of v.
func (w *bitWriter) write(v uint64, bits int) {
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

// gamma appends v ≥ 1 in Elias gamma code: len(v)−1 zeros, then v.
func (w *bitWriter) gamma(v uint64) {
	n := 0
	for x := v; x > 0; x >>= 1 {
		n++
	}
	w.write(0, n-1)
	w.write(v, n)
}

// bitReader reads what a bitWriter wrote; a read past the end sets bad.
type bitReader struct {
	buf []byte
	pos int
	bad bool
}

func (r *bitReader) read(bits int) uint64 {
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

// gamma reads an Elias gamma code of at most maxBits significant bits.
func (r *bitReader) gamma(maxBits int) uint64 {
	zeros := 0
	for r.read(1) == 0 {
		if r.bad || zeros >= maxBits-1 {
			r.bad = true
			return 0
		}
		zeros++
	}
	return 1<<uint(zeros) | r.read(zeros)
}
