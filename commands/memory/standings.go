package memory

import (
	"context"
	"slices"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	yachtcmd "github.com/alea-bot/alea/commands/yacht"
	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/store"
)

// maxStandingRows is how many ranked players the reply lists.
const maxStandingRows = 15

// The games /stats standings ranks (its game option), each a store kind.
const (
	GameYacht = store.KindYacht
	GameOrbs  = store.KindOrbs
	GameCoins = store.KindCoins
)

// StandingsData is the data output of /stats standings.
type StandingsData struct {
	// Game is the kind of game ranked: yacht, orbs or coins.
	Game string `json:"game"`
	// Rules is the Yacht rule set ("" for orbs and coins: every size and
	// every bot together).
	Rules    string `json:"rules"`
	By       string `json:"by"`
	Period   string `json:"period"`
	Since    string `json:"since,omitempty"` // RFC 3339, UTC; absent for all time
	MinGames int    `json:"min_games"`
	// Ranked are the players with at least MinGames games, ranked;
	// Unranked the others, most games first, with how many they need.
	Ranked    []StandingRow `json:"ranked"`
	Unranked  []StandingRow `json:"unranked"`
	Recording bool          `json:"recording"`
}

// StandingRow is one player's line.
type StandingRow struct {
	Rank      int     `json:"rank,omitempty"`
	User      string  `json:"user"`
	Games     int     `json:"games"`
	Wins      int     `json:"wins"`
	AvgScore  float64 `json:"avg_score"`
	Decisions int     `json:"decisions"`
	Skill     float64 `json:"skill"` // expected points lost per decision
	Luck      float64 `json:"luck"`  // mean luck per game
	Needs     int     `json:"needs,omitempty"`
}

func rowOf(s store.Standing) StandingRow {
	return StandingRow{Rank: s.Rank, User: s.User, Games: s.Games, Wins: s.Wins, AvgScore: s.AvgScore,
		Decisions: s.Decisions, Skill: s.Skill, Luck: s.Luck}
}

func (d Deps) now() time.Time {
	if d.Now == nil {
		return time.Now()
	}
	return d.Now()
}

// standings answers /stats standings.
func (d Deps) standings(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	if req.GuildID == "" {
		return nil, commands.Rejectf(msgServerOnly)
	}
	game := req.Options.String("game", GameYacht)
	if _, ok := gameNames[game]; !ok {
		return nil, commands.Rejectf(msgBadGame, commands.Quote(game))
	}
	rules := req.Options.String("rules", yacht.Yacht)
	if game != GameYacht {
		if req.Options.Has("rules") {
			return nil, commands.Rejectf(msgRulesYachtOnly)
		}
		rules = ""
	} else if !slices.Contains(yachtcmd.Presets(), rules) {
		return nil, yachtcmd.RejectRules(rules)
	}
	by, ok := parseRanking(req.Options.String("by", ""))
	if !ok {
		return nil, commands.Rejectf(msgBadBy, commands.Quote(req.Options.String("by", "")))
	}
	switch {
	case game == GameOrbs && by == store.BySkill:
		return nil, commands.Rejectf(msgByOrbs)
	case game == GameCoins && by != store.ByWins:
		return nil, commands.Rejectf(msgByNotFor, gameTitles[GameCoins].In(l), commands.Quote(string(by)))
	}
	period := req.Options.String("period", PeriodAll)
	since, ok := periodStart(period, d.now())
	if !ok {
		return nil, commands.Rejectf(msgBadPeriod, commands.Quote(period))
	}
	minGames := req.Options.Int("min", minGamesDefault)
	if minGames < minGamesLo || minGames > minGamesHi {
		return nil, commands.Rejectf(msgBadMin, minGamesLo, minGamesHi, minGames)
	}
	all, err := d.Store.Standings(ctx, store.StandingsQuery{Guild: req.GuildID, Kind: game, Rules: rules, Since: since, By: by})
	if err != nil {
		return storeErr(l, err)
	}
	recording, err := d.Store.Recording(ctx, req.GuildID)
	if err != nil {
		return storeErr(l, err)
	}
	var ranked, short []store.Standing
	for _, s := range all {
		if s.Games >= int(minGames) {
			ranked = append(ranked, s)
		} else {
			short = append(short, s)
		}
	}
	store.Rank(ranked, by, game == GameOrbs) // fewer presses is better
	slices.SortStableFunc(short, func(a, b store.Standing) int {
		if a.Games != b.Games {
			return b.Games - a.Games
		}
		return strings.Compare(a.User, b.User)
	})
	data := StandingsData{Game: game, Rules: rules, By: string(by), Period: period, MinGames: int(minGames),
		Ranked: []StandingRow{}, Unranked: []StandingRow{}, Recording: recording}
	if !since.IsZero() {
		data.Since = since.Format(time.RFC3339)
	}
	for _, s := range ranked {
		data.Ranked = append(data.Ranked, rowOf(s))
	}
	for _, s := range short {
		r := rowOf(s)
		r.Rank, r.Needs = 0, int(minGames)-s.Games
		data.Unranked = append(data.Unranked, r)
	}

	periodName := periodNames[period].In(l)
	what := yachtcmd.RulesName(l, rules)
	if game != GameYacht {
		what = gameTitles[game].In(l)
	}
	e := commands.Embed{Title: msgStandingsTitle.Format(l, what, periodName), Color: colour}
	var desc []string
	switch {
	case len(ranked) > 0:
		top := ranked[0]
		byWins := game == GameOrbs && by != store.ByAverage || game != GameOrbs && by != store.ByAverage && by != store.BySkill
		switch {
		case byWins && top.Wins == 0:
			// Nobody has won yet: no leader to name.
		case game == GameOrbs && by == store.ByAverage:
			desc = append(desc, msgLeadPresses.Format(l, mention(top.User), top.AvgScore, top.Games))
		case game == GameOrbs:
			desc = append(desc, msgLeadPerfect.Format(l, mention(top.User), top.Wins, top.Games))
		case by == store.ByAverage:
			desc = append(desc, msgLeadAverage.Format(l, mention(top.User), top.AvgScore, top.Games))
		case by == store.BySkill:
			desc = append(desc, msgLeadSkill.Format(l, mention(top.User), top.Skill, top.Games))
		default:
			desc = append(desc, msgLeadWins.Format(l, mention(top.User), top.Wins, top.Games))
		}
	case len(short) > 0:
		desc = append(desc, msgNobodyRanked.Format(l, minGames, len(short)))
	default:
		desc = append(desc, msgNoGames.Format(l, periodName))
	}
	// The asker's place, or what they still need.
	for _, s := range ranked {
		if s.User == req.UserID && s.Rank > 1 {
			desc = append(desc, msgYourRank.Format(l, s.Rank, len(ranked)))
		}
	}
	for _, s := range short {
		if s.User == req.UserID {
			desc = append(desc, msgYouNeed.Format(l, int(minGames)-s.Games, minGames))
		}
	}
	if len(ranked) > 0 {
		rows := make([]string, 0, min(len(ranked), maxStandingRows))
		for _, s := range ranked[:min(len(ranked), maxStandingRows)] {
			switch game {
			case GameOrbs:
				rows = append(rows, msgOrbsStandingRow.Format(l, s.Rank, mention(s.User), s.Wins, s.Games, s.AvgScore))
			case GameCoins:
				rows = append(rows, msgCoinsStandingRow.Format(l, s.Rank, mention(s.User), s.Wins, s.Games))
			default:
				rows = append(rows, msgStandingRow.Format(l, s.Rank, mention(s.User), s.Wins, s.Games, s.AvgScore, s.Skill, signed(s.Luck)))
			}
		}
		if len(ranked) > maxStandingRows {
			rows = append(rows, msgMoreRows.Format(l, len(ranked)-maxStandingRows))
		}
		desc = append(desc, "", strings.Join(rows, "\n"))
	}
	e.Description = truncate(strings.Join(desc, "\n"), commands.MaxEmbedDescription)
	if len(short) > 0 {
		rows := make([]string, 0, len(short))
		for _, s := range short {
			rows = append(rows, msgNeedsRow.Format(l, mention(s.User), s.Games, int(minGames)-s.Games))
		}
		e.Fields = append(e.Fields, commands.Field{Name: msgUnrankedField.Format(l, minGames), Value: joinLines(rows, commands.MaxFieldValue)})
	}
	notes := []string{map[string]commands.Text{GameYacht: msgStandingsHow, GameOrbs: msgOrbsHow, GameCoins: msgCoinsHow}[game].In(l)}
	if period == PeriodWeek || period == PeriodMonth {
		notes = append(notes, msgPeriodUTC.Format(l, day(since)))
	}
	if !recording {
		notes = append(notes, msgRecordingOffNote.In(l))
	}
	e.Footer = commands.Sentences(l, notes...)
	return &commands.Reply{Embeds: []commands.Embed{e}, Data: data}, nil
}

// periodNames name the periods in a title.
var periodNames = map[string]commands.Text{
	PeriodWeek:  commands.T("this week", "이번 주", "今週"),
	PeriodMonth: commands.T("this month", "이번 달", "今月"),
	PeriodAll:   commands.T("all time", "전체 기간", "全期間"),
}
