package playground

import (
	"crypto/rand"
	"encoding/binary"
	"encoding/hex"
	"slices"
	"strconv"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/lru"
)

// messageStore remembers the messages the playground rendered, so that a
// component press is checked as Discord checks it: against the message it
// claims to come from. It holds what the page already has (a cache of the
// page's messages, not game state), bounded in count, the messages used
// least recently going first; a message it has forgotten can no longer be
// pressed, and the player runs the command again. Message ids are random
// (128 bits), so a page can name only the messages it was shown.
type messageStore struct {
	byID *lru.Cache[*commands.Message]
}

func newMessageStore(max int) *messageStore {
	return &messageStore{byID: lru.New[*commands.Message](max, 0)}
}

// newMessageID returns a fresh random message id.
func newMessageID() string {
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	return hex.EncodeToString(raw[:])
}

// newSnowflake returns a fresh random message id of 18 digits, as
// Discord's ids are written: a follow-up posted first gets one, since a
// game keeps it as a number (its ping's id).
func newSnowflake() string {
	var raw [8]byte
	_, _ = rand.Read(raw[:])
	return strconv.FormatUint(100000000000000000+binary.BigEndian.Uint64(raw[:])%800000000000000000, 10)
}

// put records m (replacing a message of the same id, which an edit
// keeps), dropping the message used least recently past the bound.
func (s *messageStore) put(m *commands.Message) {
	s.byID.Set(m.ID, m)
}

// get returns the recorded message of id, or nil.
func (s *messageStore) get(id string) *commands.Message {
	m, _ := s.byID.Get(id)
	return m
}

// sameView reports whether the page's copy of a message (as it sent it
// back with a press) is the message as last rendered: same content,
// same components, same edit stamp.
func sameView(page, rendered *commands.Message) bool {
	return page.Content == rendered.Content && page.EditedAt.Equal(rendered.EditedAt) &&
		slices.Equal(commands.CustomIDs(page.Components), commands.CustomIDs(rendered.Components))
}

// shownMessage is what the playground adds to a message response (type
// 4 or 7) beside Discord's fields: the id of the message the page shows
// it in and its edit stamp, which the page sends back with a press.
type shownMessage struct {
	ID       string    `json:"id"`
	EditedAt time.Time `json:"edited_timestamp"`
}
