package yachttable

import (
	"crypto/rand"
	"encoding/binary"
	"io"
	"strings"
	"time"
)

// IDBits is the size of a game's identity: 60 random bits, written as 12
// base32 characters.
const IDBits = 60

// idAlphabet is the lower-case base32 alphabet of RFC 4648.
const idAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// NewID draws a game identity from r (crypto/rand.Reader when nil); never
// zero, which a state uses for "none".
func NewID(r io.Reader) uint64 {
	if r == nil {
		r = rand.Reader
	}
	for {
		var b [8]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			panic("yachttable: no randomness: " + err.Error())
		}
		if v := binary.BigEndian.Uint64(b[:]) >> (64 - IDBits); v != 0 {
			return v
		}
	}
}

// IDString writes an identity as 12 base32 characters.
func IDString(id uint64) string {
	var b [IDBits / 5]byte
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = idAlphabet[id&31]
		id >>= 5
	}
	return string(b[:])
}

// ParseID reads what IDString writes.
func ParseID(s string) (uint64, bool) {
	if len(s) != IDBits/5 {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		k := strings.IndexByte(idAlphabet, s[i])
		if k < 0 {
			return 0, false
		}
		v = v<<5 | uint64(k)
	}
	return v, v != 0
}

// Epoch is the origin of the minutes a state counts time in.
var Epoch = time.Date(2020, 1, 1, 0, 0, 0, 0, time.UTC)

// MinuteBits is the size of a start time in a state: minutes since Epoch,
// enough for more than a century.
const MinuteBits = 26

// Minute returns t as minutes since Epoch, clamped to what a state holds.
func Minute(t time.Time) int {
	m := int(t.Sub(Epoch) / time.Minute)
	return max(0, min(m, 1<<MinuteBits-1))
}

// Time returns the start of minute m.
func Time(m int) time.Time { return Epoch.Add(time.Duration(m) * time.Minute) }
