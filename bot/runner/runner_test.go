package runner

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/slash/slashtest"
	"github.com/alea-bot/alea/commands"
)

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

// The runner's player is named in the reply's language (a game's scoresheet
// shows the name).
func TestLocalUserName(t *testing.T) {
	for l, want := range map[commands.Locale]string{commands.English: "you", commands.Korean: "나", commands.Japanese: "あなた"} {
		req, err := SlashRequest(slashtest.Registry(), "/a", l)
		if err != nil || req.UserName != want {
			t.Errorf("%s: %v %q, want %q", l, err, req.UserName, want)
		}
	}
}

// TestRunSuggestsTheNearestCommand: alea run answers a mistyped command
// with the command meant, in the reader's language, and exits 1.
func TestRunSuggestsTheNearestCommand(t *testing.T) {
	reg := slashtest.Registry() // has /yacht-advise
	for loc, want := range map[string]string{
		"en": "Did you mean `/yacht-advise`?",
		"ko": "`/요트-조언`을 입력하려던 건가요?",
		"ja": "`/ヨット助言` のことですか？",
	} {
		var stdout, stderr bytes.Buffer
		if code := Main(fixed(reg), []string{"--locale", loc, `/yaht-advise dice:33566`}, &stdout, &stderr); code != exitRejected {
			t.Errorf("%s: exit %d, want %d (%s%s)", loc, code, exitRejected, stdout.String(), stderr.String())
		}
		if out := stdout.String() + stderr.String(); !strings.Contains(out, want) {
			t.Errorf("%s: %q lacks %q", loc, out, want)
		}
	}
}
