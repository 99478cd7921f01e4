package yachtgame

import (
	"encoding/base64"
	"errors"
	"fmt"
	"hash/fnv"
	"math/bits"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
)

// The whole game travels in every component's custom_id:
//
//	yacht/1/<action>/<state>
//
// where <action> is one character and <state> is base64url (no padding) of
// a bit string, most significant bit first:
//
//	preset 3 · players−1 2 · current player 2 · roll 2 (0 = before the first roll)
//	[pattern 8 (0..251) if roll ≥ 1] [held dice 5 if roll is 1 or 2]
//	[turn loss 16 if roll ≥ 2] · dice seed 24 · owner: 1 + (64-bit Discord id | 32-bit hash)
//	detail 1 · per player: name length 4, UTF-8 name bytes,
//	  sheet as one mixed-radix number (digit 0 = empty, d = the d-th possible score),
//	  [extra-Yacht bonuses 4 under Yahtzee rules],
//	  losses: Elias gamma (loss+1) per filled category if detail, else total 20
//	zero padding to a byte · FNV-1a checksum 16 (low half).
//
// Losses are in hundredths of an expected point. Nothing is trusted: decode
// checks the checksum, every field's range, that every score is possible for
// its category, that the players' fill counts agree with whose turn it is,
// and that the encoding is canonical.

// routeVersion is the version segment of the custom_ids.
const routeVersion = "1"

// idPrefix is the custom_id's prefix before the action.
const idPrefix = "yacht/" + routeVersion + "/"

// presetKeys are the rule sets a game can use, by their number in the
// state. Never reorder: append.
var presetKeys = []string{
	yacht.Yacht, yacht.Yacht + "+" + yacht.FullHouseYacht, yacht.Pancht,
	yacht.Yahtzee, yacht.Yahtzee + "+" + yacht.FreeJokerOption, yacht.Yatzy,
}

// Bounds of the state's fields.
const (
	maxPlayers    = 4
	maxNameBytes  = 15
	maxTurnLoss   = 1<<16 - 1 // hundredths of a point; saturates
	maxTotalLoss  = 1<<20 - 1
	maxLossBits   = 21 // gamma code of loss+1 ≤ 2^20
	seedBits      = 24
	checksumBytes = 2
)

// owner is who may press the buttons: a Discord user id, or a hash of
// another user id (the local runner, tests).
type owner struct {
	numeric bool
	id      uint64
}

func ownerOf(userID string) owner {
	if v, err := strconv.ParseUint(userID, 10, 64); err == nil && strconv.FormatUint(v, 10) == userID {
		return owner{numeric: true, id: v}
	}
	h := fnv.New32a()
	h.Write([]byte(userID))
	return owner{id: uint64(h.Sum32())}
}

// mention is how a message names the owner.
func (o owner) mention() string {
	if o.numeric {
		return "<@" + strconv.FormatUint(o.id, 10) + ">"
	}
	return ""
}

// player is one player's sheet.
type player struct {
	name  string
	sheet yacht.Sheet
	// loss[i] is the expected points lost (hundredths) in the turn that
	// filled category i; kept while the game state has room (detail).
	loss []int
	// lost is the total of the player's losses (hundredths).
	lost int
}

// game is the whole state of a table.
type game struct {
	preset  int
	rules   *yacht.Rules
	seed    uint32
	owner   owner
	players []player
	cur     int
	// roll is the roll just made (1..3), 0 before the first roll of a turn.
	roll int
	// dice are the current dice, ascending (roll ≥ 1).
	dice yacht.Dice
	// hold has bit i set when dice[i] is held (roll 1 or 2).
	hold uint8
	// turnLoss is what the keeps of this turn lost so far (hundredths).
	turnLoss int
	// detail says whether per-category losses are kept.
	detail bool
}

// newGame starts a game: every sheet empty, player 0 to roll.
func newGame(preset int, o owner, seed uint32, names []string) (*game, error) {
	r, err := yacht.Preset(presetKeys[preset])
	if err != nil {
		return nil, err
	}
	g := &game{preset: preset, rules: r, seed: seed & (1<<seedBits - 1), owner: o, detail: true}
	for _, n := range names {
		g.players = append(g.players, player{name: n, sheet: yacht.NewSheet(r), loss: make([]int, len(r.Categories))})
	}
	return g, nil
}

// current returns the player whose turn it is.
func (g *game) current() *player { return &g.players[g.cur] }

// over reports whether every sheet is full.
func (g *game) over() bool {
	for _, p := range g.players {
		if p.sheet.Filled() < len(g.rules.Categories) {
			return false
		}
	}
	return true
}

// held returns the held dice as counts.
func (g *game) held() yacht.Counts {
	var c yacht.Counts
	for i, f := range g.dice {
		if g.hold&(1<<uint(i)) != 0 {
			c[f-1]++
		}
	}
	return c
}

// radices returns, per category, 1 + the number of possible scores, and
// the number of bits of their product.
func radices(r *yacht.Rules) (rad []uint64, possible [][]int, nbits int) {
	prod := uint64(1)
	for i := range r.Categories {
		ps := r.PossibleScores(i)
		possible = append(possible, ps)
		rad = append(rad, uint64(len(ps)+1))
		prod *= uint64(len(ps) + 1)
	}
	return rad, possible, bits.Len64(prod - 1)
}

// encode writes the state (without prefix and action).
func (g *game) encode() string {
	w := &bitWriter{}
	w.write(uint64(g.preset), 3)
	w.write(uint64(len(g.players)-1), 2)
	w.write(uint64(g.cur), 2)
	w.write(uint64(g.roll), 2)
	if g.roll >= 1 {
		w.write(uint64(yacht.PatternIndex(g.dice)), 8)
	}
	if g.roll == 1 || g.roll == 2 {
		w.write(uint64(g.hold), 5)
	}
	if g.roll >= 2 {
		w.write(uint64(min(g.turnLoss, maxTurnLoss)), 16)
	}
	w.write(uint64(g.seed), seedBits)
	if g.owner.numeric {
		w.write(1, 1)
		w.write(g.owner.id, 64)
	} else {
		w.write(0, 1)
		w.write(g.owner.id, 32)
	}
	if g.detail {
		w.write(1, 1)
	} else {
		w.write(0, 1)
	}
	rad, possible, nbits := radices(g.rules)
	for _, p := range g.players {
		w.write(uint64(len(p.name)), 4)
		for i := 0; i < len(p.name); i++ {
			w.write(uint64(p.name[i]), 8)
		}
		var v, mul uint64 = 0, 1
		for i, s := range p.sheet.Scores {
			d := uint64(0)
			if s >= 0 {
				for j, x := range possible[i] {
					if x == s {
						d = uint64(j + 1)
					}
				}
			}
			v += d * mul
			mul *= rad[i]
		}
		w.write(v, nbits)
		if g.rules.ExtraYachtBonus > 0 {
			w.write(uint64(p.sheet.ExtraBonus/g.rules.ExtraYachtBonus), 4)
		}
		if g.detail {
			for i, s := range p.sheet.Scores {
				if s >= 0 {
					w.gamma(uint64(min(p.loss[i], maxTotalLoss)) + 1)
				}
			}
		} else {
			w.write(uint64(min(p.lost, maxTotalLoss)), 20)
		}
	}
	return seal(w.buf)
}

// seal appends the checksum to a state's bits and writes them in base64url.
func seal(body []byte) string {
	h := fnv.New32a()
	h.Write(body)
	sum := h.Sum32()
	buf := append(append([]byte(nil), body...), byte(sum>>8), byte(sum))
	return base64.RawURLEncoding.EncodeToString(buf)
}

// errState is the reason a state is refused; the user sees one message.
var errState = errors.New("bad game state")

func bad(format string, args ...any) error {
	return fmt.Errorf("%w: %s", errState, fmt.Sprintf(format, args...))
}

// decode reads and checks a state.
func decode(s string) (*game, error) {
	if len(s) > commands.MaxCustomID {
		return nil, bad("too long")
	}
	buf, err := base64.RawURLEncoding.DecodeString(s)
	if err != nil || base64.RawURLEncoding.EncodeToString(buf) != s {
		return nil, bad("not base64url")
	}
	if len(buf) < checksumBytes+1 {
		return nil, bad("too short")
	}
	body := buf[:len(buf)-checksumBytes]
	h := fnv.New32a()
	h.Write(body)
	sum := h.Sum32()
	if buf[len(buf)-2] != byte(sum>>8) || buf[len(buf)-1] != byte(sum) {
		return nil, bad("checksum")
	}
	rd := &bitReader{buf: body}
	g := &game{}
	g.preset = int(rd.read(3))
	if g.preset >= len(presetKeys) {
		return nil, bad("preset %d", g.preset)
	}
	if g.rules, err = yacht.Preset(presetKeys[g.preset]); err != nil {
		return nil, bad("preset: %v", err)
	}
	n := int(rd.read(2)) + 1
	g.cur = int(rd.read(2))
	g.roll = int(rd.read(2))
	if g.cur >= n {
		return nil, bad("player %d of %d", g.cur, n)
	}
	if g.roll >= 1 {
		w := int(rd.read(8))
		if w >= yacht.NumPatterns {
			return nil, bad("pattern %d", w)
		}
		copy(g.dice[:], yacht.Pattern(w).Faces())
	}
	if g.roll == 1 || g.roll == 2 {
		g.hold = uint8(rd.read(5))
	}
	if g.roll >= 2 {
		g.turnLoss = int(rd.read(16))
	}
	g.seed = uint32(rd.read(seedBits))
	if rd.read(1) == 1 {
		g.owner = owner{numeric: true, id: rd.read(64)}
	} else {
		g.owner = owner{id: rd.read(32)}
	}
	g.detail = rd.read(1) == 1
	rad, possible, nbits := radices(g.rules)
	for k := 0; k < n; k++ {
		p := player{sheet: yacht.NewSheet(g.rules), loss: make([]int, len(g.rules.Categories))}
		nameLen := int(rd.read(4))
		name := make([]byte, nameLen)
		for i := range name {
			name[i] = byte(rd.read(8))
		}
		if rd.bad {
			return nil, bad("truncated")
		}
		if err := checkName(string(name)); err != nil || (n > 1 && nameLen == 0) {
			return nil, bad("player name")
		}
		p.name = string(name)
		v := rd.read(nbits)
		for i := range g.rules.Categories {
			d := v % rad[i]
			v /= rad[i]
			if d > 0 {
				p.sheet.Scores[i] = possible[i][d-1]
			}
		}
		if v != 0 {
			return nil, bad("sheet number out of range")
		}
		if g.rules.ExtraYachtBonus > 0 {
			extra := int(rd.read(4))
			if extra > 0 {
				y := yachtBox(g.rules)
				if p.sheet.Scores[y] <= 0 || extra > p.sheet.Filled()-1 {
					return nil, bad("extra bonuses without a Yacht")
				}
			}
			p.sheet.ExtraBonus = extra * g.rules.ExtraYachtBonus
		}
		if g.detail {
			for i, s := range p.sheet.Scores {
				if s >= 0 {
					p.loss[i] = int(rd.gamma(maxLossBits)) - 1
					if p.loss[i] < 0 || p.loss[i] > maxTotalLoss {
						return nil, bad("loss")
					}
					p.lost += p.loss[i]
				}
			}
		} else {
			p.lost = int(rd.read(20))
		}
		g.players = append(g.players, p)
	}
	if rd.bad {
		return nil, bad("truncated")
	}
	// Only zero padding may follow, less than a byte of it.
	if 8*len(body)-rd.pos >= 8 || rd.read(8*len(body)-rd.pos) != 0 {
		return nil, bad("trailing data")
	}
	// Whose turn it is: players before the current one have filled one box
	// more than the rest, and the current player has a box left.
	k := g.players[g.cur].sheet.Filled()
	if k >= len(g.rules.Categories) {
		return nil, bad("the current player's sheet is full")
	}
	for i, p := range g.players {
		want := k
		if i < g.cur {
			want = k + 1
		}
		if p.sheet.Filled() != want {
			return nil, bad("player %d has %d boxes filled, want %d", i, p.sheet.Filled(), want)
		}
	}
	if g.encode() != s {
		return nil, bad("not canonical")
	}
	return g, nil
}

// yachtBox returns the index of the Yacht category.
func yachtBox(r *yacht.Rules) int {
	for i := range r.Categories {
		if r.Categories[i].Kind == yacht.KindYacht {
			return i
		}
	}
	return -1
}

// checkName accepts a player name: at most maxNameBytes of UTF-8 without
// control characters, markdown or mention characters.
func checkName(s string) error {
	if len(s) > maxNameBytes {
		return &nameError{problem: nameTooLong, name: s}
	}
	if !utf8.ValidString(s) {
		return &nameError{problem: nameNotText}
	}
	for _, r := range s {
		if unicode.IsControl(r) || strings.ContainsRune("*_`~|<>@#:\\", r) || unicode.IsSpace(r) && r != ' ' {
			return &nameError{problem: nameBadChar, name: s, char: r}
		}
	}
	if strings.TrimSpace(s) != s {
		return &nameError{problem: nameSpaces, name: s}
	}
	return nil
}

// customID returns the custom_id of an action on this state.
func customID(action byte, state string) string {
	return idPrefix + string(action) + "/" + state
}

// fits reports whether a state fits a custom_id.
func fits(state string) bool { return len(customID('x', state)) <= commands.MaxCustomID }
