package fakediscord

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strings"
)

// Emoji is an application emoji the fake holds.
type Emoji struct {
	ID, Name string
	// Image is the decoded picture that was uploaded.
	Image []byte
}

// emojiName is Discord's rule for an emoji's name.
var emojiName = regexp.MustCompile(`^[A-Za-z0-9_]{2,32}$`)

// maxEmojiBytes is Discord's bound on an emoji's picture.
const maxEmojiBytes = 256 << 10

// Emojis returns the application's emojis, in upload order.
func (s *Server) Emojis() []Emoji {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Emoji(nil), s.emojis...)
}

// AddEmoji adds an application emoji as if uploaded before the test, and
// returns its id.
func (s *Server) AddEmoji(name string, image []byte) string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.addEmoji(name, image)
}

// addEmoji stores an emoji under a new id; s.mu is held.
func (s *Server) addEmoji(name string, image []byte) string {
	s.seq++
	id := fmt.Sprint(400000000000000000 + s.seq)
	s.emojis = append(s.emojis, Emoji{ID: id, Name: name, Image: image})
	return id
}

// emojiJSON is an emoji object as Discord sends it.
func (s *Server) emojiJSON(e Emoji) map[string]any {
	return map[string]any{"id": e.ID, "name": e.Name, "roles": []any{}, "user": botUser(s.opts.AppID),
		"require_colons": true, "managed": false, "animated": false, "available": true}
}

// appEmojis handles GET and POST /applications/{app}/emojis: the list
// ({"items": [...]}) and an upload ({"name", "image": a data URI}),
// checked as Discord does: the name's pattern, a PNG, JPEG, GIF or WebP
// data URI of at most 256 KiB, a name not taken.
func (s *Server) appEmojis(w http.ResponseWriter, r *http.Request, c Call, app string) {
	if !s.botAuth(r) {
		s.refuse(w, c, "", 401, 0, "401: Unauthorized")
		return
	}
	if app != s.opts.AppID {
		s.refuse(w, c, "", 403, 50001, "Missing Access (application id "+app+" is not this bot's)")
		return
	}
	switch r.Method {
	case http.MethodGet:
		s.mu.Lock()
		items := make([]any, 0, len(s.emojis))
		for _, e := range s.emojis {
			items = append(items, s.emojiJSON(e))
		}
		s.mu.Unlock()
		c.Status = 200
		s.record(c, "")
		writeJSON(w, 200, map[string]any{"items": items})
	case http.MethodPost:
		var in struct {
			Name  string `json:"name"`
			Image string `json:"image"`
		}
		if err := json.Unmarshal(c.JSON, &in); err != nil {
			s.refuse(w, c, "", 400, 50109, "The request body contains invalid JSON.")
			return
		}
		if !emojiName.MatchString(in.Name) {
			s.refuse(w, c, "", 400, 50035, "Invalid Form Body: name "+in.Name+" must match ^[A-Za-z0-9_]{2,32}$")
			return
		}
		head, data, ok := strings.Cut(in.Image, ";base64,")
		kind, _ := strings.CutPrefix(head, "data:")
		img, err := base64.StdEncoding.DecodeString(data)
		if !ok || !strings.HasPrefix(head, "data:") || err != nil ||
			(kind != "image/png" && kind != "image/jpeg" && kind != "image/gif" && kind != "image/webp") {
			s.refuse(w, c, "", 400, 50035, "Invalid Form Body: image is not a base64 data URI of an image")
			return
		}
		if len(img) > maxEmojiBytes {
			s.refuse(w, c, "", 400, 50035, fmt.Sprintf("Invalid Form Body: image of %d bytes, Discord allows %d", len(img), maxEmojiBytes))
			return
		}
		if kind == "image/png" && !strings.HasPrefix(string(img), "\x89PNG\r\n\x1a\n") {
			s.refuse(w, c, "", 400, 50035, "Invalid Form Body: image is not a PNG")
			return
		}
		s.mu.Lock()
		for _, e := range s.emojis {
			if e.Name == in.Name {
				s.mu.Unlock()
				s.refuse(w, c, "", 400, 50035, "Invalid Form Body: name "+in.Name+" is already taken (APPLICATION_EMOJI_NAME_ALREADY_TAKEN)")
				return
			}
		}
		id := s.addEmoji(in.Name, img)
		e := s.emojis[len(s.emojis)-1]
		s.mu.Unlock()
		c.Status = 201
		s.record(c, "")
		writeJSON(w, 201, s.emojiJSON(Emoji{ID: id, Name: e.Name}))
	default:
		s.refuse(w, c, "", 405, 0, "405: Method Not Allowed")
	}
}
