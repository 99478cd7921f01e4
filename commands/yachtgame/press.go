package yachtgame

import (
	"context"
	"math"
	"strconv"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachttables"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/yachttable"
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
)

// phase is where a table is: which actions it takes.
type phase int

const (
	phaseLobby phase = iota // people join
	phaseTurn               // a turn is being played
	phaseOver               // the final board
)

// pressing is one press being answered: the table it opened and what
// answering it needs.
type pressing struct {
	d    *Deps
	loc  commands.Locale
	req  *commands.Request
	c    carrier
	g    *game
	prev *game // the state Undo returns to, or nil
	// pinged is carrier.Pinged of the board being drawn; undone, that
	// this press is an Undo of a turn's pass that pinged someone.
	pinged, undone bool
}

// action is what one letter does: the phase it is good in and its
// handler.
type action struct {
	phase  phase
	handle func(ctx context.Context, p *pressing) (*commands.Reply, error)
}

// actions is the one table of every action: letter → phase → handler.
var actions = map[byte]action{
	actDie0:     {phaseTurn, move(yachttable.MoveToggle)},
	actDie0 + 1: {phaseTurn, move(yachttable.MoveToggle)},
	actDie0 + 2: {phaseTurn, move(yachttable.MoveToggle)},
	actDie0 + 3: {phaseTurn, move(yachttable.MoveToggle)},
	actDie0 + 4: {phaseTurn, move(yachttable.MoveToggle)},
	actHoldBest: {phaseTurn, move(yachttable.MoveHoldBest)},
	actRoll:     {phaseTurn, move(yachttable.MoveRoll)},
	actEntered:  {phaseTurn, move(yachttable.MoveEnter)},
	actScore:    {phaseTurn, move(yachttable.MoveScore)},
	actEnter:    {phaseTurn, enterPress},
	actHint:     {phaseTurn, hintPress},
	actHintAll:  {phaseTurn, hintAllPress},
	actDown:     {phaseTurn, downPress},
	actUndo:     {phaseTurn, undoPress},
	actPlayFor:  {phaseTurn, playForPress},
	actJoin:     {phaseLobby, joinPress},
	actLeave:    {phaseLobby, leavePress},
	actStart:    {phaseLobby, startPress},
	actRecord:   {phaseOver, recordPress},
	actAgain:    {phaseOver, againPress},
}

// press answers every button, the category menu and the dice modal: the
// custom_id must be one the bot put on the message as it is now.
func press(ctx context.Context, d *Deps, req *commands.Request) (*commands.Reply, error) {
	letter := req.Params["action"]
	c, ok := readCarrier(req.Message)
	if !ok || len(letter) != 1 {
		return nil, commands.Rejectf(msgNoMessage)
	}
	if req.CustomID != customID(d.Key, letter[0], c) {
		return nil, commands.Rejectf(msgStale)
	}
	g, err := openGame(d.Key, c.State)
	if err != nil {
		return nil, commands.Rejectf(msgBadState)
	}
	var prev *game
	if c.Prev != "" {
		if prev, err = openGame(d.Key, c.Prev); err != nil {
			return nil, commands.Rejectf(msgBadState)
		}
		prev.Roller = d.Dice
	}
	g.Roller = d.Dice
	if g.ID == 0 {
		// A game begun before version 3 gets its identity now, from its
		// state, so that two presses racing on it agree.
		g.ID, g.Started = stateID(d.Key, c.State), yachttable.Minute(d.now())
		if prev != nil {
			prev.ID, prev.Started = g.ID, g.Started
		}
	}
	// The board is written in its own language; a board from before
	// languages were kept, in the presser's.
	board := c.Board
	if board == "" {
		board = req.Locale
	}
	p := &pressing{d: d, loc: board, req: req, c: c, g: g, prev: prev, pinged: c.Pinged}
	now := phaseTurn
	switch {
	case g.Over():
		now = phaseOver
	case g.Lobby:
		now = phaseLobby
	}
	a, ok := actions[letter[0]]
	if ok && a.phase == now {
		return a.handle(ctx, p)
	}
	switch now {
	case phaseOver:
		return nil, commands.Rejectf(msgBadState)
	case phaseLobby:
		return nil, commands.Rejectf(msgNotNow, 0)
	}
	if !g.Presser(g.Cur, req.UserID) {
		return nil, p.notYourTurn()
	}
	return nil, commands.Rejectf(msgBadState)
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

// move is the handler of a move of the current player.
func move(kind yachttable.MoveKind) func(ctx context.Context, p *pressing) (*commands.Reply, error) {
	return func(ctx context.Context, p *pressing) (*commands.Reply, error) {
		g, req := p.g, p.req
		if !g.Presser(g.Cur, req.UserID) {
			return nil, p.notYourTurn()
		}
		m := yachttable.Move{Kind: kind}
		switch kind {
		case yachttable.MoveToggle:
			m.Die = int(req.Params["action"][0] - actDie0)
		case yachttable.MoveEnter:
			if !g.Allowed(kind) {
				return nil, commands.Rejectf(msgNotNow, g.Roll)
			}
			dice, err := yacht.ParseDice(req.Fields["dice"])
			if err != nil {
				return nil, yachtwords.RejectDice(err)
			}
			m.Dice = dice
		case yachttable.MoveScore:
			if !g.Allowed(kind) || len(req.Values) != 1 {
				return nil, commands.Rejectf(msgNotNow, g.Roll)
			}
			cat, err := strconv.Atoi(strings.TrimPrefix(req.Values[0], "c"))
			if err != nil || "c"+strconv.Itoa(cat) != req.Values[0] {
				return nil, commands.Rejectf(msgBadCategory)
			}
			m.Category = cat
		}
		t, err := p.table(ctx)
		if err != nil {
			return nil, err
		}
		before, was := g.Clone(), g.Cur
		events, err := g.Apply(t, m)
		if err != nil {
			return nil, refusal(p.d.Faces, g, err)
		}
		p.prev = nil
		if passed(events) {
			// The turn passed: the scorer may undo it until the next
			// person acts; Alea's turns played at once after it are
			// undone with it (the last person before Alea keeps Undo).
			if before.Seats[before.Cur].Kind != yachttable.SeatAlea {
				p.prev = before
			}
		}
		return p.moved(ctx, t, events, "", was)
	}
}

// refusal words an error of Apply for the player.
func refusal(faces yachtwords.DiceFaces, g *game, err error) error {
	var missing *yachttable.HeldMissingError
	switch {
	case err == yachttable.ErrNotNow:
		return commands.Rejectf(msgNotNow, g.Roll)
	case err == yachttable.ErrNoCategory:
		return commands.Rejectf(msgBadCategory)
	case asHeldMissing(err, &missing):
		return commands.Rejectf(msgHeldMissing, faces.Text(missing.Have.Faces()), faces.Text(missing.Held.Faces()))
	}
	return err
}

func asHeldMissing(err error, target **yachttable.HeldMissingError) bool {
	e, ok := err.(*yachttable.HeldMissingError)
	if ok {
		*target = e
	}
	return ok
}

// passed reports whether the turn passed in events.
func passed(events []yachttable.Event) bool {
	for _, e := range events {
		if e.Kind == yachttable.EventTurnPassed {
			return true
		}
	}
	return false
}

// moved answers a press that changed the table: the step moves on, the
// events are told (after first, when set) and the board is drawn again.
// was is the seat to play before the press.
func (p *pressing) moved(ctx context.Context, t *strategy.Table, events []yachttable.Event, first string, was int) (*commands.Reply, error) {
	g := p.g
	p.d.settle(g, events)
	g.Step = (g.Step + 1) & 0xFFFF
	if p.prev != nil {
		p.prev.Step = g.Step
	}
	last := joinLines(first, narrate(p.loc, p.d.Faces, g, p.req, events))
	// One ping a turn: once an Undo took back a score whose turn passing
	// pinged the next person, passing the turn again pings nobody.
	silent := false
	if g.Cur != was || passed(events) {
		silent, p.pinged = p.pinged, p.undone
	}
	r, err := render(ctx, p.d, p.loc, t, g, p.prev, p.pinged, p.req, last)
	if err != nil {
		return nil, err
	}
	r.Update = true
	if !silent {
		turnPing(p.loc, g, r, p.req, was)
	}
	return r, nil
}

// settle does what the events ask of the command: at EventGameOver, the
// end time.
func (d *Deps) settle(g *game, events []yachttable.Event) {
	for _, e := range events {
		if e.Kind == yachttable.EventGameOver && !g.EndedSet {
			g.Ended, g.EndedSet = max(0, yachttable.Minute(d.now())-g.Started), true
		}
	}
}

// narrate tells the events in the reader's language: a player's decision
// and roll each on its line; Alea's moves, in its own turn or one it
// played for someone, as one line per turn.
func narrate(loc commands.Locale, faces yachtwords.DiceFaces, g *game, req *commands.Request, events []yachttable.Event) string {
	var lines, steps []string
	var head func(string) string
	flush := func() {
		if head != nil {
			lines = append(lines, head(strings.Join(steps, " · ")))
		}
		head, steps = nil, nil
	}
	for _, e := range events {
		switch e.Kind {
		case yachttable.EventPlayedFor:
			flush()
			who := seatLabel(loc, g, e.Seat, req)
			head = func(s string) string { return msgPlayedFor.Format(loc, who, s) }
		case yachttable.EventAleaTurn:
			flush()
			head = func(s string) string { return msgAleaTurn.Format(loc, s) }
		case yachttable.EventRolled:
			switch {
			case e.ByAlea && e.Decided:
				if e.Chosen.Keep.Size() == 0 {
					steps = append(steps, msgRerolledAll.Format(loc, faces.Text(e.Dice[:])))
				} else {
					steps = append(steps, msgKeptRolled.Format(loc, faces.Text(e.Chosen.Keep.Faces()), faces.Text(e.Dice[:])))
				}
			case e.ByAlea:
				steps = append(steps, faces.Text(e.Dice[:]))
			default:
				// A person's roll ends their press: the board's dice
				// line below shows it, so it is not written twice.
				if e.Decided {
					lines = append(lines, decision(loc, faces, seatLabel(loc, g, e.Seat, req), g, e.Chosen, e.Best, e.Loss))
				}
			}
		case yachttable.EventScored:
			if e.ByAlea {
				steps = append(steps, describe(loc, faces, g.Rules, e.Chosen))
			} else {
				lines = append(lines, decision(loc, faces, seatLabel(loc, g, e.Seat, req), g, e.Chosen, e.Best, e.Loss))
			}
		}
	}
	flush()
	return strings.Join(lines, "\n")
}

// enterPress opens the modal for real dice.
func enterPress(_ context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if !g.Presser(g.Cur, p.req.UserID) {
		return nil, p.notYourTurn()
	}
	if !g.Allowed(yachttable.MoveEnter) {
		return nil, commands.Rejectf(msgNotNow, g.Roll)
	}
	return diceModal(p.d.Key, p.req.Locale, g, p.c), nil
}

// hintPress answers the player whose turn it is, privately.
func hintPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if !g.Presser(g.Cur, p.req.UserID) {
		return nil, p.notYourTurn()
	}
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	all := p.req.Params["action"] == string(actHintAll)
	r, err := hint(p.req.Locale, p.d.Key, p.d.Faces, t, g, p.c, all)
	if err != nil {
		return nil, err
	}
	// Show all edits the private hint it was pressed on.
	r.Update = all
	if line := beatHint(ctx, p.d, p.req.Locale, t, g); line != "" {
		r.Embeds[0].Description += "\n\n" + line
	}
	return r, nil
}

// hintAllPress shows every option of the private hint it was pressed
// on.
func hintAllPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	return hintPress(ctx, p)
}

// downPress brings the board down to the bottom of the channel, for
// anyone at the table: the game carries on in a new message (a follow-up,
// which pings nobody) that still tells the last move, and this one is
// retired to a short line without its state or buttons.
func downPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	if !atTable(p.g, p.req.UserID) {
		return nil, commands.Rejectf(msgNotSeated)
	}
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	board, err := render(ctx, p.d, p.loc, t, p.g, p.prev, p.pinged, p.req, lastMove(p.req.Message))
	if err != nil {
		return nil, err
	}
	board.AllowedMentions = &commands.AllowedMentions{}
	return &commands.Reply{Update: true, Content: msgBoardMoved.In(p.loc), AllowedMentions: &commands.AllowedMentions{},
		FollowUp: board}, nil
}

// lastMove is the account of the last move a board shows (render's last:
// the lines between the heading and the first blank line of its
// description), "" when it shows none. The board was written by the bot,
// in its own language.
func lastMove(m *commands.Message) string {
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

// undoPress returns to the state before the last scoring.
func undoPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	if p.prev == nil || !p.prev.Presser(p.prev.Cur, p.req.UserID) {
		return nil, commands.Rejectf(msgNoUndo)
	}
	was, step := p.g.Cur, p.g.Step
	// The pass undone pinged the seat it went to when that seat is a
	// Discord user other than who scored (the one who may undo).
	next := p.g.Seats[was]
	pinged := next.Kind == yachttable.SeatUser && strconv.FormatUint(next.User, 10) != p.req.UserID
	p.g, p.prev, p.undone = p.prev, nil, pinged
	p.g.Step = step
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	line := msgUndone.Format(p.loc, seatLabel(p.loc, p.g, p.g.Cur, p.req))
	return p.moved(ctx, t, nil, line, was)
}

// playForPress lets Alea play the turn of a player idle for longer than
// the game's idle time.
func playForPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if !g.Seated(p.req.UserID) {
		return nil, p.notYourTurn()
	}
	idle := p.d.now().Sub(p.req.Message.EditedAt)
	if wait := time.Duration(g.Idle)*time.Minute - idle; wait > 0 {
		return nil, commands.Rejectf(msgTooEarly, seatMention(p.loc, g, g.Cur), int(math.Ceil(wait.Minutes())))
	}
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	was := g.Cur
	events, err := g.Apply(t, yachttable.Move{Kind: yachttable.MovePlayFor})
	if err != nil {
		return nil, refusal(p.d.Faces, g, err)
	}
	p.prev = nil
	return p.moved(ctx, t, events, "", was)
}

// joinPress seats the presser in a lobby.
func joinPress(_ context.Context, p *pressing) (*commands.Reply, error) {
	g, req := p.g, p.req
	id, err := strconv.ParseUint(req.UserID, 10, 64)
	if err != nil {
		return nil, commands.Rejectf(msgNotSeated)
	}
	if lobbySeat(g, req.UserID) >= 0 {
		// Joining twice changes nothing (two racing presses, or the
		// starter pressing Join).
		r := renderLobby(p.d.Key, p.loc, g, "")
		r.Update = true
		return r, nil
	}
	if len(g.Seats) >= yachttable.MaxPlayers {
		return nil, commands.Rejectf(msgLobbyFull, yachttable.MaxPlayers)
	}
	g.Seats = append(g.Seats, player{Kind: yachttable.SeatUser, User: id, Sheet: yacht.NewSheet(g.Rules), Loss: make([]int, len(g.Rules.Categories))})
	return p.lobbyMoved(msgJoined.Format(p.loc, "<@"+req.UserID+">")), nil
}

// leavePress takes the presser's seat away in a lobby.
func leavePress(_ context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	at := lobbySeat(g, p.req.UserID)
	if at < 0 {
		return nil, commands.Rejectf(msgNotSeated)
	}
	if at == 0 {
		return nil, commands.Rejectf(msgStarterStays)
	}
	g.Seats = append(g.Seats[:at], g.Seats[at+1:]...)
	return p.lobbyMoved(msgLeft.Format(p.loc, "<@"+p.req.UserID+">")), nil
}

// lobbySeat is the seat of userID in a lobby, or -1.
func lobbySeat(g *game, userID string) int {
	id, err := strconv.ParseUint(userID, 10, 64)
	for i, s := range g.Seats {
		if err == nil && s.User == id {
			return i
		}
	}
	return -1
}

// lobbyMoved draws the lobby after a change.
func (p *pressing) lobbyMoved(last string) *commands.Reply {
	p.g.Step = (p.g.Step + 1) & 0xFFFF
	r := renderLobby(p.d.Key, p.loc, p.g, last)
	r.Update = true
	return r
}

// startPress starts the game of a lobby (its starter only).
func startPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if who, no := g.Owner.Stranger(p.req.UserID, ""); no {
		return nil, commands.Rejectf(msgOnlyStarter, who)
	}
	g.Lobby = false
	if g.Coach == yachttable.CoachAuto {
		g.Coach = yachttable.AutoCoach(g)
	}
	g.Step = (g.Step + 1) & 0xFFFF
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	r, err := render(ctx, p.d, p.loc, t, g, nil, false, p.req, "")
	if err != nil {
		return nil, err
	}
	r.Update = true
	turnPing(p.loc, g, r, p.req, -1)
	return r, nil
}

// atTable reports whether userID played at g or started it (a game of
// Alea's seats alone has no one else).
func atTable(g *game, userID string) bool { return g.Seated(userID) || g.Owner.Is(userID) }

// recordPress records a finished game again (for the people at it).
func recordPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	if !atTable(p.g, p.req.UserID) {
		return nil, commands.Rejectf(msgNotSeated)
	}
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	r, err := render(ctx, p.d, p.loc, t, p.g, nil, false, p.req, "")
	if err != nil {
		return nil, err
	}
	r.Update = true
	return r, nil
}

// againPress starts a new game with the same seats and rules and a fresh
// seed, in a new message; the final board stays.
func againPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if !atTable(g, p.req.UserID) {
		return nil, commands.Rejectf(msgNotSeated)
	}
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	seats := make([]player, len(g.Seats))
	for i, s := range g.Seats {
		seats[i] = player{Kind: s.Kind, User: s.User, Name: s.Name}
	}
	ng, err := yachttable.New(g.Preset, g.Owner, randomSeed(), seats)
	if err != nil {
		return nil, err
	}
	p.d.begin(ng)
	ng.Coach, ng.Idle = g.Coach, g.Idle
	return p.d.opening(ctx, p.loc, t, ng, p.req)
}

// opening draws a game that begins now: Alea's first turns, if its seats
// come first, then the board.
func (d *Deps) opening(ctx context.Context, loc commands.Locale, t *strategy.Table, g *game, req *commands.Request) (*commands.Reply, error) {
	events, err := g.PlayAlea(t)
	if err != nil {
		return nil, err
	}
	d.settle(g, events)
	return render(ctx, d, loc, t, g, nil, false, req, narrate(loc, d.Faces, g, req, events))
}
