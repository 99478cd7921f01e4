package seal

import (
	"crypto/rand"
	"encoding/binary"
	"io"
	"strings"
)

// GameIDBits is the size of a game's identity in a state: 60 bits,
// written as 12 base32 characters (every game's: Yacht tables, orbs
// puzzles, coins games).
const GameIDBits = 60

// gameIDAlphabet is the lower-case base32 alphabet of RFC 4648.
const gameIDAlphabet = "abcdefghijklmnopqrstuvwxyz234567"

// GameID is a game's identity, the store's key of its result; never zero.
type GameID uint64

// NewGameID draws a fresh identity from crypto/rand.
func NewGameID() GameID { return DrawGameID(nil) }

// DrawGameID draws a fresh identity from r (crypto/rand when nil): the
// top GameIDBits of 8 bytes, drawn again while they are zero.
func DrawGameID(r io.Reader) GameID {
	if r == nil {
		r = rand.Reader
	}
	for {
		var b [8]byte
		if _, err := io.ReadFull(r, b[:]); err != nil {
			panic("seal: no randomness: " + err.Error())
		}
		if v := binary.BigEndian.Uint64(b[:]) >> (64 - GameIDBits); v != 0 {
			return GameID(v)
		}
	}
}

// DerivedGameID is the identity of a game whose state was begun without
// one (an older version): drawn from the MAC of what stays the same for
// the whole game (its seed, its owner…), so that every press of that game
// gives it the same identity, and nobody without the key foresees it.
func (k Key) DerivedGameID(purpose string, parts ...string) GameID {
	return k.GameIDOf(append([]string{"alea game id/" + purpose}, parts...)...)
}

// GameIDOf is the identity drawn from the MAC of parts (as Sum reads
// them): the top GameIDBits of the MAC, 1 when they are zero.
// DerivedGameID names its purpose; a Yacht table begun as a version 2
// state keeps the identity its first press drew this way.
func (k Key) GameIDOf(parts ...string) GameID {
	sum := k.Sum(parts...)
	return GameID(max(binary.BigEndian.Uint64(sum[:8])>>(64-GameIDBits), 1))
}

// String writes the identity as 12 base32 characters.
func (id GameID) String() string {
	var b [GameIDBits / 5]byte
	v := uint64(id)
	for i := len(b) - 1; i >= 0; i-- {
		b[i] = gameIDAlphabet[v&31]
		v >>= 5
	}
	return string(b[:])
}

// ParseGameID reads what GameID.String writes, and nothing else.
func ParseGameID(s string) (GameID, bool) {
	if len(s) != GameIDBits/5 {
		return 0, false
	}
	var v uint64
	for i := 0; i < len(s); i++ {
		k := strings.IndexByte(gameIDAlphabet, s[i])
		if k < 0 {
			return 0, false
		}
		v = v<<5 | uint64(k)
	}
	return GameID(v), v != 0
}
