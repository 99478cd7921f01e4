package stats

import (
	"math"
	"strconv"
	"time"

	"github.com/alea-bot/alea/store"
)

// ExportFormat names the export file's format; docs/data.md gives its
// fields.
const ExportFormat = "alea-export/2"

// ExportFile is the JSON file /stats me attaches: everything the store
// keeps about the user (store.Export: their games, other users' ids
// removed, only their own decisions; the advice they asked in the last
// day; their daily challenges' official attempts and the name the board
// for everyone shows). Lists are never null; expected points are written
// to the hundredth, as the game showed them.
type ExportFile struct {
	Format   string         `json:"format"`
	Exported time.Time      `json:"exported"`
	User     string         `json:"user"`
	Games    []ExportGame   `json:"games"`
	Advice   []ExportAdvice `json:"advice"`
	Daily    ExportDaily    `json:"daily"`
}

// ExportGame is one game the user played, with their seat.
type ExportGame struct {
	ID      string `json:"id"`
	Kind    string `json:"kind"`
	Guild   string `json:"guild"`
	Channel string `json:"channel"`
	Rules   string `json:"rules"`
	Seed    uint64 `json:"seed"`
	// ChosenSeed: a player chose the seed (or the dice were not secret).
	ChosenSeed bool `json:"chosen_seed"`
	// Entered: dice were entered by hand.
	Entered bool      `json:"entered"`
	Size    int       `json:"size"`
	Puzzle  string    `json:"puzzle"`
	Started time.Time `json:"started"`
	Ended   time.Time `json:"ended"`
	// Seat is the user's seat, an index into Seats.
	Seat      int              `json:"seat"`
	Seats     []ExportSeat     `json:"seats"`
	Decisions []ExportDecision `json:"decisions"`
}

// ExportSeat is one seat of a game: the user's own with their id, other
// players' without theirs.
type ExportSeat struct {
	User         string       `json:"user"`
	Name         string       `json:"name"`
	Alea         bool         `json:"alea"`
	Score        int          `json:"score"`
	Lost         Hundredths   `json:"lost"`
	Luck         Hundredths   `json:"luck"`
	Decisions    int          `json:"decisions"`
	Winner       bool         `json:"winner"`
	Hints        bool         `json:"hints"`
	PlayedFor    int          `json:"played_for"`
	Assisted     int          `json:"assisted"`
	AssistedLost Hundredths   `json:"assisted_lost"`
	Starter      bool         `json:"starter"`
	Counts       ExportCounts `json:"counts"`
}

// ExportCounts is what a seat counts toward, as recorded.
type ExportCounts struct {
	Ranked    bool       `json:"ranked"`
	Win       bool       `json:"win"`
	Score     bool       `json:"score"`
	Decisions int        `json:"decisions"`
	Lost      Hundredths `json:"lost"`
	// Why is why a user's seat counts for less than everything: "" when
	// it counts fully, else chosen, puppets, small, repeat, entered or
	// no_opponent (docs/memory.md).
	Why string `json:"why"`
}

// ExportDecision is one of the user's decisions that cost points.
type ExportDecision struct {
	Seat int `json:"seat"`
	Turn int `json:"turn"`
	// Action is "keep" (dice kept after a roll) or "score" (a category
	// scored).
	Action string `json:"action"`
	// Roll is the roll a keep followed (1 or 2); absent for a scoring,
	// whose roll the game does not record.
	Roll   int        `json:"roll,omitempty"`
	Dice   string     `json:"dice"`
	Chosen string     `json:"chosen"`
	Best   string     `json:"best"`
	Loss   Hundredths `json:"loss"`
}

// ExportAdvice is a position the user asked advice on.
type ExportAdvice struct {
	Rules    string    `json:"rules"`
	Position string    `json:"position"`
	Game     string    `json:"game"`
	Asked    time.Time `json:"asked"`
}

// ExportDaily is what is kept of the user's daily challenges.
type ExportDaily struct {
	Public   bool            `json:"public"`
	Name     string          `json:"name"`
	Attempts []ExportAttempt `json:"attempts"`
}

// ExportAttempt is an official attempt at a day's challenge.
type ExportAttempt struct {
	Rules     string     `json:"rules"`
	Day       string     `json:"day"`
	Game      string     `json:"game"`
	Started   time.Time  `json:"started"`
	Done      bool       `json:"done"`
	Assisted  bool       `json:"assisted"`
	Guild     string     `json:"guild"`
	Score     int        `json:"score"`
	Lost      Hundredths `json:"lost"`
	Decisions int        `json:"decisions"`
}

// Hundredths is an amount of expected points written to the hundredth
// (3.51, not 3.5100000000000002).
type Hundredths float64

// MarshalJSON writes h rounded to the hundredth.
func (h Hundredths) MarshalJSON() ([]byte, error) {
	x := math.Round(float64(h)*100) / 100
	if x == 0 {
		x = 0 // no "-0"
	}
	return strconv.AppendFloat(nil, x, 'f', -1, 64), nil
}

// reasons name store.Reason in the export.
var reasons = map[store.Reason]string{
	store.CountsFully: "", store.Chosen: "chosen", store.Puppets: "puppets", store.Small: "small",
	store.Repeat: "repeat", store.Entered: "entered", store.NoOpponent: "no_opponent",
}

// ExportOf is the export file of exp, the user's, made at now.
func ExportOf(exp store.Export, user string, now time.Time) ExportFile {
	f := ExportFile{Format: ExportFormat, Exported: now.UTC(), User: user, Games: []ExportGame{}, Advice: []ExportAdvice{},
		Daily: ExportDaily{Public: exp.Daily.Public, Name: exp.Daily.Name, Attempts: []ExportAttempt{}}}
	for _, pg := range exp.Games {
		g := pg.Game
		eg := ExportGame{ID: g.ID, Kind: g.Kind, Guild: g.Guild, Channel: g.Channel, Rules: g.Rules, Seed: g.Seed,
			ChosenSeed: g.Chosen, Entered: g.Entered, Size: g.Size, Puzzle: g.Puzzle, Started: g.Started.UTC(), Ended: g.Ended.UTC(),
			Seat: pg.Seat, Seats: []ExportSeat{}, Decisions: []ExportDecision{}}
		for _, s := range g.Seats {
			eg.Seats = append(eg.Seats, ExportSeat{User: s.User, Name: s.Name, Alea: s.Alea, Score: s.Score, Lost: Hundredths(s.Lost),
				Luck: Hundredths(s.Luck), Decisions: s.Decisions, Winner: s.Winner, Hints: s.Hints, PlayedFor: s.PlayedFor,
				Assisted: s.Assisted, AssistedLost: Hundredths(s.AssistedLost), Starter: s.Starter,
				Counts: ExportCounts{Ranked: s.Counts.Ranked, Win: s.Counts.Win, Score: s.Counts.Score, Decisions: s.Counts.Decisions,
					Lost: Hundredths(s.Counts.Lost), Why: reasons[s.Counts.Why]}})
		}
		for _, d := range g.Decisions {
			// The store marks a scoring as roll 3, whichever roll it
			// followed.
			ed := ExportDecision{Seat: d.Seat, Turn: d.Turn, Action: "keep", Roll: d.Roll, Dice: d.Dice, Chosen: d.Chosen, Best: d.Best, Loss: Hundredths(d.Loss)}
			if d.Roll == 3 {
				ed.Action, ed.Roll = "score", 0
			}
			eg.Decisions = append(eg.Decisions, ed)
		}
		f.Games = append(f.Games, eg)
	}
	for _, a := range exp.Advice {
		f.Advice = append(f.Advice, ExportAdvice{Rules: a.Rules, Position: a.Position, Game: a.Game, Asked: a.Asked.UTC()})
	}
	for _, a := range exp.Daily.Attempts {
		f.Daily.Attempts = append(f.Daily.Attempts, ExportAttempt{Rules: a.Rules, Day: time.Unix(int64(a.Day)*86400, 0).UTC().Format("2006-01-02"),
			Game: a.Game, Started: a.Started.UTC(), Done: a.Done, Assisted: a.Assisted, Guild: a.Guild, Score: a.Score,
			Lost: Hundredths(a.Lost), Decisions: a.Decisions})
	}
	return f
}
