package seal

import (
	"crypto/hmac"
	"errors"
	"strings"
)

// A game's live board travels with its message, sealed, one of two ways:
//
//   - in the custom_id, when the state is small (an orbs puzzle, a coins
//     game): every button carries the state it acts on,
//
//     <game>/<version>/<action>/<state>~<tag>
//
//     the tag covering the whole custom_id (Kit.ID, Kit.OpenID);
//
//   - in the message, when it is not (a Yacht table): the message carries
//     the sealed state and, while a move may still be taken back, the
//     sealed state before it, and the fingerprint of the key that sealed
//     them (Board, "<state>~<tag>[.<prev>~<tag>]@<fingerprint>"; boards
//     sealed before fingerprints have none), and
//     every custom_id only names its action and binds it to the message as
//     it is now,
//
//     <game>/<version>/<action>/<tag of the action and the message's board>
//
//     so that a button pressed on a board that has moved on since, or
//     made by hand, is refused as stale (Kit.ActionID, Kit.OpenOn).
//
// Either way a press opens as a Press: the action and the states it was
// pressed on, which the game then decodes (never trusting them: a state
// is checked field by field even behind the seal).

// Kit seals the live boards of one game: its route and the bot's key.
type Kit struct {
	Route Route
	Key   Key
}

// Press is a press the kit opened: the action pressed and the states of
// the board it was pressed on, unsealed; Prev is "" when the board kept
// none (and always for a board in the custom_id).
type Press struct {
	Action      string
	State, Prev string
}

// The refusals of a press.
var (
	// ErrForged refuses a custom_id or a state this bot did not seal for
	// this game: made by hand, damaged, another bot's.
	ErrForged = errors.New("seal: not sealed by this bot for this game")
	// ErrOtherKey refuses a board sealed under another key than this
	// bot's (its fingerprint says so): the state secret was changed since
	// the game began, or differs between replicas.
	ErrOtherKey = errors.New("seal: sealed under another key")
	// ErrStale refuses a custom_id made for another board than the one
	// the message carries now: pressed after the board moved on, replayed
	// from an older board, or made by hand.
	ErrStale = errors.New("seal: the board has moved on since this was shown")
)

// ID returns the custom_id of action on a board that travels in its
// custom_ids: "<game>/<version>/<action>/<state>~<tag>". Neither action
// nor state may contain Separator, nor action "/".
func (k Kit) ID(action, state string) string {
	return k.Route.Seal(k.Key, action+"/"+state)
}

// OpenID opens a custom_id ID made: its action and the state it carries,
// or ErrForged. A board in the custom_id has no memory of its own: a
// button of an older board opens as that board, and the game answers it
// as it answered it then (its moves are functions of the state).
func (k Kit) OpenID(customID string) (Press, error) {
	s, ok := k.Route.Open(k.Key, customID)
	action, state, found := strings.Cut(s, "/")
	if !ok || !found || action == "" {
		return Press{}, ErrForged
	}
	return Press{Action: action, State: state}, nil
}

// Board is a board as a message carries it: its state and the state
// before it (while a move may still be taken back; "" when none), each
// sealed under the key, and the key's fingerprint (Key.Fingerprint; ""
// on a board sealed before fingerprints).
type Board struct{ State, Prev, Key string }

// Seal seals state, and prev when it is not "", into the board a message
// carries.
func (k Kit) Seal(state, prev string) Board {
	b := Board{State: k.Key.Seal(state), Key: k.Key.Fingerprint()}
	if prev != "" {
		b.Prev = k.Key.Seal(prev)
	}
	return b
}

// fingerprintMark separates a board's states from its key's fingerprint.
const fingerprintMark = "@"

// String is the board as a message holds it:
// "<state>~<tag>[.<prev>~<tag>][@<fingerprint>]".
func (b Board) String() string {
	s := b.State
	if b.Prev != "" {
		s += "." + b.Prev
	}
	if b.Key != "" {
		s += fingerprintMark + b.Key
	}
	return s
}

// ParseBoard reads what Board.String writes; false when there is no state.
func ParseBoard(s string) (Board, bool) {
	s, key, _ := strings.Cut(s, fingerprintMark)
	cur, prev, _ := strings.Cut(s, ".")
	return Board{State: cur, Prev: prev, Key: key}, cur != ""
}

// tagBytes is the size of an action's tag in a custom_id (12 characters).
const tagBytes = 9

// ActionID returns the custom_id of action on a message that carries
// carried (its board's String and whatever the game writes beside it):
// "<game>/<version>/<action>/<tag>", the tag binding the action to
// carried, so that the custom_id is good on that message as it is now and
// nowhere else. action may not contain "/".
func (k Kit) ActionID(action, carried string) string {
	p := k.Route.Prefix() + action
	return p + "/" + k.Key.Tag(tagBytes, p, carried)
}

// OpenOn opens a press of customID on a message that carries carried,
// whose board is b: ErrOtherKey when b names another key's fingerprint,
// ErrStale when customID is not ActionID's for carried, ErrForged when a
// state of b was not sealed under the key.
func (k Kit) OpenOn(customID, carried string, b Board) (Press, error) {
	if b.Key != "" && b.Key != k.Key.Fingerprint() {
		return Press{}, ErrOtherKey
	}
	rest, ok := strings.CutPrefix(customID, k.Route.Prefix())
	action, _, found := strings.Cut(rest, "/")
	state, sealed := k.Key.Open(b.State)
	if !ok || !found || action == "" || !hmac.Equal([]byte(customID), []byte(k.ActionID(action, carried))) {
		if !sealed {
			// Not a board that has moved on: one this key never sealed.
			return Press{}, ErrForged
		}
		return Press{}, ErrStale
	}
	if !sealed {
		return Press{}, ErrForged
	}
	p := Press{Action: action, State: state}
	if b.Prev != "" {
		if p.Prev, ok = k.Key.Open(b.Prev); !ok {
			return Press{}, ErrForged
		}
	}
	return p, nil
}
