package fakediscord

import (
	"encoding/json"
	"net/http"
	"strconv"
	"strings"
	"testing"
)

// Message is a message of the fake's channels as Discord keeps it: made
// by an interaction's first response (a message, or the "thinking…" of a
// deferral), by a follow-up through its webhook, edited by an update or
// a webhook edit, removed through the webhook or the channel.
type Message struct {
	ID, ChannelID string
	// JSON is the message's last content as the bot sent it (the data of
	// the response, or the webhook body).
	JSON []byte
	// Ephemeral messages are seen by one user only (flags 64).
	Ephemeral bool
	// Deleted is set once it was removed.
	Deleted bool
	// By is the token of the interaction that created it.
	By string
}

// Text is the message's content and embeds as JSON, for searching.
func (m Message) Text() string {
	var v struct {
		Content string `json:"content"`
		Embeds  any    `json:"embeds"`
	}
	_ = json.Unmarshal(m.JSON, &v)
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(map[string]any{"content": v.Content, "embeds": v.Embeds})
	return strings.TrimSpace(b.String())
}

// Object is the message as Discord sends it with a press on it: its
// data, its id and channel.
func (m Message) Object() map[string]any {
	o := map[string]any{}
	_ = json.Unmarshal(m.JSON, &o)
	delete(o, "allowed_mentions")
	delete(o, "flags")
	o["id"], o["channel_id"] = m.ID, m.ChannelID
	if _, ok := o["components"]; !ok {
		o["components"] = []any{}
	}
	if _, ok := o["embeds"]; !ok {
		o["embeds"] = []any{}
	}
	return o
}

// Messages returns the messages of channel that everyone sees (not
// ephemeral) and that are not removed, oldest first.
func (s *Server) Messages(channel string) []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []Message
	for _, id := range s.msgOrder {
		m := s.msgs[id]
		if m.ChannelID == channel && !m.Deleted && !m.Ephemeral {
			out = append(out, *m)
		}
	}
	return out
}

// Message returns the message id (removed ones included).
func (s *Server) Message(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	m, ok := s.msgs[id]
	if !ok {
		return Message{}, false
	}
	return *m, true
}

// AwaitMessage waits until message id's content satisfies ok.
func (s *Server) AwaitMessage(t testing.TB, id string, what string, ok func(Message) bool) Message {
	t.Helper()
	s.waitFor(t, Wait, func() string { return "message " + id + ": " + what }, func() bool {
		m := s.msgs[id]
		return m != nil && ok(*m)
	})
	m, _ := s.Message(id)
	return m
}

// newMessageLocked stores a new message of the interaction with token,
// with body, and returns its id; s.mu is held.
func (s *Server) newMessageLocked(token, channel string, body []byte) string {
	s.msgSeq++
	id := strconv.Itoa(300000000000000000 + s.msgSeq)
	if s.msgs == nil {
		s.msgs = map[string]*Message{}
	}
	s.msgs[id] = &Message{ID: id, ChannelID: channel, JSON: body, Ephemeral: ephemeral(body), By: token}
	s.msgOrder = append(s.msgOrder, id)
	return id
}

// ephemeral reports whether a message body has the ephemeral flag.
func ephemeral(body []byte) bool {
	var v struct {
		Flags int `json:"flags"`
	}
	_ = json.Unmarshal(body, &v)
	return v.Flags&64 != 0
}

// respondedLocked applies an interaction's first response to the
// channel: a message (4) or a deferral (5) makes the original response a
// new message; an update (7) edits the pressed message, which a deferred
// update (6) makes the original. s.mu is held.
func (s *Server) respondedLocked(in *interaction, response []byte) {
	var resp struct {
		Type int             `json:"type"`
		Data json.RawMessage `json:"data"`
	}
	_ = json.Unmarshal(response, &resp)
	switch resp.Type {
	case 4, 5:
		data := []byte(resp.Data)
		if len(data) == 0 {
			data = []byte("{}")
		}
		in.originalID = s.newMessageLocked(in.token, in.channel, data)
	case 6, 7:
		in.originalID = in.pressed
		if m := s.msgs[in.pressed]; m != nil && resp.Type == 7 && !m.Deleted {
			m.JSON = resp.Data
		}
	}
}

// webhookMessageLocked applies a webhook call to a message of the
// channel: the original response's (id "@original") or a follow-up's by
// id. It returns the status to answer and the message's id. s.mu is held.
func (s *Server) webhookMessageLocked(in *interaction, method, id string, body []byte) (int, string) {
	if id == "@original" {
		id = in.originalID
	}
	m := s.msgs[id]
	if m == nil || m.Deleted {
		return http.StatusNotFound, ""
	}
	switch method {
	case http.MethodPatch:
		m.JSON = mergeEdit(m.JSON, body)
		m.Ephemeral = m.Ephemeral || ephemeral(body)
		return http.StatusOK, id
	case http.MethodDelete:
		m.Deleted = true
		return http.StatusNoContent, id
	}
	return http.StatusMethodNotAllowed, ""
}

// mergeEdit is a message after an edit: the fields the edit sends replace
// the message's.
func mergeEdit(old, edit []byte) []byte {
	o, e := map[string]any{}, map[string]any{}
	_ = json.Unmarshal(old, &o)
	_ = json.Unmarshal(edit, &e)
	for k, v := range e {
		o[k] = v
	}
	b, _ := json.Marshal(o)
	return b
}

// channelMessage handles DELETE /channels/{channel}/messages/{id}, with
// the bot token.
func (s *Server) channelMessage(w http.ResponseWriter, r *http.Request, c Call, channel, id string) {
	if !s.botAuth(r) {
		s.refuse(w, c, "", 401, 0, "401: Unauthorized")
		return
	}
	if r.Method != http.MethodDelete {
		s.refuse(w, c, "", 405, 0, "405: Method Not Allowed")
		return
	}
	s.mu.Lock()
	m := s.msgs[id]
	found := m != nil && !m.Deleted && m.ChannelID == channel
	if found {
		m.Deleted = true
	}
	s.mu.Unlock()
	if !found {
		s.refuse(w, c, "", 404, 10008, "Unknown Message")
		return
	}
	c.Status = 204
	s.record(c, "")
	w.WriteHeader(http.StatusNoContent)
}
