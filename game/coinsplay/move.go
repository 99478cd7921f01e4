package coinsplay

import (
	"context"
	"errors"
	"math/rand/v2"

	"github.com/alea-bot/alea/engine/coins"
)

// MoveKind is what a move does.
type MoveKind int

// The moves of a game against the bot.
const (
	MoveTake   MoveKind = iota // the player takes the coins of button Move.Button; the bot answers
	MoveRecord                 // record the finished game's result again
)

// Move is one move of the player.
type Move struct {
	Kind   MoveKind
	Button int // MoveTake: 0 black 1, 1 black 2, 2 white 1, 3 white 2 (MoveAt)
}

// EventKind is what an event tells.
type EventKind int

// The events of a move.
const (
	EventTook   EventKind = iota // coins were taken (Event.Move; Event.ByBot: by the bot)
	EventOver                    // the last coin was taken: the game is over (Event.Won: the player won; the result is to be recorded)
	EventRecord                  // the finished game's result is to be recorded again
)

// Event is one thing that happened in a game.
type Event struct {
	Kind  EventKind
	ByBot bool
	Move  coins.BWMove
	Won   bool
}

// The refusals of Authorise and Apply.
var (
	// ErrNotYours refuses a move by someone other than the player.
	ErrNotYours = errors.New("coinsplay: not the player's game")
	// ErrIllegal refuses a take the position does not allow (every take,
	// once the game is over).
	ErrIllegal = errors.New("coinsplay: not a legal move here")
	// ErrNotOver refuses recording a game under way.
	ErrNotOver = errors.New("coinsplay: the game is not over")
)

// Over reports whether the game is over: no coin left.
func (p *State) Over() bool { return (coins.BW{}).Terminal(p.Pos) }

// Authorise reports whether userID may move in p: only the player.
func (p *State) Authorise(userID string) error {
	if !p.Owner.Is(userID) {
		return ErrNotYours
	}
	return nil
}

// Begin makes the bot's first move of a game it opens (botFirst), and
// returns what happened; a game the player opens begins with nothing.
func (p *State) Begin(ctx context.Context, botFirst bool) ([]Event, error) {
	if !botFirst {
		return nil, nil
	}
	return p.botTakes(ctx)
}

// Apply makes move m in p and returns what happened: the player's take,
// then, unless it took the last coin (the player loses), the bot's
// (which wins the game for the player when it takes the last coin);
// recording again needs a finished game and changes nothing. On an error
// p is as it was.
func (p *State) Apply(ctx context.Context, m Move) ([]Event, error) {
	switch m.Kind {
	case MoveTake:
		if m.Button < 0 || m.Button > 3 || !(coins.BW{}).Legal(p.Pos, MoveAt(m.Button)) {
			return nil, ErrIllegal
		}
		before := *p
		mv := MoveAt(m.Button)
		p.Pos, p.Ply = coins.BW{}.Play(p.Pos, mv), p.Ply+1
		ev := []Event{{Kind: EventTook, Move: mv}}
		if p.Over() {
			p.Won = false
			return append(ev, Event{Kind: EventOver}), nil
		}
		more, err := p.botTakes(ctx)
		if err != nil {
			*p = before
			return nil, err
		}
		return append(ev, more...), nil
	case MoveRecord:
		if !p.Over() {
			return nil, ErrNotOver
		}
		return []Event{{Kind: EventRecord}}, nil
	}
	return nil, errors.New("coinsplay: unknown move")
}

// botTakes makes the bot's move; taking the last coin, it loses.
func (p *State) botTakes(ctx context.Context) ([]Event, error) {
	bm, err := p.botMove(ctx)
	if err != nil {
		return nil, err
	}
	p.Pos, p.Ply = coins.BW{}.Play(p.Pos, bm), p.Ply+1
	ev := []Event{{Kind: EventTook, ByBot: true, Move: bm}}
	if p.Over() {
		p.Won = true
		ev = append(ev, Event{Kind: EventOver, Won: true})
	}
	return ev, nil
}

// Ended reports whether events end the game or ask for its result to be
// recorded again: whether the press that made them records the result.
func Ended(events []Event) bool {
	for _, e := range events {
		if e.Kind == EventOver || e.Kind == EventRecord {
			return true
		}
	}
	return false
}

// botMove is the bot's move in p's position (not terminal), a function
// of the state alone (its seed, the ply and the position), so that a
// button pressed twice gets the same answer: the perfect bot takes a
// winning move when there is one, the tree-search bot runs its search
// (coins.DefaultSimulations), the random bot draws.
func (p *State) botMove(ctx context.Context) (coins.BWMove, error) {
	rng := rand.New(rand.NewPCG(p.Seed, uint64(p.Ply)<<32|uint64(p.Pos.Black)<<16|uint64(p.Pos.White)))
	switch p.Opp {
	case 'p':
		if wins := (coins.BW{}).WinningMoves(p.Pos); len(wins) > 0 {
			return wins[0], nil
		}
		return coins.BW{}.RandomMove(rng, p.Pos), nil
	case 'm':
		t, err := coins.NewPTree(ctx, coins.BW{}, p.Pos, 0, coins.DefaultSimulations, rng)
		if err != nil {
			return coins.BWMove{}, err
		}
		return t.Choose()
	}
	return coins.BW{}.RandomMove(rng, p.Pos), nil
}
