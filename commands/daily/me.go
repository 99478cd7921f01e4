package daily

import (
	"context"
	"strings"
	"unicode"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/game/daily"
	"github.com/alea-bot/alea/store"
)

// MeData is the --format data of /daily me: the player's streak, their
// official attempts of today (UTC), and how the deployment-wide board
// names them.
type MeData struct {
	User   string        `json:"user"`
	Today  string        `json:"today"`
	Streak StreakData    `json:"streak"`
	Played int           `json:"days_played"`
	Now    []AttemptData `json:"today_attempts"`
	Public bool          `json:"public"`
	Name   string        `json:"name,omitempty"`
}

// AttemptData is an official attempt: its rule set, whether its result
// is recorded (and whether it was assisted: then not ranked), and the
// result.
type AttemptData struct {
	Rules    string  `json:"rules"`
	Done     bool    `json:"done"`
	Assisted bool    `json:"assisted"`
	Score    int     `json:"score"`
	Lost     float64 `json:"expected_lost"`
}

// me answers /daily me, privately.
func (d *Deps) me(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	p, err := d.Store.DailyPlayer(ctx, req.UserID)
	if err != nil {
		return records.StoreError(req.Locale, err)
	}
	r := meReply(req.Locale, meView(p, daily.Today(d.now())), p)
	r.Ephemeral = true
	return r, nil
}

// meView is the data view of a player's dailies at today.
func meView(p store.DailyPlayer, today daily.Day) MeData {
	days := attemptDays(p.Attempts)
	v := MeData{User: p.User, Today: today.String(), Streak: *streakData(daily.StreakOf(days, today)), Now: []AttemptData{}, Public: p.Public, Name: p.Name}
	seen := map[daily.Day]bool{}
	for _, a := range p.Attempts {
		seen[daily.Day(a.Day)] = true
		if daily.Day(a.Day) == today {
			v.Now = append(v.Now, AttemptData{Rules: a.Rules, Done: a.Done, Assisted: a.Assisted, Score: a.Score, Lost: a.Lost})
		}
	}
	v.Played = len(seen)
	return v
}

// meReply renders /daily me: the streak, today's attempts, the name on
// the deployment-wide board and the button that changes it.
func meReply(loc commands.Locale, v MeData, p store.DailyPlayer) *commands.Reply {
	e := commands.Embed{Color: colour, Title: msgMeTitle.In(loc)}
	var lines []string
	switch {
	case v.Played == 0:
		lines = append(lines, msgNeverPlayed.In(loc))
	case v.Streak.Current > 0:
		lines = append(lines, msgStreak.Format(loc, v.Streak.Current, v.Streak.Longest))
	default:
		lines = append(lines, msgNoStreak.Format(loc, v.Streak.Longest))
	}
	lines = append(lines, "")
	if len(v.Now) == 0 {
		lines = append(lines, msgTodayWaiting.Format(loc, v.Today))
	} else {
		lines = append(lines, msgTodayHead.Format(loc, v.Today))
		for _, a := range p.Attempts {
			if daily.Day(a.Day).String() == v.Today {
				lines = append(lines, "· "+dayResult(loc, a))
			}
		}
	}
	lines = append(lines, "")
	if v.Public && v.Name != "" {
		lines = append(lines, msgNamed.Format(loc, v.Name))
	} else {
		lines = append(lines, msgUnnamed.In(loc))
	}
	e.Description = strings.Join(lines, "\n")
	button := commands.Component{Kind: commands.Button, CustomID: route.Prefix() + "name/" + v.User + "/1", Label: msgShowName.In(loc), Emoji: "🏷️", Style: commands.Primary}
	if v.Public {
		button = commands.Component{Kind: commands.Button, CustomID: route.Prefix() + "name/" + v.User + "/0", Label: msgHideName.In(loc), Emoji: "🙈", Style: commands.Secondary}
	}
	return &commands.Reply{Embeds: []commands.Embed{e}, Components: []commands.ActionRow{{button}}, Data: v}
}

// setName answers the name button of /daily me: the deployment-wide
// board names the player by their display name (sanitised), or as "a
// player"; the reply redraws /daily me.
func (d *Deps) setName(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	if req.Params["user"] != req.UserID {
		return nil, commands.Rejectf(msgNotYourButton)
	}
	on := req.Params["on"] == "1"
	name := boardName(req.UserName)
	if on && name == "" {
		return nil, commands.Rejectf(msgNoName)
	}
	if err := d.Store.SetDailyName(ctx, req.UserID, name, on); err != nil {
		return records.StoreError(req.Locale, err)
	}
	r, err := d.me(ctx, req)
	if err != nil || r == nil {
		return r, err
	}
	r.Update = true
	return r, nil
}

// boardName is a display name as the deployment-wide board shows it:
// letters, digits, marks, spaces and a few signs, nothing Discord would
// read as markdown or a mention, at most nameRunes runes.
func boardName(s string) string {
	var b []rune
	for _, r := range commands.Normalize(s) {
		switch {
		case unicode.IsLetter(r) || unicode.IsDigit(r) || unicode.IsMark(r) || r == '-' || r == '.' || r == '\'':
			b = append(b, r)
		case unicode.IsSpace(r) && len(b) > 0 && b[len(b)-1] != ' ':
			b = append(b, ' ')
		}
	}
	return strings.TrimSpace(string(b[:min(len(b), nameRunes)]))
}
