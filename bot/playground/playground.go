// Package playground serves a local page that looks and behaves like a
// Discord text channel, and the JSON API behind it, answering through the
// dispatcher.
package playground

import (
	"bytes"
	"context"
	"crypto/rand"
	"embed"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"image"
	_ "image/png" // PNG sizes of attachments
	"io/fs"
	"log/slog"
	"mime"
	"net"
	"net/http"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/slash"
	"github.com/alea-bot/alea/commands"
)

//go:embed static
var assets embed.FS

// Options configure a [Playground]. Zero values take the
// defaults noted.
type Options struct {
	// Logger (default: discard).
	Logger *slog.Logger
	// MaxBody bounds the body of POST /api/interactions (default 64 KiB).
	MaxBody int64
	// ReplyWait is how long GET /api/interactions/{token}/reply waits for
	// a deferred reply before answering 204 (default 25 s).
	ReplyWait time.Duration
	// FileTTL is how long attachments stay downloadable (default 15 min).
	FileTTL time.Duration
	// MaxFileBytes bounds the attachments kept in memory together
	// (default 64 MiB); the oldest go first.
	MaxFileBytes int
	// MaxPending bounds the deferred interactions awaiting their reply
	// (default 256); past it, an interaction is answered in its response.
	MaxPending int
	// MaxMessages bounds the rendered messages remembered for checking
	// component presses (default 4096); those used least recently go
	// first.
	MaxMessages int
	// Now is the clock that stamps rendered messages (default time.Now).
	Now func() time.Time
	// AnyHost answers requests whatever their Host header. Without it
	// (the default) only loopback names are answered (localhost,
	// 127.0.0.1, [::1], with or without the port), so a web page cannot
	// drive the playground by pointing a name of its own at 127.0.0.1
	// (DNS rebinding). Set it only for a playground served beyond this
	// machine (PLAYGROUND_PUBLIC).
	AnyHost bool
}

// Playground serves a local page that looks and behaves like a Discord
// text channel, and the JSON API behind it:
//
//	GET  /                                 the page (embedded; no CDN, no build step)
//	GET  /api/commands                     the command definitions, as registered with Discord
//	GET  /api/users                        the users the page can play as ([{"id", "name"}]; "@Name" seats them)
//	POST /api/interactions                 a Discord interaction object → the interaction response
//	GET  /api/interactions/{token}/reply   the reply of a deferred interaction (long poll)
//	GET  /api/files/{id}/{name}            an attachment of a reply
//
// The playground is a pretend server (bot.LocalServerID): an interaction
// that names no server comes from it, its user a member (bot.InLocalServer:
// the page's own user and Ann are its admins), so that the standings and
// the server's settings can be tried there.
//
// Interactions go through the same router and dispatcher as the gateway
// and the HTTP endpoint; nothing is signed or authenticated, so the
// playground belongs on loopback. POST /api/interactions takes only
// application/json from the page's own origin (a browser's cross-origin
// request is refused with 403, another body type with 415), so that no
// other web page can drive it.
//
// A message response (type 4 or 7) carries, beside Discord's fields,
// "message": {"id", "edited_timestamp"}: the id of the message the page
// shows it in (kept by an edit) and when the playground rendered it. A
// component interaction carries that message back as Discord sends it
// ("message": id, content, embeds, components, edited_timestamp); it is
// refused when the custom_id is not among the components the playground
// rendered on that message (403), and answered "run the command again"
// when the message is unknown or the page's copy is out of date.
//
// A reply with a follow-up (a ping that notifies, after an edit) carries
// it as "follow_up": a type 4 response with its own "message", which the
// page shows as a new message after the response, and a
// "message_reference" to the message it follows (as Discord shows a
// follow-up to a press as a reply to the pressed message).
//
// A reply ready in time is the response itself. Otherwise the response is
// Discord's acknowledgement (type 5, "thinking", or 6 for a component),
// and GET /api/interactions/{token}/reply, with the interaction's token,
// waits for the reply: 200 with an interaction response — type 4 replaces
// the "thinking" message (or, after a component, is a new message), type 7
// edits the component's message — or 204 when it is not ready yet (ask
// again), or 404 for an unknown or already fetched token. Attachments are
// data.attachments with a url into a bounded, short-lived in-memory store,
// and embed images naming them ("attachment://x.png") point there too.
type Playground struct {
	d       *bot.Dispatcher
	opts    Options
	log     *slog.Logger
	mux     *http.ServeMux
	defs    []byte
	files   fileStore
	mu      sync.Mutex
	pending map[string]*pendingReply
	shown   *messageStore
	csrf    *http.CrossOriginProtection
}

// pendingReply is a deferred interaction's reply, once it is ready.
type pendingReply struct {
	done    chan struct{} // closed when body is set
	body    []byte
	expires time.Time // after which an unfetched reply is dropped
}

// New returns the playground answering through d.
func New(d *bot.Dispatcher, o Options) (*Playground, error) {
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	if o.MaxBody <= 0 {
		o.MaxBody = 64 << 10
	}
	if o.ReplyWait <= 0 {
		o.ReplyWait = 25 * time.Second
	}
	if o.FileTTL <= 0 {
		o.FileTTL = 15 * time.Minute
	}
	if o.MaxFileBytes <= 0 {
		o.MaxFileBytes = 64 << 20
	}
	if o.MaxPending <= 0 {
		o.MaxPending = 256
	}
	if o.MaxMessages <= 0 {
		o.MaxMessages = 4096
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	defs, err := json.Marshal(payload.Definitions(d.Router().Registry()))
	if err != nil {
		return nil, err
	}
	static, err := fs.Sub(assets, "static")
	if err != nil {
		return nil, err
	}
	p := &Playground{d: d, opts: o, log: o.Logger, defs: defs, pending: map[string]*pendingReply{},
		shown: newMessageStore(o.MaxMessages), csrf: http.NewCrossOriginProtection(),
		files: fileStore{ttl: o.FileTTL, max: o.MaxFileBytes, byID: map[string]*storedFile{}}}
	mux := http.NewServeMux()
	mux.Handle("GET /", http.FileServerFS(static))
	mux.HandleFunc("GET /api/commands", func(w http.ResponseWriter, r *http.Request) { _ = payload.WriteJSON(w, p.defs) })
	mux.HandleFunc("GET /api/users", p.users)
	mux.HandleFunc("POST /api/interactions", p.interaction)
	mux.HandleFunc("GET /api/interactions", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Allow", http.MethodPost)
		payload.Problem(w, http.StatusMethodNotAllowed, "only POST")
	})
	mux.HandleFunc("POST /api/slash", p.slashLine)
	mux.HandleFunc("GET /api/interactions/{token}/reply", p.reply)
	mux.HandleFunc("GET /api/files/{id}/{name}", p.file)
	p.mux = mux
	return p, nil
}

// ServeHTTP serves the page and its API.
func (p *Playground) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	h := w.Header()
	h.Set("Content-Security-Policy", "default-src 'self'; img-src 'self' data:; object-src 'none'; base-uri 'none'; frame-ancestors 'none'")
	h.Set("X-Content-Type-Options", "nosniff")
	h.Set("Referrer-Policy", "no-referrer")
	h.Set("Cache-Control", "no-store")
	if !p.opts.AnyHost && !loopbackHost(r.Host) {
		http.Error(w, "the playground answers only on this machine (localhost or 127.0.0.1)", http.StatusForbidden)
		return
	}
	p.mux.ServeHTTP(w, r)
}

// loopbackHost reports whether a Host header names this machine:
// localhost, or a loopback IP address, with or without a port.
func loopbackHost(host string) bool {
	if h, _, err := net.SplitHostPort(host); err == nil {
		host = h
	} else if strings.HasPrefix(host, "[") && strings.HasSuffix(host, "]") {
		host = host[1 : len(host)-1]
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// Listen listens on addr for the playground and reports whether
// it is a loopback address (127.0.0.0/8, ::1 or localhost). Any other
// address is refused before listening unless public is set
// (PLAYGROUND_PUBLIC=true): the playground has no authentication.
func Listen(addr string, public bool) (ln net.Listener, loopback bool, err error) {
	loopback = IsLoopbackAddr(addr)
	if !loopback && !public {
		return nil, false, fmt.Errorf("%s is not a loopback address and the playground has no authentication; "+
			"use 127.0.0.1:PORT, or set PLAYGROUND_PUBLIC=true to serve it there anyway", addr)
	}
	ln, err = net.Listen("tcp", addr)
	if err != nil {
		return nil, false, err
	}
	return ln, loopback, nil
}

// IsLoopbackAddr reports whether host:port names a loopback host: an IP
// address in 127.0.0.0/8 or ::1, or "localhost". An empty host (every
// interface) is not.
func IsLoopbackAddr(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if strings.EqualFold(host, "localhost") {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}

// validToken reports whether an interaction token can name a reply URL.
func validToken(t string) bool {
	if t == "" || len(t) > 200 {
		return false
	}
	for _, c := range t {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.') {
			return false
		}
	}
	return true
}

// interaction answers POST /api/interactions.
func (p *Playground) interaction(w http.ResponseWriter, r *http.Request) {
	if err := p.csrf.Check(r); err != nil {
		payload.Problem(w, http.StatusForbidden, "the playground's API answers its own page only (cross-origin request refused)")
		return
	}
	if ct, _, err := mime.ParseMediaType(r.Header.Get("Content-Type")); err != nil || ct != "application/json" {
		payload.Problem(w, http.StatusUnsupportedMediaType, "an interaction is posted as application/json")
		return
	}
	body, ok := payload.ReadBody(w, r, p.opts.MaxBody)
	if !ok {
		return
	}
	in, err := payload.DecodeInteraction(body)
	if err != nil {
		payload.Problem(w, http.StatusBadRequest, err.Error())
		return
	}
	if in.Type == discordgo.InteractionPing {
		_ = payload.WriteJSON(w, []byte(`{"type":1}`))
		return
	}
	req, err := in.Request()
	if err != nil {
		payload.Problem(w, http.StatusBadRequest, "unsupported interaction: "+err.Error())
		return
	}
	if req.Kind == commands.KindComponent {
		if req.Message == nil || req.Message.ID == "" {
			payload.Problem(w, http.StatusBadRequest, "a component interaction carries the message it was used on (message.id)")
			return
		}
		rendered := p.shown.get(req.Message.ID)
		if rendered != nil && !rendered.HasCustomID(req.CustomID) {
			payload.Problem(w, http.StatusForbidden, "this custom_id is not on the message it claims to come from")
			return
		}
		if rendered == nil || !sameView(req.Message, rendered) {
			b, _ := payload.Encode(req, staleMessage(rendered == nil, req.Locale))
			_ = payload.WriteJSON(w, b)
			return
		}
	}
	if !validToken(in.Token) {
		payload.Problem(w, http.StatusBadRequest, "an interaction needs a token of at most 200 letters, digits, '-', '_' or '.'")
		return
	}
	if req.ID == "" {
		req.ID = in.Token
	}
	if req.UserID == "" {
		req.UserID = "playground"
	}
	if req.GuildID == "" && req.Place != commands.InPrivateChannel {
		// The playground is a pretend server: standings, the server's
		// settings and its wipe can be tried there.
		bot.InLocalServer(req)
	}
	req.KnownUsers = bot.LocalKnownUsers()
	p.mu.Lock()
	_, taken := p.pending[in.Token]
	p.mu.Unlock()
	if taken {
		payload.Problem(w, http.StatusConflict, "this token is awaiting a deferred reply already")
		return
	}
	ex := &playgroundExchange{p: p, token: in.Token, first: make(chan []byte, 1)}
	p.d.HandleDetached(r.Context(), req, ex, ex.fail, p.log, "playground")
	select {
	case b := <-ex.first:
		_ = payload.WriteJSON(w, b)
	case <-r.Context().Done():
	}
}

// users answers GET /api/users: the local users, whom the page can play
// as and "@Name" seats.
func (p *Playground) users(w http.ResponseWriter, r *http.Request) {
	type user struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	var out []user
	for _, u := range bot.LocalUsers() {
		out = append(out, user{u.ID, u.Name})
	}
	b, _ := json.Marshal(out)
	_ = payload.WriteJSON(w, b)
}

// slashLineResult is the answer of POST /api/slash: the interaction's
// data and the command as the channel shows it, or the reason the line
// cannot be sent, in the page's language.
type slashLineResult struct {
	Data    *discordgo.ApplicationCommandInteractionData `json:"data,omitempty"`
	Command string                                       `json:"command,omitempty"`
	Error   string                                       `json:"error,omitempty"`
}

// slashLine answers POST /api/slash {"line": "/yacht-advise dice:3 3 5 6 6",
// "locale": "ko"}: the page sends what was typed in its message box, and
// the line is read exactly as `alea run` reads it (package slash), so an
// unquoted value with spaces means the same in both. The page posts the
// returned data as a slash command interaction.
func (p *Playground) slashLine(w http.ResponseWriter, r *http.Request) {
	if err := p.csrf.Check(r); err != nil {
		payload.Problem(w, http.StatusForbidden, "the playground's API answers its own page only (cross-origin request refused)")
		return
	}
	body, ok := payload.ReadBody(w, r, p.opts.MaxBody)
	if !ok {
		return
	}
	var in struct {
		Line   string `json:"line"`
		Locale string `json:"locale"`
	}
	if err := json.Unmarshal(body, &in); err != nil {
		payload.Problem(w, http.StatusBadRequest, "malformed line: "+err.Error())
		return
	}
	res := readSlashLine(p.d.Router().Registry(), in.Line, commands.ParseLocale(in.Locale))
	b, err := json.Marshal(res)
	if err != nil {
		payload.Problem(w, http.StatusInternalServerError, err.Error())
		return
	}
	_ = payload.WriteJSON(w, b)
}

// readSlashLine reads a typed line for reg as alea run does and builds the
// data of the slash command interaction Discord would send for it.
func readSlashLine(reg *commands.Registry, line string, l commands.Locale) slashLineResult {
	req, err := slash.Request(reg, line, l)
	var ue *commands.UserError
	switch {
	case errors.As(err, &ue):
		return slashLineResult{Error: ue.Localize(l)}
	case err != nil:
		return slashLineResult{Error: err.Error()}
	}
	top, sub, _ := strings.Cut(req.Command, " ")
	c, known := reg.Lookup(top)
	if !known {
		return slashLineResult{Error: bot.UnknownCommand(reg, "/"+req.Command).Localize(l)}
	}
	defs, _ := reg.OptionsFor(req.Command)
	var opts []*discordgo.ApplicationCommandInteractionDataOption
	for _, name := range sortedKeys(req.Options) {
		typ := discordgo.ApplicationCommandOptionString
		if d, ok := payload.LookupOption(defs, name); ok {
			typ = discordgo.ApplicationCommandOptionType(d.Type)
		}
		opts = append(opts, &discordgo.ApplicationCommandInteractionDataOption{Name: name, Type: typ, Value: req.Options[name]})
	}
	data := &discordgo.ApplicationCommandInteractionData{ID: "3", Name: c.Name.En, CommandType: discordgo.ChatApplicationCommand, Options: opts}
	shown := "/" + c.Name.In(l)
	if sub != "" {
		data.Options = []*discordgo.ApplicationCommandInteractionDataOption{{Name: sub, Type: discordgo.ApplicationCommandOptionSubCommand, Options: opts}}
		if s, ok := payload.LookupSubcommand(c, sub); ok {
			shown += " " + s.Name.In(l)
		}
	}
	return slashLineResult{Data: data, Command: shown}
}

// sortedKeys returns the options' names in order, so equal lines give
// equal interactions.
func sortedKeys(o commands.Options) []string {
	keys := make([]string, 0, len(o))
	for k := range o {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	return keys
}

// reply answers GET /api/interactions/{token}/reply.
func (p *Playground) reply(w http.ResponseWriter, r *http.Request) {
	token := r.PathValue("token")
	p.mu.Lock()
	pr := p.pending[token]
	p.mu.Unlock()
	if pr == nil {
		payload.Problem(w, http.StatusNotFound, "no deferred reply for this token (unknown, or fetched already)")
		return
	}
	t := time.NewTimer(p.opts.ReplyWait)
	defer t.Stop()
	select {
	case <-pr.done:
	case <-t.C:
		w.WriteHeader(http.StatusNoContent)
		return
	case <-r.Context().Done():
		return
	}
	if payload.WriteJSON(w, pr.body) == nil {
		p.mu.Lock()
		if p.pending[token] == pr {
			delete(p.pending, token)
		}
		p.mu.Unlock()
	}
}

// file answers GET /api/files/{id}/{name}.
func (p *Playground) file(w http.ResponseWriter, r *http.Request) {
	f := p.files.get(r.PathValue("id"), time.Now())
	if f == nil || f.name != r.PathValue("name") {
		payload.Problem(w, http.StatusNotFound, "no such attachment (they are kept for a while only: run the command again)")
		return
	}
	ctype := "application/octet-stream"
	switch {
	case strings.HasPrefix(f.ctype, "image/png"):
		ctype = "image/png"
	case strings.HasPrefix(f.ctype, "text/plain"):
		ctype = "text/plain; charset=utf-8"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("Content-Length", strconv.Itoa(len(f.data)))
	w.Header().Set("Content-Disposition", "inline; filename=\""+strings.ReplaceAll(f.name, `"`, "")+"\"")
	_, _ = w.Write(f.data)
}

// expire drops deferred replies nobody fetched.
func (p *Playground) expire(now time.Time) {
	for t, pr := range p.pending {
		if !pr.expires.IsZero() && now.After(pr.expires) {
			delete(p.pending, t)
		}
	}
}

// encode is the interaction response for reply, with its files stored
// and named by URL, and a message response recorded and stamped (see
// [Playground]).
func (p *Playground) encode(req *commands.Request, reply *commands.Reply) ([]byte, error) {
	if req.Kind == commands.KindAutocomplete || reply.Modal != nil {
		return payload.Encode(req, reply)
	}
	followID := ""
	if reply.FollowUp != nil && reply.AfterFollowUp != nil && req.Kind == commands.KindComponent {
		// The follow-up first, as on Discord: its id is known to what
		// then takes the reply's place.
		followID = newSnowflake()
		if next := reply.AfterFollowUp(followID); next != nil {
			c := *next
			c.FollowUp, c.Remove = reply.FollowUp, reply.Remove
			reply = &c
		}
	}
	resp := payload.Response(req, reply)
	now := p.opts.Now()
	if len(reply.Files) > 0 {
		urls := map[string]string{}
		atts := make([]*discordgo.MessageAttachment, 0, len(reply.Files))
		for i, f := range reply.Files {
			id := p.files.put(f, now)
			u := "/api/files/" + id + "/" + f.Name
			urls["attachment://"+f.Name] = u
			a := &discordgo.MessageAttachment{ID: strconv.Itoa(i), Filename: f.Name, URL: u, ProxyURL: u,
				ContentType: f.ContentType, Size: len(f.Data)}
			if cfg, _, err := image.DecodeConfig(bytes.NewReader(f.Data)); err == nil {
				a.Width, a.Height = cfg.Width, cfg.Height
			}
			atts = append(atts, a)
		}
		resp.Data.Attachments = &atts
		for _, e := range resp.Data.Embeds {
			if e.Image != nil && urls[e.Image.URL] != "" {
				e.Image.URL = urls[e.Image.URL]
			}
			if e.Thumbnail != nil && urls[e.Thumbnail.URL] != "" {
				e.Thumbnail.URL = urls[e.Thumbnail.URL]
			}
		}
	}
	id := newMessageID()
	if resp.Type == discordgo.InteractionResponseUpdateMessage && req.Message != nil {
		id = req.Message.ID
	}
	shown := shownMessage{ID: id, EditedAt: now.UTC()}
	p.shown.put(&commands.Message{ID: id, Content: reply.Content, Embeds: payload.MessageFrom(&discordgo.Message{Embeds: resp.Data.Embeds}).Embeds,
		Components: reply.Components, EditedAt: shown.EditedAt})
	type reference struct {
		MessageID string `json:"message_id"`
	}
	type shownResponse struct {
		*discordgo.InteractionResponse
		Message   shownMessage   `json:"message"`
		Reference *reference     `json:"message_reference,omitempty"`
		FollowUp  *shownResponse `json:"follow_up,omitempty"`
		// Removed are the messages the reply makes obsolete (an earlier
		// turn's ping), which the page takes away.
		Removed []string `json:"removed,omitempty"`
	}
	out := shownResponse{InteractionResponse: resp, Message: shown, Removed: reply.Remove}
	if f := reply.FollowUp; f != nil {
		// A new message after this one, as Discord shows a follow-up.
		fresp := payload.Response(&commands.Request{Kind: commands.KindCommand}, f)
		if followID == "" {
			followID = newMessageID()
		}
		fshown := shownMessage{ID: followID, EditedAt: now.UTC()}
		p.shown.put(&commands.Message{ID: fshown.ID, Content: f.Content, Embeds: payload.MessageFrom(&discordgo.Message{Embeds: fresp.Data.Embeds}).Embeds,
			Components: f.Components, EditedAt: fshown.EditedAt})
		ref := id // the pressed message, or the response's own
		if req.Message != nil && req.Message.ID != "" {
			ref = req.Message.ID
		}
		out.FollowUp = &shownResponse{InteractionResponse: fresp, Message: fshown, Reference: &reference{MessageID: ref}}
	}
	return json.Marshal(out)
}

// staleMessage is the answer to a press on a message the playground no
// longer knows (restarted, or long ago) or that changed since the page
// showed it.
func staleMessage(unknown bool, l commands.Locale) *commands.Reply {
	t := commands.T("This message has changed since you pressed it: press again on its current version.",
		"누르신 뒤에 메시지가 바뀌었습니다. 바뀐 메시지에서 다시 눌러 주세요.",
		"押した後でメッセージが変わりました。新しいメッセージでもう一度押してください。")
	if unknown {
		t = commands.T("This message is from an earlier session of the playground: run the command again.",
			"이전 체험 공간 세션의 메시지입니다. 명령어를 다시 실행해 주세요.",
			"以前のプレイグラウンドのセッションのメッセージです。コマンドをもう一度実行してください。")
	}
	return &commands.Reply{Content: t.In(l), Ephemeral: true}
}

// playgroundExchange is the playground's side of one interaction: the
// first response goes to the waiting POST, a deferred reply to the
// pending map where GET …/reply finds it.
type playgroundExchange struct {
	p         *Playground
	token     string
	first     chan []byte // buffered: never blocks
	responded atomic.Bool
}

func (x *playgroundExchange) fail() {
	if x.responded.CompareAndSwap(false, true) {
		x.first <- payload.Failure()
	}
}

// Defer answers the POST with the acknowledgement and opens the pending
// reply, unless too many are pending already.
func (x *playgroundExchange) Defer(_ context.Context, req *commands.Request) error {
	p := x.p
	p.mu.Lock()
	p.expire(time.Now())
	if len(p.pending) >= p.opts.MaxPending {
		p.mu.Unlock()
		return errors.New("playground: too many deferred playground replies pending")
	}
	if _, taken := p.pending[x.token]; taken {
		// Another POST with this token was deferred meanwhile: this one
		// is answered in its own response instead.
		p.mu.Unlock()
		return errors.New("playground: the token awaits a deferred reply already")
	}
	p.pending[x.token] = &pendingReply{done: make(chan struct{})}
	p.mu.Unlock()
	b, err := json.Marshal(payload.Deferred(req))
	if err != nil {
		return err
	}
	if !x.responded.CompareAndSwap(false, true) {
		return errors.New("playground: the interaction was answered already")
	}
	x.first <- b
	return nil
}

// Send answers the POST, or completes the pending reply when deferred.
func (x *playgroundExchange) Send(_ context.Context, req *commands.Request, reply *commands.Reply, deferred bool) error {
	b, err := x.p.encode(req, reply)
	if err != nil {
		x.fail()
		return err
	}
	if !deferred {
		if !x.responded.CompareAndSwap(false, true) {
			return errors.New("playground: the interaction was answered already")
		}
		x.first <- b
		return nil
	}
	p := x.p
	p.mu.Lock()
	defer p.mu.Unlock()
	pr := p.pending[x.token]
	if pr == nil {
		return errors.New("playground: the deferred playground reply expired")
	}
	pr.body = b
	pr.expires = time.Now().Add(5 * time.Minute)
	close(pr.done)
	return nil
}

// fileStore keeps attachments for a while, bounded in bytes: they are
// recomputable output, not state.
type fileStore struct {
	ttl   time.Duration
	max   int
	mu    sync.Mutex
	byID  map[string]*storedFile
	order []string // ids, oldest first
	bytes int
}

type storedFile struct {
	name, ctype string
	data        []byte
	expires     time.Time
}

// put stores f and returns its random id, dropping the oldest files past
// the bound.
func (s *fileStore) put(f commands.File, now time.Time) string {
	var raw [16]byte
	_, _ = rand.Read(raw[:])
	id := hex.EncodeToString(raw[:])
	s.mu.Lock()
	defer s.mu.Unlock()
	s.byID[id] = &storedFile{name: f.Name, ctype: f.ContentType, data: f.Data, expires: now.Add(s.ttl)}
	s.order = append(s.order, id)
	s.bytes += len(f.Data)
	for len(s.order) > 1 && (s.bytes > s.max || now.After(s.byID[s.order[0]].expires)) {
		s.bytes -= len(s.byID[s.order[0]].data)
		delete(s.byID, s.order[0])
		s.order = s.order[1:]
	}
	return id
}

func (s *fileStore) get(id string, now time.Time) *storedFile {
	s.mu.Lock()
	defer s.mu.Unlock()
	f := s.byID[id]
	if f == nil || now.After(f.expires) {
		return nil
	}
	return f
}
