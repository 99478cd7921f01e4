package endpoint

import "crypto/ed25519"

// SetVerify replaces the signature check of e, so that a benchmark can time
// the work around it on its own.
func SetVerify(e *Endpoint, verify func(key ed25519.PublicKey, msg, sig []byte) bool) {
	e.verify = verify
}
