// Package orbs is the /orbs command: the orb puzzle of the game To the Moon,
// solved with the fewest presses by Algorithm 3 of the blog post 알고리즘 덕후의 「투
// 더 문」 퍼즐 푸는 방법 (package engine/orbs), with Theorem 5's proof when no presses
// clear the grid, pictures of the grid before and after, and random puzzles
// to play with buttons.
package orbs

import (
	"context"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/orbs"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
)

// MaxLimit is the largest limit the command accepts. A grid of at most
// 30×30 never needs more than 31 presses (the smaller of two complementary
// strategies of 60 row and column orbs, plus the diagonal), so anything
// larger means "no limit" in practice.
const MaxLimit = 999

// maxGridText bounds the grid option: 30 rows of 30 cells with separators
// and a little slack for spaces.
const maxGridText = 1200

// colour is the embeds' colour (a night-sky blue).
const colour = 0x3b5ba5

// filePicture is the attached picture's name.
const filePicture = "orbs.png"

// Command returns the /orbs command without recording; key seals the
// puzzles it deals.
func Command(key seal.Key) *commands.Command { return CommandRecording(key, record.Bounded{}) }

// CommandRecording returns the /orbs command; key seals the puzzles it
// deals, and rec records each solved random puzzle.
func CommandRecording(key seal.Key, rec record.Bounded) *commands.Command {
	lo, hi := commands.Between(0, MaxLimit)
	return &commands.Command{
		Name: commands.T("orbs", "오브", "オーブ"),
		Description: commands.T("To the Moon's orb puzzle: fewest presses, or a proof that none clear it; or play one",
			"투 더 문의 오브 퍼즐: 최소 횟수로 풀거나 풀 수 없음을 증명합니다. 직접 플레이도 가능",
			"To the Moon のオーブパズル: 最少回数の解か解けない証明。遊ぶこともできます"),
		Options: []commands.Option{
			{
				Name: commands.T("grid", "격자", "グリッド"),
				Description: commands.T("Rows from the top, split by / or spaces: 1 # X ■ cloudy, 0 . □ clear (up to 30×30)",
					"위 행부터, / 나 공백으로 구분: 1 # X ■ 흐림, 0 . □ 맑음 (최대 30×30)",
					"上の行から、/ か空白で区切る: 1 # X ■ 曇り、0 . □ 晴れ（最大 30×30）"),
				Type: commands.String, MinLength: 1, MaxLength: maxGridText,
			},
			{
				Name:        commands.T("limit", "제한", "上限"),
				Description: commands.T("The most presses the puzzle allows", "퍼즐이 허용하는 최대 누름 횟수", "パズルで押せる最大回数"),
				Type:        commands.Integer, Min: lo, Max: hi,
			},
			{
				Name: commands.T("random", "무작위", "ランダム"),
				Description: commands.T("Deal a random puzzle of this size to play, rows×columns, e.g. 5x5 (up to 30x30)",
					"이 크기(행×열)의 무작위 퍼즐을 받아 플레이, 예: 5x5 (최대 30x30)",
					"この大きさ（行×列）のランダムなパズルを配って遊ぶ、例: 5x5（最大 30x30）"),
				Type: commands.String, MinLength: 1, MaxLength: 7,
			},
		},
		Examples: []string{
			`/orbs grid:"1001/0110/1001" limit:3`,
			`/orbs grid:"0100 1011 0100 0100"`,
			`/orbs grid:"#... .... .... ...."`,
			`/orbs random:5x5`,
		},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return handle(ctx, key, req)
		},
		Routes: append([]commands.Route{
			{Pattern: route.Prefix() + "{action}/{state}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return press(ctx, key, rec, req, false)
			}},
			{Pattern: route2.Prefix() + "{state}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
				return press(ctx, key, rec, req, true)
			}},
		}, commands.OlderVersions(route2.Older(), txtOlder)...),
		Budget: 2 * time.Second,

		Caching: &commands.Caching{Key: cacheKey},
	}
}

func handle(_ context.Context, key seal.Key, req *commands.Request) (*commands.Reply, error) {
	hasGrid, hasRandom := req.Options.Has("grid"), req.Options.Has("random")
	switch {
	case hasGrid && hasRandom:
		return nil, commands.Rejectf(txtGridAndRandom)
	case hasRandom && req.Options.Has("limit"):
		return nil, commands.Rejectf(txtLimitWithRandom)
	case hasRandom:
		rows, cols, ok := parseSize(req.Options.String("random", ""))
		if !ok && strings.TrimSpace(req.Options.String("random", "")) == "" {
			return nil, commands.Rejectf(txtEmptyRandom, orbs.MaxSize)
		}
		if !ok {
			return nil, commands.Rejectf(txtBadRandom, orbs.MaxSize, commands.Quote(req.Options.String("random", "")))
		}
		return deal(req.Locale, key, seal.OwnerOf(req.UserID), rows, cols, newSeed())
	case !hasGrid:
		return nil, commands.Rejectf(txtNeither)
	}
	g, err := orbs.Parse(req.Options.String("grid", ""))
	if err != nil {
		return nil, parseRejection(err)
	}
	limit := orbs.NoLimit
	if req.Options.Has("limit") {
		limit = int(req.Options.Int("limit", 0))
	}
	return solveReply(req.Locale, g, orbs.Solve(g, limit))
}

// Data is the --format data of a grid (docs/data.md). Indices are 0-based,
// rows from the top and columns from the left. Limit is null when no limit
// was given. For an unsolvable grid Solvable is false, Count is 0, the press
// lists are empty, WithinLimit is false, and Witness and
// WitnessAfterDiagonal hold Theorem 5's proof for the grid as given and after
// the diagonal press (both fields are absent for a solvable grid).
type Data struct {
	Rows                 int          `json:"rows"`
	Cols                 int          `json:"cols"`
	Solvable             bool         `json:"solvable"`
	Count                int          `json:"count"`
	Diagonal             bool         `json:"diagonal"`
	PressRows            []int        `json:"press_rows"`
	PressCols            []int        `json:"press_cols"`
	Limit                *int         `json:"limit"`
	WithinLimit          bool         `json:"within_limit"`
	Witness              *WitnessData `json:"witness,omitempty"`
	WitnessAfterDiagonal *WitnessData `json:"witness_after_diagonal,omitempty"`
}

// WitnessData is a Theorem 5 witness: cells (rows[0], cols[0]) and
// (rows[1], cols[0]) are alike, (rows[0], cols[1]) and (rows[1], cols[1])
// differ (0-based indices).
type WitnessData struct {
	Rows [2]int `json:"rows"`
	Cols [2]int `json:"cols"`
}

func witnessData(w *orbs.Witness) *WitnessData {
	if w == nil {
		return nil
	}
	return &WitnessData{Rows: w.Rows, Cols: w.Cols}
}

func buildData(g orbs.Grid, sol orbs.Solution) Data {
	d := Data{
		Rows: g.Rows(), Cols: g.Cols(), Solvable: sol.Solvable, WithinLimit: sol.WithinLimit,
		PressRows: []int{}, PressCols: []int{},
	}
	if sol.Limit != orbs.NoLimit {
		l := sol.Limit
		d.Limit = &l
	}
	if sol.Solvable {
		d.Count, d.Diagonal = sol.Count, sol.Diagonal
		d.PressRows = append(d.PressRows, sol.Rows...)
		d.PressCols = append(d.PressCols, sol.Cols...)
		return d
	}
	d.Witness, d.WitnessAfterDiagonal = witnessData(sol.Witness), witnessData(sol.AfterDiagonal)
	return d
}

// pressNames lists p's orbs in the order one would press them: the
// diagonal first (as the seed does), then rows from the top, then columns
// from the left.
func pressNames(l commands.Locale, p orbs.Presses) []string {
	var out []string
	if p.Diagonal {
		out = append(out, txtDiagonalOrb.In(l))
	}
	for _, r := range p.Rows {
		out = append(out, txtRowOrb.Format(l, orbs.RowLabel(r)))
	}
	for _, c := range p.Cols {
		out = append(out, txtColOrb.Format(l, orbs.ColLabel(c)))
	}
	return out
}

// cellName names cell (r, c) as (b, iii).
func cellName(r, c int) string { return "(" + orbs.RowLabel(r) + ", " + orbs.ColLabel(c) + ")" }

// witnessSentence is the parity argument for w in one sentence (t is
// txtWitness, or txtWitnessAgain for the second one).
func witnessSentence(l commands.Locale, t commands.Text, label string, w *orbs.Witness) string {
	i, i2, j, j2 := w.Rows[0], w.Rows[1], w.Cols[0], w.Cols[1]
	// Rows and columns are named in reading order; the cells keep the
	// argument's order (the alike pair first).
	return t.Format(l, label, orbs.RowLabel(min(i, i2)), orbs.RowLabel(max(i, i2)), orbs.ColLabel(min(j, j2)), orbs.ColLabel(max(j, j2)),
		cellName(i, j), cellName(i2, j), cellName(i, j2), cellName(i2, j2))
}

// gridText draws grids side by side in a code block, each row led by its
// label: ■ cloudy, □ clear.
func gridText(gs ...orbs.Grid) string {
	g0 := gs[0]
	lw := utf8.RuneCountInString(orbs.RowLabel(g0.Rows() - 1))
	var b strings.Builder
	b.WriteString("```\n")
	for r := 0; r < g0.Rows(); r++ {
		lab := orbs.RowLabel(r)
		b.WriteString(lab + strings.Repeat(" ", lw-len(lab)+1))
		for k, g := range gs {
			if k > 0 {
				b.WriteString("   ")
			}
			for c := 0; c < g.Cols(); c++ {
				if g.Cloudy(r, c) {
					b.WriteString("■")
				} else {
					b.WriteString("□")
				}
			}
		}
		b.WriteByte('\n')
	}
	b.WriteString("```")
	return b.String()
}

// withGridText appends the grid block to desc when the whole still fits an
// embed's description, else a pointer to the picture.
func withGridText(l commands.Locale, desc, caption, block string) string {
	full := desc + "\n\n" + caption + "\n" + block
	if utf8.RuneCountInString(full) <= commands.MaxEmbedDescription {
		return full
	}
	return desc + "\n\n" + txtTooBigForText.In(l)
}

func solveReply(l commands.Locale, g orbs.Grid, sol orbs.Solution) (*commands.Reply, error) {
	var lines []string
	var pic []byte
	var err error
	var caption, block string
	if sol.Solvable {
		names := pressNames(l, sol.Presses)
		switch sol.Count {
		case 0:
			lines = append(lines, txtAlreadyClear.In(l))
		case 1:
			lines = append(lines, txtPress1.Format(l, names[0]))
		default:
			lines = append(lines, txtPressN.Format(l, sol.Count, l.List(names)))
		}
		if sol.Count > 0 {
			lines = append(lines, txtFewest.In(l))
		}
		if sol.Limit != orbs.NoLimit {
			if sol.WithinLimit {
				lines = append(lines, txtWithin.Format(l, sol.Limit))
			} else if sol.Count == 1 {
				lines = append(lines, txtOverLimitOne.Format(l, sol.Count, sol.Limit))
			} else {
				lines = append(lines, txtOverLimit.Format(l, sol.Count, sol.Limit))
			}
		}
		after, aerr := orbs.Apply(g, sol.Presses)
		if aerr != nil {
			return nil, aerr
		}
		if sol.Count > 0 {
			lines = append(lines, txtPicSolved.In(l))
		}
		caption, block = txtBeforeAfter.In(l), gridText(g, after)
		pic, err = renderSolved(g, after, sol.Presses)
	} else {
		lines = append(lines, txtUnsolvable.In(l),
			"• "+witnessSentence(l, txtWitness, txtAsGiven.In(l), sol.Witness),
			"• "+witnessSentence(l, txtWitnessAgain, txtAfterDiag.In(l), sol.AfterDiagonal),
			txtPicUnsolvable.In(l))
		d := g
		d.PressDiagonal()
		caption, block = txtGivenDiag.In(l), gridText(g, d)
		pic, err = renderUnsolvable(g, d, *sol.Witness, *sol.AfterDiagonal)
	}
	if err != nil {
		return nil, err
	}
	desc := withGridText(l, strings.Join(lines, "\n"), caption, block)
	return &commands.Reply{
		Embeds: []commands.Embed{{
			Title: txtTitle.Format(l, g.Rows(), g.Cols()), Description: desc, Color: colour, Image: filePicture,
		}},
		Files: []commands.File{{Name: filePicture, ContentType: "image/png", Data: pic}},
		Data:  buildData(g, sol),
	}, nil
}
