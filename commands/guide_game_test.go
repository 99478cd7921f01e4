package commands_test

// This file is the second worked example of commands/README.md: an
// interactive game built with the sealed-board kit of package game/seal
// (seal.Kit), whose result is recorded with package game/record. go test
// compiles and runs it, so the guide cannot drift from the kit. The game is /pick: Alea hides a
// die face, the player presses the faces until they find it, and the
// number of tries is kept in the store.
//
// Its live state (who plays, the game's identity, the tries so far) is
// in the buttons' custom_ids, sealed under the bot's state key, never in
// server memory: any replica answers any press, and a custom_id made by
// hand is refused. The game's rules (hidden) know no words; the handler
// narrates in the reader's language.

import (
	"context"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/seal"
	"github.com/alea-bot/alea/store"
)

var (
	txtPickStart    = commands.T("I hid a die face. Which is it?", "주사위 눈 하나를 숨겼습니다. 어느 눈일까요?", "サイコロの目をひとつ隠しました。どの目でしょう？")
	txtPickMiss     = commands.T("Not %d. Try again (tries: %d).", "%d이(가) 아닙니다. 다시 골라 보세요 (시도 %d번).", "%d ではありません。もう一度どうぞ（%d回目）。")
	txtPickFound    = commands.T("Found: %d, in %d tries.", "찾았습니다: %d, %d번 만에.", "正解: %d、%d回で見つけました。")
	txtPickRecorded = commands.T("Result recorded.", "결과를 기록했습니다.", "結果を記録しました。")
	txtPickBadState = commands.T("This button is not one of Alea's.", "Alea의 버튼이 아닙니다.", "Alea のボタンではありません。")
	txtPickNotYours = commands.T("This game is %s's.", "%s의 게임입니다.", "%s のゲームです。")
	txtSomeone      = commands.T("someone else", "다른 사람", "ほかの人")
	txtPickOlder    = commands.T("This game is from an older version of Alea.", "이전 버전 Alea의 게임입니다.", "以前のバージョンの Alea のゲームです。")
)

// pickRoute names the game's custom_ids: "pick/1/<action>/<state>~<tag>"
// (seal.Kit.ID). A new state form bumps Version; the custom_ids of older
// versions get txtPickOlder.
var pickRoute = seal.Route{Game: "pick", Version: 1}

// pickKit seals the game's boards under key: each button carries the
// state it acts on.
func pickKit(key seal.Key) seal.Kit { return seal.Kit{Route: pickRoute, Key: key} }

// hidden is the game's rule: the face hidden for game id, under the key
// (the identity is on every button, the key is not, so nobody can read
// the face off a custom_id).
func hidden(key seal.Key, id seal.GameID) int { return 1 + int(key.Sum("pick face", id.String())[0]%6) }

// pickState is the live state: who plays, the game, the tries so far.
type pickState struct {
	Owner seal.Owner
	ID    seal.GameID
	Tries int
}

func (s pickState) String() string {
	return s.Owner.String() + "." + s.ID.String() + "." + strconv.Itoa(s.Tries)
}

// parsePickState reads what String writes (the tag already checked).
func parsePickState(s string) (pickState, bool) {
	parts := strings.Split(s, ".")
	if len(parts) != 3 {
		return pickState{}, false
	}
	owner, ok1 := seal.ParseOwner(parts[0])
	id, ok2 := seal.ParseGameID(parts[1])
	tries, err := strconv.Atoi(parts[2])
	return pickState{owner, id, tries}, ok1 && ok2 && err == nil && tries >= 0 && tries < 6
}

// pickCommand returns /pick: its state sealed with key, its result
// recorded with mem.
func pickCommand(key seal.Key, mem record.Bounded) *commands.Command {
	return &commands.Command{
		Name:        commands.T("pick", "고르기", "当てる"),
		Description: commands.T("Find the die face Alea hid", "Alea가 숨긴 주사위 눈 찾기", "Alea が隠したサイコロの目を当てる"),
		Examples:    []string{"/pick"},
		Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			s := pickState{Owner: seal.OwnerOf(req.UserID), ID: seal.NewGameID()}
			return pickBoard(req.Locale, key, s, txtPickStart.In(req.Locale)), nil
		},
		Routes: append([]commands.Route{{Pattern: pickRoute.Prefix() + "{face}/{state}", Handle: func(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
			return pickPress(ctx, key, mem, req)
		}}}, commands.OlderVersions(pickRoute.Older(), txtPickOlder)...),
	}
}

// pickBoard is the game's message: text and a button for each face (two
// rows of three: Discord allows five to a row), each carrying its face (the
// action) and the sealed state.
func pickBoard(l commands.Locale, key seal.Key, s pickState, text string) *commands.Reply {
	rows := make([]commands.ActionRow, 2)
	for face := 1; face <= 6; face++ {
		rows[(face-1)/3] = append(rows[(face-1)/3], commands.Component{Kind: commands.Button, Style: commands.Secondary,
			Label: strconv.Itoa(face), CustomID: pickKit(key).ID(strconv.Itoa(face), s.String())})
	}
	return &commands.Reply{Content: text, Components: rows}
}

// faces are the buttons of a /pick message, face 1 first.
func faces(r *commands.Reply) []commands.Component {
	var out []commands.Component
	for _, row := range r.Components {
		out = append(out, row...)
	}
	return out
}

// pickPress answers a face's button: open the press (refused when
// forged), check who presses (one "not yours" check for every game), apply
// the rule, and at the end record the result once and say how it went.
func pickPress(ctx context.Context, key seal.Key, mem record.Bounded, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	p, err := pickKit(key).OpenID(req.CustomID)
	if err != nil {
		return nil, commands.Rejectf(txtPickBadState)
	}
	s, ok := parsePickState(p.State)
	face, err := strconv.Atoi(p.Action)
	if !ok || err != nil || face < 1 || face > 6 || strconv.Itoa(face) != p.Action {
		return nil, commands.Rejectf(txtPickBadState)
	}
	if who, no := s.Owner.Stranger(req.UserID, txtSomeone.In(l)); no {
		return nil, commands.Rejectf(txtPickNotYours, who)
	}
	s.Tries++
	if face != hidden(key, s.ID) {
		r := pickBoard(l, key, s, txtPickMiss.Format(l, face, s.Tries))
		r.Update = true
		return r, nil
	}
	// The game is over: its result goes to the store, within a bounded
	// wait, never holding the game up (record.Bounded).
	now := mem.Time()
	text := txtPickFound.Format(l, face, s.Tries)
	g := store.Game{ID: s.ID.String(), Kind: "pick", Guild: req.GuildID, Channel: req.ChannelID, Started: now, Ended: now,
		Seats: []store.Seat{{User: req.UserID, Score: s.Tries, Decisions: s.Tries, Winner: s.Tries == 1}}}
	if mem.Record(ctx, g) == record.Recorded {
		text += "\n" + txtPickRecorded.In(l)
	}
	return &commands.Reply{Content: text, Update: true}, nil
}

// TestGuideGame plays /pick to the end through the harness, with its
// result recorded in a real SQLite file: the state travels in the
// buttons, a stranger's press and a forged custom_id are refused, and the
// finished game is in the store once, with the tries it took.
func TestGuideGame(t *testing.T) {
	ctx := context.Background()
	st, err := store.Open(ctx, "sqlite:"+filepath.Join(t.TempDir(), "alea.db"))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	key := seal.NewKey("the guide's state key")
	h := bottest.New(t, pickCommand(key, record.Bounded{Recorder: st, Now: func() time.Time { return time.Unix(1_800_000_000, 0) }}))
	const guild, ann, bob = "800000000000000001", "100000000000000001", "200000000000000002"
	press := func(user, customID string) (*commands.Reply, bot.Outcome) {
		return h.Do(&commands.Request{Kind: commands.KindComponent, CustomID: customID, UserID: user, GuildID: guild})
	}

	r, out := h.Do(&commands.Request{Kind: commands.KindCommand, Command: "pick", Options: commands.Options{}, UserID: ann, GuildID: guild})
	if out != bot.OK || len(faces(r)) != 6 {
		t.Fatalf("/pick: %s %+v", out, r)
	}
	buttons := faces(r)
	if r, out := press(bob, buttons[0].CustomID); out != bot.Rejected || !strings.Contains(r.Content, "This game is <@"+ann+">'s.") {
		t.Errorf("a stranger's press: %s %q", out, r.Content)
	}
	forged := strings.Replace(buttons[0].CustomID, "pick/1/1/", "pick/1/2/", 1) // another face under the first one's tag
	if r, out := press(ann, forged); forged == buttons[0].CustomID || out != bot.Rejected || !strings.Contains(r.Content, "not one of Alea's") {
		t.Errorf("a forged custom_id %q: %s %q", forged, out, r.Content)
	}

	// Press the faces in order, each on the message the last press left.
	for face := 1; face <= 6; face++ {
		next, out := press(ann, faces(r)[face-1].CustomID)
		if out != bot.OK {
			t.Fatalf("face %d: %s %q", face, out, next.Content)
		}
		if strings.HasPrefix(next.Content, "Found: ") {
			if want := "Found: " + strconv.Itoa(face) + ", in " + strconv.Itoa(face) + " tries.\nResult recorded."; next.Content != want {
				t.Errorf("%q, want %q", next.Content, want)
			}
			break
		}
		r = next
	}
	// The store holds the game once, with its tries.
	p, _ := pickKit(key).OpenID(buttons[0].CustomID)
	gameID := strings.Split(p.State, ".")[1]
	g, found, err := st.Game(ctx, gameID)
	if err != nil || !found || len(g.Seats) != 1 || g.Seats[0].User != ann || g.Seats[0].Score != hidden(key, mustGameID(t, gameID)) {
		t.Fatalf("stored: %+v %v %v", g, found, err)
	}
}

func mustGameID(t *testing.T, s string) seal.GameID {
	t.Helper()
	id, ok := seal.ParseGameID(s)
	if !ok {
		t.Fatalf("game id %q", s)
	}
	return id
}
