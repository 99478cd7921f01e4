// Package seal is the sealed-board kit every interactive game is built
// with (Kit: see board.go): it authenticates the game states Alea keeps
// in custom_ids and in its own messages — a state is sealed with a tag, a
// truncated HMAC-SHA256 under the bot's state key, and a state whose tag
// does not match is refused — derives each action's custom_id, and opens
// a press, refusing a forged or stale one. Every replica of a bot shares
// the key, so any of them can carry a game on; a state built by hand, or
// sealed by another bot, is refused. It also names who started a game
// (Owner) and the game itself (GameID).
package seal

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"hash/fnv"
	"strconv"
	"strings"

	"github.com/alea-bot/alea/game/bitstream"
)

// Key is the secret that seals and opens game states.
type Key struct{ k []byte }

// Separator ends a state before its tag in a sealed string; no state
// contains it.
const Separator = "~"

// TagLen is the length of the tag of Seal in characters (8 bytes of the
// MAC in base64url).
const TagLen = 11

// NewKey derives the key from a secret (the STATE_SECRET setting, or what
// it defaults to). Different secrets give unrelated keys.
func NewKey(secret string) Key {
	m := hmac.New(sha256.New, []byte("alea game-state key v1"))
	m.Write([]byte(secret))
	return Key{k: m.Sum(nil)}
}

// Loopback returns the fixed key of a bot that has no secret at all: good
// for the local runner, the loopback playground and tests only, since
// anyone who reads Alea's source has it.
func Loopback() Key { return NewKey("alea loopback playground: not a secret") }

// Derive returns a key for one purpose (the dice of a game, …) derived
// from k: unrelated to k and to the keys of other purposes, so that what
// one of them shows reveals nothing of the others.
func (k Key) Derive(purpose string) Key {
	if !k.Valid() {
		panic("seal: zero Key")
	}
	m := hmac.New(sha256.New, k.k)
	m.Write([]byte("alea derived key v1/" + purpose))
	return Key{k: m.Sum(nil)}
}

// Fingerprint names k in 3 characters of base64url (18 bits of a MAC
// under it): boards sealed under k carry it, so a press on a board sealed
// under another key is told apart from a forged one (ErrOtherKey). Two
// keys share a fingerprint once in 2^18; it reveals nothing of k.
func (k Key) Fingerprint() string {
	return base64.RawURLEncoding.EncodeToString(k.Sum("alea key fingerprint v1")[:3])[:3]
}

// Valid reports whether k was made by NewKey or Loopback (the zero Key is
// not).
func (k Key) Valid() bool { return len(k.k) == sha256.Size }

// Tag returns the first n bytes (1..32) of the MAC of parts, in base64url
// without padding. Parts are framed by their lengths, so ("ab","c") and
// ("a","bc") differ.
func (k Key) Tag(n int, parts ...string) string {
	return base64.RawURLEncoding.EncodeToString(k.Sum(parts...)[:n])
}

// Sum returns the whole MAC (32 bytes) of parts, framed as Tag frames
// them: bytes nobody without the key can foresee.
func (k Key) Sum(parts ...string) []byte {
	if !k.Valid() {
		panic("seal: zero Key")
	}
	m := hmac.New(sha256.New, k.k)
	for _, p := range parts {
		m.Write([]byte(strconv.Itoa(len(p)) + ":"))
		m.Write([]byte(p))
	}
	return m.Sum(nil)
}

// Check reports whether tag is Tag(n, parts...), in constant time.
func (k Key) Check(tag string, n int, parts ...string) bool {
	return hmac.Equal([]byte(tag), []byte(k.Tag(n, parts...)))
}

// Seal returns s followed by Separator and its tag. s must not contain
// Separator.
func (k Key) Seal(s string) string {
	return s + Separator + k.Tag(8, s)
}

// Open returns the state a sealed string carries, and false when it is not
// one that k sealed.
func (k Key) Open(sealed string) (string, bool) {
	i := strings.LastIndex(sealed, Separator)
	if i < 0 || len(sealed)-i-1 != TagLen {
		return "", false
	}
	s := sealed[:i]
	if strings.Contains(s, Separator) || !k.Check(sealed[i+1:], 8, s) {
		return "", false
	}
	return s, true
}

// Owner is the one identity of who started a game, and alone may press
// where a game says so: a Discord user id as it is, or a 32-bit FNV-1a hash
// of any other user id (the local runner's, a test's). It has a text form
// (String, ParseOwner: for custom_ids) and a bit form (WriteBits,
// ReadOwnerBits: for binary states); both carry the same identity.
type Owner struct {
	// Discord is true for a Discord id (ID is the id), false for a hash (ID
	// is the hash, below 2^32).
	Discord bool
	ID      uint64
}

// OwnerOf returns the identity of userID.
func OwnerOf(userID string) Owner {
	if v, err := strconv.ParseUint(userID, 10, 64); err == nil && strconv.FormatUint(v, 10) == userID {
		return Owner{Discord: true, ID: v}
	}
	h := fnv.New32a()
	h.Write([]byte(userID))
	return Owner{ID: uint64(h.Sum32())}
}

// Is reports whether userID is o.
func (o Owner) Is(userID string) bool { return OwnerOf(userID) == o }

// Mention is how a message names o: "<@id>" for a Discord user, "" for an
// owner known only by a hash.
func (o Owner) Mention() string {
	if o.Discord {
		return "<@" + strconv.FormatUint(o.ID, 10) + ">"
	}
	return ""
}

// Stranger is the one "not yours" check of every game: when userID is not
// o it returns how the refusal names the owner (Mention, or someone when o
// is known only by a hash) and true; "" and false when userID is o.
func (o Owner) Stranger(userID, someone string) (who string, stranger bool) {
	if o.Is(userID) {
		return "", false
	}
	if m := o.Mention(); m != "" {
		return m, true
	}
	return someone, true
}

// String is o's text form: a Discord id's digits, or "h" and the hash in
// base 36.
func (o Owner) String() string {
	if o.Discord {
		return strconv.FormatUint(o.ID, 10)
	}
	return "h" + strconv.FormatUint(o.ID, 36)
}

// ParseOwner reads the text form String writes, and nothing else.
func ParseOwner(s string) (Owner, bool) {
	if rest, ok := strings.CutPrefix(s, "h"); ok {
		v, err := strconv.ParseUint(rest, 36, 32)
		return Owner{ID: v}, err == nil && strconv.FormatUint(v, 36) == rest
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return Owner{Discord: true, ID: v}, err == nil && strconv.FormatUint(v, 10) == s
}

// WriteBits writes o's bit form: 1 and the 64-bit Discord id, or 0 and the
// 32-bit hash.
func (o Owner) WriteBits(w *bitstream.Writer) {
	if o.Discord {
		w.Write(1, 1)
		w.Write(o.ID, 64)
		return
	}
	w.Write(0, 1)
	w.Write(o.ID&(1<<32-1), 32)
}

// ReadOwnerBits reads the bit form WriteBits writes.
func ReadOwnerBits(r *bitstream.Reader) Owner {
	if r.Read(1) == 1 {
		return Owner{Discord: true, ID: r.Read(64)}
	}
	return Owner{ID: r.Read(32)}
}

// Route names the custom_ids of one game: "<game>/<version>/…". A game
// changes Version when its state's form changes, and answers the custom_ids
// of every earlier version with "from an older version of Alea" (Older).
type Route struct {
	Game    string
	Version int
}

// Prefix is what every custom_id of the route's version begins with.
func (r Route) Prefix() string { return r.Game + "/" + strconv.Itoa(r.Version) + "/" }

// Older returns the route patterns of every earlier version, for the
// handler that says the game is from an older version.
func (r Route) Older() []string {
	var out []string
	for v := 1; v < r.Version; v++ {
		out = append(out, r.Game+"/"+strconv.Itoa(v)+"/{rest...}")
	}
	return out
}

// Seal returns the sealed custom_id that carries state on the route.
func (r Route) Seal(k Key, state string) string { return k.Seal(r.Prefix() + state) }

// Open returns the state a custom_id carries after the route's prefix, and
// false when k did not seal it or it is not on the route.
func (r Route) Open(k Key, customID string) (string, bool) {
	s, ok := k.Open(customID)
	if !ok {
		return "", false
	}
	return strings.CutPrefix(s, r.Prefix())
}
