package stats

import (
	"context"
	"strings"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/commands/yachtwords"
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

// StandingRow is one player's line: the sums of the player's results as
// they count (store.Standing).
type StandingRow struct {
	Rank  int    `json:"rank,omitempty"`
	User  string `json:"user"`
	Games int    `json:"games"`
	// Contests are the games whose result counts toward wins.
	Contests int `json:"contests"`
	Wins     int `json:"wins"`
	// Scored are the games whose score counts toward the average.
	Scored   int     `json:"scored"`
	AvgScore float64 `json:"avg_score"`
	// Decisions are the unassisted decisions skill counts; Assisted the
	// decisions taken with advice, which it leaves out.
	Decisions int     `json:"decisions"`
	Assisted  int     `json:"assisted"`
	Skill     float64 `json:"skill"` // expected points lost per unassisted decision
	Luck      float64 `json:"luck"`  // mean luck per scored game
	Needs     int     `json:"needs,omitempty"`
}

// standingsQuestion is /stats standings read (step one); Coerce has
// checked the options' choices and bounds.
type standingsQuestion struct {
	query  store.StandingsQuery
	period string
}

// parseStandings reads the options: the game, the Yacht rule set (every
// size and bot together for orbs and coins), the ranking (a game ranks
// by what it records), the period and the minimum.
func (d Deps) parseStandings(req *commands.Request) (standingsQuestion, error) {
	if req.GuildID == "" {
		return standingsQuestion{}, commands.Rejectf(msgServerOnly)
	}
	game := req.Options.String("game", GameYacht)
	rules := req.Options.String("rules", yacht.Yacht)
	if game != GameYacht {
		if req.Options.Has("rules") {
			return standingsQuestion{}, commands.Rejectf(msgRulesYachtOnly)
		}
		rules = ""
	}
	by := store.Ranking(req.Options.String("by", string(store.ByWins)))
	switch {
	case game == GameOrbs && by == store.BySkill:
		return standingsQuestion{}, commands.Rejectf(msgByOrbs)
	case game == GameCoins && by != store.ByWins:
		return standingsQuestion{}, commands.RejectEach(func(l commands.Locale) string {
			return msgByNotFor.Format(l, gameTitles[GameCoins].In(l), commands.Quote(string(by)))
		})
	}
	period := req.Options.String("period", PeriodAll)
	since, _ := periodStart(period, d.now())
	return standingsQuestion{period: period, query: store.StandingsQuery{Guild: req.GuildID, Kind: game, Rules: rules, Since: since,
		By: by, MinGames: int(req.Options.Int("min", minGamesDefault))}}, nil
}

// standingsView is the data view of the standings (step three): the data
// output, and beside it who asked (the reply tells them their place) and
// when the period began.
type standingsView struct {
	StandingsData
	asker string
	since time.Time
}

// standings answers /stats standings: parse, query (the store ranks),
// data view, render.
func (d Deps) standings(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	q, err := d.parseStandings(req)
	if err != nil {
		return nil, err
	}
	st, err := d.Store.Standings(ctx, q.query)
	if err != nil {
		return records.StoreError(req.Locale, err)
	}
	recording, err := d.Store.Recording(ctx, req.GuildID)
	if err != nil {
		return records.StoreError(req.Locale, err)
	}
	v := standingsViewOf(q, st, recording, req.UserID)
	return &commands.Reply{Embeds: []commands.Embed{renderStandings(req.Locale, v)}, Data: v.StandingsData}, nil
}

// standingsViewOf is the data view of the store's standings.
func standingsViewOf(q standingsQuestion, st store.Standings, recording bool, asker string) standingsView {
	v := standingsView{StandingsData: StandingsData{Game: q.query.Kind, Rules: q.query.Rules, By: string(q.query.By), Period: q.period,
		MinGames: q.query.MinGames, Ranked: []StandingRow{}, Unranked: []StandingRow{}, Recording: recording}, asker: asker, since: q.query.Since}
	if !q.query.Since.IsZero() {
		v.Since = q.query.Since.Format(time.RFC3339)
	}
	for _, s := range st.Ranked {
		v.Ranked = append(v.Ranked, rowOf(s))
	}
	for _, s := range st.Unranked {
		r := rowOf(s)
		r.Needs = q.query.MinGames - s.Games
		v.Unranked = append(v.Unranked, r)
	}
	return v
}

func rowOf(s store.Standing) StandingRow {
	return StandingRow{Rank: s.Rank, User: s.User, Games: s.Games, Contests: s.Contests, Wins: s.Wins, Scored: s.Scored, AvgScore: s.AvgScore,
		Decisions: s.Decisions, Assisted: s.Assisted, Skill: s.Skill, Luck: s.Luck}
}

// renderStandings writes the embed of the standings (step four): the
// leader, the asker's place, the ranked rows, the players on their way.
func renderStandings(l commands.Locale, v standingsView) commands.Embed {
	game, by, minGames := v.Game, store.Ranking(v.By), v.MinGames
	mention := records.Mention
	periodName := periodNames[v.Period].In(l)
	what := yachtwords.RulesName(l, v.Rules)
	if game != GameYacht {
		what = gameTitles[game].In(l)
	}
	e := commands.Embed{Title: msgStandingsTitle.Format(l, what, periodName), Color: records.Colour}
	var desc []string
	switch {
	case len(v.Ranked) > 0:
		top := v.Ranked[0]
		byWins := game == GameOrbs && by != store.ByAverage || game != GameOrbs && by != store.ByAverage && by != store.BySkill
		switch {
		case byWins && top.Wins == 0:
			// Nobody has won yet: no leader to name.
		case game == GameOrbs && by == store.ByAverage:
			desc = append(desc, msgLeadPresses.Format(l, mention(top.User), top.AvgScore, top.Games))
		case game == GameOrbs:
			desc = append(desc, commands.Plural(int(top.Games), msgLeadPerfectOne, msgLeadPerfect).Format(l, mention(top.User), top.Wins, top.Games))
		case by == store.ByAverage:
			desc = append(desc, msgLeadAverage.Format(l, mention(top.User), top.AvgScore, top.Games))
		case by == store.BySkill:
			desc = append(desc, msgLeadSkill.Format(l, mention(top.User), top.Skill, top.Games))
		default:
			desc = append(desc, commands.Plural(int(top.Games), msgLeadWinsOne, msgLeadWins).Format(l, mention(top.User), top.Wins, top.Games))
		}
	case len(v.Unranked) > 0:
		desc = append(desc, commands.Plural(int(minGames), msgNobodyRankedOne, msgNobodyRanked).Format(l, minGames, len(v.Unranked)))
	default:
		desc = append(desc, msgNoGames.Format(l, periodName))
	}
	// The asker's place, or what they still need.
	for _, s := range v.Ranked {
		if s.User == v.asker && s.Rank > 1 {
			desc = append(desc, msgYourRank.Format(l, s.Rank, len(v.Ranked)))
		}
	}
	for _, s := range v.Unranked {
		if s.User == v.asker {
			desc = append(desc, msgYouNeed.Format(l, s.Needs, minGames))
		}
	}
	if len(v.Ranked) > 0 {
		rows := make([]string, 0, min(len(v.Ranked), maxStandingRows))
		for _, s := range v.Ranked[:min(len(v.Ranked), maxStandingRows)] {
			switch game {
			case GameOrbs:
				rows = append(rows, msgOrbsStandingRow.Format(l, s.Rank, mention(s.User), s.Wins, s.Games, s.AvgScore))
			case GameCoins:
				rows = append(rows, msgCoinsStandingRow.Format(l, s.Rank, mention(s.User), s.Wins, s.Games))
			case GameYacht:
				row := msgStandingRow.Format(l, s.Rank, mention(s.User), s.Wins, s.Contests, s.AvgScore, s.Skill, records.Signed(s.Luck))
				if by == store.BySkill {
					row = msgSkillStandingRow.Format(l, s.Rank, mention(s.User), s.Skill, s.Decisions, s.Wins, s.Contests, s.AvgScore)
				}
				if s.Assisted > 0 {
					row += msgAssistedLeftOut.Format(l, s.Assisted)
				}
				rows = append(rows, row)
			}
		}
		if len(v.Ranked) > maxStandingRows {
			rows = append(rows, msgMoreRows.Format(l, len(v.Ranked)-maxStandingRows))
		}
		desc = append(desc, "", strings.Join(rows, "\n"))
	}
	e.Description = commands.Truncate(strings.Join(desc, "\n"), commands.MaxEmbedDescription)
	if len(v.Unranked) > 0 {
		rows := make([]string, 0, len(v.Unranked))
		for _, s := range v.Unranked {
			rows = append(rows, msgNeedsRow.Format(l, mention(s.User), s.Games, s.Needs))
		}
		e.Fields = append(e.Fields, commands.Field{Name: msgUnrankedField.Format(l, minGames), Value: commands.JoinLines(rows, commands.MaxFieldValue)})
	}
	notes := []string{map[string]commands.Text{GameYacht: msgStandingsHow, GameOrbs: msgOrbsHow, GameCoins: msgCoinsHow}[game].In(l)}
	if v.Period == PeriodWeek || v.Period == PeriodMonth {
		notes = append(notes, msgPeriodUTC.Format(l, records.Day(v.since)))
	}
	if !v.Recording {
		notes = append(notes, msgRecordingOffNote.In(l))
	}
	e.Footer = commands.Sentences(l, notes...)
	return e
}

// periodNames name the periods in a title and in the period option.
var periodNames = map[string]commands.Text{
	PeriodWeek:  commands.T("this week", "이번 주", "今週"),
	PeriodMonth: commands.T("this month", "이번 달", "今月"),
	PeriodAll:   commands.T("all time", "전체 기간", "全期間"),
}
