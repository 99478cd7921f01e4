package yachtgame

import (
	"context"
	"errors"
	"math"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/lru"
)

// The actions, by their letter in the custom_ids (part of the wire
// format: never give a letter another meaning).
const (
	actDie0     = '0' // hold or release die 0; '1'…'4' the others
	actHoldBest = 'b' // hold the best keep
	actRoll     = 'r' // roll the dice not held
	actEnter    = 'e' // open the modal for real dice
	actEntered  = 'm' // the modal's dice
	actScore    = 's' // the category menu
	actHint     = 'h' // the private hint
	actHintAll  = 'H' // the private hint's every option
	actDown     = 'D' // bring the board down to the bottom of the channel
	actUndo     = 'u' // take back the last scoring
	actPlayFor  = 'p' // let Alea play an idle player's turn
	actJoin     = 'j' // lobby: take a seat
	actLeave    = 'l' // lobby: leave it
	actStart    = 'g' // lobby: start the game
	actRecord   = 'R' // final board: record the result again (idempotent)
	actAgain    = 'A' // final board: a new game, same seats and rules
	actSheets   = 'S' // final board: every sheet, privately
	actAlea     = 'a' // lobby: seat Alea, or take its seat away
)

// action is what one letter does: a move of the table (yachttable), or
// a view that changes nothing (the dice form, a hint, a new game), good
// in one phase.
type action struct {
	move  yachttable.MoveKind
	view  func(ctx context.Context, p *pressing) (*commands.Reply, error)
	phase yachttable.Phase
}

// moveAction is the action of a move (its phase is the move's).
func moveAction(k yachttable.MoveKind) action { return action{move: k, phase: k.Phase()} }

// actions is the one table of every action: letter → move or view.
var actions = map[byte]action{
	actDie0:     moveAction(yachttable.MoveToggle),
	actDie0 + 1: moveAction(yachttable.MoveToggle),
	actDie0 + 2: moveAction(yachttable.MoveToggle),
	actDie0 + 3: moveAction(yachttable.MoveToggle),
	actDie0 + 4: moveAction(yachttable.MoveToggle),
	actHoldBest: moveAction(yachttable.MoveHoldBest),
	actRoll:     moveAction(yachttable.MoveRoll),
	actEntered:  moveAction(yachttable.MoveEnter),
	actScore:    moveAction(yachttable.MoveScore),
	actUndo:     moveAction(yachttable.MoveUndo),
	actPlayFor:  moveAction(yachttable.MovePlayFor),
	actDown:     moveAction(yachttable.MoveBringDown),
	actJoin:     moveAction(yachttable.MoveJoin),
	actLeave:    moveAction(yachttable.MoveLeave),
	actStart:    moveAction(yachttable.MoveStart),
	actAlea:     moveAction(yachttable.MoveAlea),
	actRecord:   moveAction(yachttable.MoveRecord),
	actEnter:    {view: enterPress, phase: yachttable.PhaseTurn},
	actHint:     {view: hintPress, phase: yachttable.PhaseTurn},
	actHintAll:  {view: hintPress, phase: yachttable.PhaseTurn},
	actAgain:    {view: againPress, phase: yachttable.PhaseOver},
	actSheets:   {view: sheetsPress, phase: yachttable.PhaseOver},
}

// pressing is one press being answered: the table it opened and what
// answering it needs.
type pressing struct {
	d   *Deps
	loc commands.Locale // the board's language
	req *commands.Request
	c   carrier // what the message carries
	g   *game
	now time.Time // the press's time
	// before is the current player's position before the move, for the
	// why under a decision's cost.
	before yachtcoach.Position
}

// press answers every button, the category menu and the dice modal, in
// one pipeline: open the board (the custom_id must be one the bot put on
// the message as it is now) → authorise the presser → apply the move →
// record the result when the game ended → render → seal.
func press(ctx context.Context, d *Deps, req *commands.Request) (*commands.Reply, error) {
	letter := req.Params["action"]
	c, ok := readCarrier(req.Message)
	if !ok || len(letter) != 1 {
		return nil, commands.Rejectf(msgNoMessage)
	}
	opened, err := kit(d.Key).OpenOn(req.CustomID, c.String(), c.sealed())
	if errors.Is(err, seal.ErrOtherKey) {
		if d.OtherKey != nil {
			d.OtherKey(req.ID)
		}
		return nil, commands.Rejectf(msgOtherKey)
	}
	if errors.Is(err, seal.ErrStale) {
		return nil, commands.Rejectf(msgStale)
	}
	if err != nil {
		return nil, commands.Rejectf(msgBadState)
	}
	g, err := yachttable.OpenBoard(opened.State, opened.Prev)
	if err != nil {
		return nil, commands.Rejectf(msgBadState)
	}
	if g.ID == 0 {
		// A game begun before version 3 gets its identity now, from its
		// state, so that two presses racing on it agree.
		g.ID, g.Started = stateID(d.Key, c.State), yachttable.Minute(d.now())
	}
	g.Roller = d.Dice.For(g.Bound())
	if u := g.Undo; u != nil {
		u.ID, u.Started = g.ID, g.Started
		u.Roller = d.Dice.For(u.Bound())
	}
	// The board is written in its own language; a board from before
	// languages were kept, in the presser's.
	board := c.Board
	if board == "" {
		board = req.Locale
	}
	p := &pressing{d: d, loc: board, req: req, c: c, g: g, now: d.now()}
	a, ok := actions[letter[0]]
	if ok && a.phase == g.Phase() {
		if a.view != nil {
			return a.view(ctx, p)
		}
		return p.play(ctx, yachttable.Move{Kind: a.move, By: req.UserID, At: p.now})
	}
	switch g.Phase() {
	case yachttable.PhaseOver:
		return nil, commands.Rejectf(msgBadState)
	case yachttable.PhaseLobby:
		return nil, commands.Rejectf(msgNotNow, 0)
	}
	if !g.Presser(g.Cur, req.UserID) {
		return nil, p.notYourTurn()
	}
	return nil, commands.Rejectf(msgBadState)
}

// play makes move m: authorise, read the press's input, check the rules
// that need no strategy table, apply, record when the game ended, then
// draw and seal the board.
func (p *pressing) play(ctx context.Context, m yachttable.Move) (*commands.Reply, error) {
	g := p.g
	if err := g.Authorise(m); err != nil {
		return nil, p.refusal(err)
	}
	if err := p.input(&m); err != nil {
		return nil, err
	}
	if err := g.Check(m); err != nil {
		return nil, p.refusal(err)
	}
	var t *strategy.Table
	if g.Phase() != yachttable.PhaseLobby || m.Kind == yachttable.MoveStart {
		var err error
		if t, err = p.table(ctx); err != nil {
			return nil, err
		}
	}
	was := g.Cur
	p.before = yachtcoach.Before(g)
	events, err := g.Apply(t, m)
	if err != nil {
		return nil, p.refusal(err)
	}
	rec := record.Report{Outcome: record.Off}
	if yachttable.Ended(events) {
		rec = p.d.record(ctx, t, g, p.req)
	}
	switch {
	case g.Lobby:
		r := renderLobby(p.loc, g, lobbyNews(p.loc, events))
		sealReply(p.d.Key, r, sealGame(p.d.Key, g, p.loc, false), true)
		r.Update = true
		return r, nil
	case m.Kind == yachttable.MoveBringDown:
		return p.broughtDown(ctx, t)
	case m.Kind == yachttable.MoveStart:
		was = -1 // the game starts now: its first player is pinged
	}
	return p.moved(ctx, t, events, rec, was)
}

// input reads what the press gives a move: the die of a hold, the dice
// of the modal, the category of the menu, the board's last change for
// Play for them. A form or menu used when its move is not possible is
// refused before its input is read.
func (p *pressing) input(m *yachttable.Move) error {
	g, req := p.g, p.req
	switch m.Kind {
	case yachttable.MoveToggle:
		m.Die = int(req.Params["action"][0] - actDie0)
	case yachttable.MoveEnter:
		if !g.Allowed(m.Kind) {
			return commands.Rejectf(msgNotNow, g.Roll)
		}
		dice, err := yacht.ParseDice(req.Fields["dice"])
		if err != nil {
			return yachtwords.RejectDice(err)
		}
		m.Dice = dice
	case yachttable.MoveScore:
		if !g.Allowed(m.Kind) || len(req.Values) != 1 {
			return commands.Rejectf(msgNotNow, g.Roll)
		}
		cat, err := strconv.Atoi(strings.TrimPrefix(req.Values[0], "c"))
		if err != nil || "c"+strconv.Itoa(cat) != req.Values[0] {
			return commands.Rejectf(msgBadCategory)
		}
		m.Category = cat
	case yachttable.MovePlayFor:
		m.Since = req.Message.EditedAt
	}
	return nil
}

// refusal words an error of Authorise, Check or Apply for the presser.
func (p *pressing) refusal(err error) error {
	g := p.g
	var missing *yachttable.HeldMissingError
	var early *yachttable.TooEarlyError
	switch {
	case errors.Is(err, yachttable.ErrNotYourTurn):
		return p.notYourTurn()
	case errors.Is(err, yachttable.ErrNotSeated):
		return commands.Rejectf(msgNotSeated)
	case errors.Is(err, yachttable.ErrNoUndo):
		return commands.Rejectf(msgNoUndo)
	case errors.Is(err, yachttable.ErrOnlyStarter):
		who, _ := g.Owner.Stranger(p.req.UserID, "")
		if p.req.Params["action"] == string(actAlea) {
			return commands.Rejectf(msgOnlyStarterAlea, who)
		}
		return commands.Rejectf(msgOnlyStarter, who)
	case errors.Is(err, yachttable.ErrStarterStays):
		return commands.Rejectf(msgStarterStays)
	case errors.Is(err, yachttable.ErrTableFull):
		return commands.Rejectf(msgLobbyFull, yachttable.MaxPlayers)
	case errors.Is(err, yachttable.ErrNotNow):
		return commands.Rejectf(msgNotNow, g.Roll)
	case errors.Is(err, yachttable.ErrNoCategory):
		return commands.Rejectf(msgBadCategory)
	case errors.As(err, &early):
		return commands.Rejectf(msgTooEarly, seatMention(p.loc, g, g.Cur), int(math.Ceil(early.Wait.Minutes())))
	case errors.As(err, &missing):
		return commands.Rejectf(msgHeldMissing, p.d.Faces.Text(missing.Have.Faces()), p.d.Faces.Text(missing.Held.Faces()))
	}
	return err
}

// notYourTurn refuses a press by someone whose turn it is not.
func (p *pressing) notYourTurn() error {
	if !p.g.Seated(p.req.UserID) {
		return commands.Rejectf(msgNotSeatedTurn, seatMention(p.loc, p.g, p.g.Cur))
	}
	if p.g.Seats[p.g.Cur].Kind == yachttable.SeatName && p.g.Owner.Discord {
		// A seat given by name is played by whoever opened the table.
		return commands.Rejectf(msgNamedTurn, seatMention(p.loc, p.g, p.g.Cur), p.g.Owner.Mention())
	}
	return commands.Rejectf(msgNotYourTurn, seatMention(p.loc, p.g, p.g.Cur))
}

// table returns the strategy table of the game's rules.
func (p *pressing) table(ctx context.Context) (*strategy.Table, error) {
	return yachttables.Table(ctx, p.d.Tables, p.g.Rules)
}

// moved answers a press that changed the table (or recorded it again):
// the board is drawn again, telling the events, and the player the turn
// passed to is pinged. was is the seat to play before the press (-1: the
// game starts now).
func (p *pressing) moved(ctx context.Context, t *strategy.Table, events []yachttable.Event, rec record.Report, was int) (*commands.Reply, error) {
	g := p.g
	// One ping a turn: once an Undo took back a score whose turn passing
	// pinged the next person, passing the turn again pings nobody.
	silent, pinged := false, p.c.Pinged
	passed := g.Cur != was || yachttable.Passed(events)
	if passed {
		silent, pinged = pinged, p.undidPing(events)
	}
	// One ping alive at a time: a turn that passes on (not back, by Undo;
	// not to the person its ping named already) or a game that ends
	// retires the last one.
	old := g.Ping
	if g.Over() || passed && !silent && !undone(events) {
		g.Ping = 0
	}
	last := narrate(p.loc, p.d.Faces, g, p.req, yachttable.Told(events))
	if g.Coach == yachttable.CoachOn {
		last = joinLines(last, p.d.Breakdowns.CostWhy(p.loc, p.d.Faces, t, p.before, events))
	}
	r, err := render(ctx, p.d, p.loc, t, g, rec, p.req, last, p.now)
	if err != nil {
		return nil, err
	}
	r.About = g.ID.String()
	unsealed := copyReply(r)
	sealReply(p.d.Key, r, sealGame(p.d.Key, g, p.loc, pinged && !g.Over()), true)
	r.Update = true
	if old != 0 && g.Ping == 0 {
		r.Remove = []string{strconv.FormatUint(old, 10)}
	}
	if !silent {
		turnPing(p.loc, g, r, p.req, was)
	}
	if g.Over() && gameOver(events) && len(g.Seats) > 1 {
		// The last ping gives way to a short closing post at the bottom.
		r.FollowUp = closing(p.loc, g, rec, p.req)
		sealReply(p.d.Key, r.FollowUp, sealGame(p.d.Key, g, p.loc, false), true)
	}
	if r.FollowUp != nil && !g.Over() {
		// The ping is posted first, and the board keeps its id, so the
		// next turn's ping can take its place.
		key, loc := p.d.Key, p.loc
		r.AfterFollowUp = func(id string) *commands.Reply {
			n, err := strconv.ParseUint(id, 10, 64)
			if err != nil {
				n = 0 // none posted
			}
			g.Ping = n
			b := copyReply(unsealed)
			sealReply(key, b, sealGame(key, g, loc, pinged), true)
			b.Update = true
			return b
		}
	}
	return r, nil
}

// gameOver reports whether events end the game (not a result recorded
// again, which posts no second closing post).
func gameOver(events []yachttable.Event) bool {
	for _, e := range events {
		if e.Kind == yachttable.EventGameOver {
			return true
		}
	}
	return false
}

// undone reports whether events took back a pass of the turn (Undo).
func undone(events []yachttable.Event) bool {
	for _, e := range events {
		if e.Kind == yachttable.EventUndone {
			return true
		}
	}
	return false
}

// copyReply copies a reply render drew, deep enough that sealing the copy
// leaves r as it is (its first embed and its components); the copy has no
// follow-up.
func copyReply(r *commands.Reply) *commands.Reply {
	c := *r
	c.FollowUp, c.AfterFollowUp, c.Remove = nil, nil, nil
	c.Embeds = append([]commands.Embed(nil), r.Embeds...)
	c.Components = nil
	for _, row := range r.Components {
		c.Components = append(c.Components, append(commands.ActionRow(nil), row...))
	}
	return &c
}

// undidPing reports whether events undo a pass of the turn that pinged
// the seat it went to: a Discord user other than who undoes it.
func (p *pressing) undidPing(events []yachttable.Event) bool {
	for _, e := range events {
		if e.Kind == yachttable.EventUndone {
			next := p.g.Seats[e.Next]
			return next.Kind == yachttable.SeatUser && strconv.FormatUint(next.User, 10) != p.req.UserID
		}
	}
	return false
}

// broughtDown answers Bring down: the game carries on in a new message
// (a follow-up, which pings nobody) that still tells the last move, and
// only once that message exists is this one retired to a short line
// without its state or buttons: until then it keeps the game, so a
// Discord that fails the new message leaves the game where it was. A
// second press of Bring down on this board while this process brings it
// down (or since, for a while) is refused, so one board makes one board.
func (p *pressing) broughtDown(ctx context.Context, t *strategy.Table) (*commands.Reply, error) {
	// The message and its state's tag (the MAC of the state: one per
	// state under the key) name the board, in a few bytes.
	key := p.req.Message.ID + "/" + p.c.State[max(0, len(p.c.State)-seal.TagLen):]
	if !p.d.downs.claim(key) {
		return nil, commands.Rejectf(msgMovedAlready)
	}
	last := narrate(p.loc, p.d.Faces, p.g, p.req, p.g.Last)
	if p.g.Version < 4 {
		// A board sealed before the last move travelled in the state
		// tells it as the board shows it.
		last = shownLastMove(p.req.Message)
	}
	board, err := render(ctx, p.d, p.loc, t, p.g, record.Report{Outcome: record.Off}, p.req, last, p.now)
	if err != nil {
		p.d.downs.release(key)
		return nil, err
	}
	sealReply(p.d.Key, board, sealGame(p.d.Key, p.g, p.loc, p.c.Pinged), true)
	board.AllowedMentions = &commands.AllowedMentions{}
	retired := &commands.Reply{Update: true, Content: msgBoardMoved.In(p.loc), AllowedMentions: &commands.AllowedMentions{},
		FollowUp: board, About: p.g.ID.String()}
	downs, loc := p.d.downs, p.loc
	retired.AfterFollowUp = func(id string) *commands.Reply {
		if id == "" {
			// No new board: this one keeps the game, and may be brought
			// down again.
			downs.release(key)
			return nil
		}
		return &commands.Reply{Update: true, Content: msgBoardMoved.In(loc), AllowedMentions: &commands.AllowedMentions{}, About: retired.About}
	}
	return retired, nil
}

// downs remembers, for a while, the boards this process brings down (by
// message and state), so that a second press of Bring down on a board
// whose new message is being posted, or was, is refused rather than
// making a twin of the game.
type downs struct {
	mu sync.Mutex
	c  *lru.Cache[bool]
}

// newDowns remembers up to 4096 boards for two minutes.
func newDowns() *downs { return &downs{c: lru.New[bool](4096, 2*time.Minute)} }

// claim reports whether key is not being brought down, and marks it so.
func (d *downs) claim(key string) bool {
	d.mu.Lock()
	defer d.mu.Unlock()
	if taken, _ := d.c.Get(key); taken {
		return false
	}
	d.c.Set(key, true)
	return true
}

// release lets key be brought down again (its new board was not posted).
func (d *downs) release(key string) {
	d.mu.Lock()
	defer d.mu.Unlock()
	d.c.Set(key, false)
}

// shownLastMove is the account of the last move a board sealed before
// version 4 shows (render's last: the lines between the heading and the
// first blank line of its description), "" when it shows none.
func shownLastMove(m *commands.Message) string {
	if m == nil || len(m.Embeds) == 0 || m.Embeds[0].Title != "" {
		// A board drawn before the heading moved into the description
		// (its first line) is read as telling none.
		return ""
	}
	_, body, ok := strings.Cut(m.Embeds[0].Description, "\n")
	if !ok {
		return ""
	}
	last, _, ok := strings.Cut(body, "\n\n")
	if !ok {
		return ""
	}
	return last
}
