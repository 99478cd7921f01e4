package runner

import (
	"bytes"
	"context"
	"encoding/json"
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// testRegistry has a command with subcommands and one with a string and
// an integer option, each with Korean and Japanese names.
func testRegistry() *commands.Registry {
	sub := &commands.Command{
		Name:        commands.T("coins", "동전", "コイン"),
		Description: commands.T("coin games", "동전 게임", "コインゲーム"),
		Subcommands: []commands.Subcommand{
			{Name: commands.T("bw", "흑백", "白黒"), Description: commands.T("bw", "bw", "bw"),
				Options: []commands.Option{{Name: commands.T("position", "배치", "配置"), Description: commands.T("p", "p", "p"), Type: commands.String}}},
			{Name: commands.T("pile", "더미", "山"), Description: commands.T("pile", "pile", "pile")}},
		Handle: ok("x"),
	}
	adv := &commands.Command{
		Name: commands.T("yacht-advise", "요트-조언", "ヨット助言"), Description: commands.T("a", "a", "a"), Handle: ok("x"),
		Options: []commands.Option{
			{Name: commands.T("dice", "주사위", "サイコロ"), Description: commands.T("d", "d", "d"), Type: commands.String},
			{Name: commands.T("roll", "굴림", "投目"), Description: commands.T("r", "r", "r"), Type: commands.Integer},
		},
	}
	return commands.NewRegistry(sub, adv, &commands.Command{Name: commands.T("a", "", ""), Description: commands.T("a", "", ""), Handle: ok("x")})
}

func TestFormatJSON(t *testing.T) {
	req := &commands.Request{Kind: commands.KindCommand, Locale: commands.English}
	b, err := FormatJSON(req, &commands.Reply{Content: "hi", Ephemeral: true})
	if err != nil {
		t.Fatal(err)
	}
	var v struct {
		Type int `json:"type"`
		Data struct {
			Content string `json:"content"`
			Flags   int    `json:"flags"`
		} `json:"data"`
	}
	if err := json.Unmarshal(b, &v); err != nil || v.Type != 4 || v.Data.Content != "hi" || v.Data.Flags != 64 {
		t.Fatalf("FormatJSON: %s %v", b, err)
	}
}

func ok(content string) commands.HandlerFunc {
	return func(context.Context, *commands.Request) (*commands.Reply, error) {
		return &commands.Reply{Content: content}, nil
	}
}

// The runner's player is named in the reply's language (a game's scoresheet
// shows the name).
func TestLocalUserName(t *testing.T) {
	for l, want := range map[commands.Locale]string{commands.English: "you", commands.Korean: "나", commands.Japanese: "あなた"} {
		req, err := SlashRequest(testRegistry(), "/a", l)
		if err != nil || req.UserName != want {
			t.Errorf("%s: %v %q, want %q", l, err, req.UserName, want)
		}
	}
}

// TestRunSuggestsTheNearestCommand: alea run answers a mistyped command
// with the command meant, in the reader's language, and exits 1.
func TestRunSuggestsTheNearestCommand(t *testing.T) {
	reg := testRegistry() // has /yacht-advise
	for loc, want := range map[string]string{
		"en": "Did you mean `/yacht-advise`?",
		"ko": "`/요트-조언`을 입력하려던 건가요?",
		"ja": "`/ヨット助言` のことですか？",
	} {
		var stdout, stderr bytes.Buffer
		if code := Main(reg, []string{"--locale", loc, `/yaht-advise dice:33566`}, &stdout, &stderr); code != exitRejected {
			t.Errorf("%s: exit %d, want %d (%s%s)", loc, code, exitRejected, stdout.String(), stderr.String())
		}
		if out := stdout.String() + stderr.String(); !strings.Contains(out, want) {
			t.Errorf("%s: %q lacks %q", loc, out, want)
		}
	}
}
