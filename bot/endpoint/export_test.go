package endpoint

import "crypto/ed25519"

// SetVerify replaces the signature check of e, so that a benchmark can time
// the work around it on its own.
func SetVerify(e *Endpoint, verify func(key ed25519.PublicKey, msg, sig []byte) bool) {
	e.verify = verify
}

// Forget empties the ids e remembers, so that a benchmark may send its
// signed requests again.
func Forget(e *Endpoint) {
	e.seen = newSeenIDs(e.opts.Remembered)
}

// Remembered is how many interaction ids e remembers.
func Remembered(e *Endpoint) int { return e.seen.size() }
