// Package seal authenticates the game states Alea keeps in custom_ids and
// in its own messages: a state is sealed with a tag, a truncated
// HMAC-SHA256 under the bot's state key, and a state whose tag does not
// match is refused. Every replica of a bot shares the key, so any of them
// can carry a game on; a state built by hand, or sealed by another bot, is
// refused.
package seal

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"hash/fnv"
	"strconv"
	"strings"
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

// Valid reports whether k was made by NewKey or Loopback (the zero Key is
// not).
func (k Key) Valid() bool { return len(k.k) == sha256.Size }

// Tag returns the first n bytes (1..32) of the MAC of parts, in base64url
// without padding. Parts are framed by their lengths, so ("ab","c") and
// ("a","bc") differ.
func (k Key) Tag(n int, parts ...string) string {
	if !k.Valid() {
		panic("seal: zero Key")
	}
	m := hmac.New(sha256.New, k.k)
	for _, p := range parts {
		m.Write([]byte(strconv.Itoa(len(p)) + ":"))
		m.Write([]byte(p))
	}
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil)[:n])
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

// Owner is the compact form of a user id that a state names as its owner:
// a Discord id as it is (digits), any other id (the local runner's, a
// test's) as "h" and a base-36 hash of it.
func Owner(userID string) string {
	if v, err := strconv.ParseUint(userID, 10, 64); err == nil && strconv.FormatUint(v, 10) == userID {
		return userID
	}
	h := fnv.New32a()
	h.Write([]byte(userID))
	return "h" + strconv.FormatUint(uint64(h.Sum32()), 36)
}

// ValidOwner reports whether s is a form Owner writes.
func ValidOwner(s string) bool {
	if strings.HasPrefix(s, "h") {
		v, err := strconv.ParseUint(s[1:], 36, 32)
		return err == nil && strconv.FormatUint(v, 36) == s[1:]
	}
	v, err := strconv.ParseUint(s, 10, 64)
	return err == nil && strconv.FormatUint(v, 10) == s
}
