package playground_test

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"reflect"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/playground"
	"github.com/alea-bot/alea/bot/slash"
	"github.com/alea-bot/alea/commands"
)

// slashRegistry has a string option and an integer option, with Korean
// names, and echoes what it was given.
func slashRegistry() *commands.Registry {
	return commands.NewRegistry(&commands.Command{
		Name: commands.T("yacht-advise", "요트-조언", "ヨット助言"), Description: commands.T("d", "d", "d"),
		Options: []commands.Option{
			{Name: commands.T("dice", "주사위", "サイコロ"), Description: commands.T("d", "d", "d"), Type: commands.String},
			{Name: commands.T("roll", "굴림", "何投目"), Description: commands.T("r", "r", "r"), Type: commands.Integer},
		},
		Handle: func(_ context.Context, req *commands.Request) (*commands.Reply, error) {
			return &commands.Reply{Content: "dice=" + req.Options.String("dice", "") + " roll=" + req.Options.String("roll", "")}, nil
		},
	})
}

// postLine posts a typed line to the playground's POST /api/slash.
func postLine(t *testing.T, f *pgFixture, line, locale string) (data map[string]any, command, errText string) {
	t.Helper()
	body, _ := json.Marshal(map[string]string{"line": line, "locale": locale})
	resp, err := bottest.Client().Post(f.srv.URL+"/api/slash", "application/json", bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	var r struct {
		Data    map[string]any `json:"data"`
		Command string         `json:"command"`
		Error   string         `json:"error"`
	}
	if err := json.Unmarshal(b, &r); err != nil || resp.StatusCode != 200 {
		t.Fatalf("%s: %d %s", line, resp.StatusCode, b)
	}
	return r.Data, r.Command, r.Error
}

// TestSlashLineReadsAsTheRunner: the playground reads a typed line as
// `alea run` does — an unquoted value with spaces included — and the
// interaction it builds from it answers with those values.
func TestSlashLineReadsAsTheRunner(t *testing.T) {
	reg := slashRegistry()
	f := newPlayground(t, reg, bottest.Served(), playground.Options{})
	for _, line := range []string{
		`/yacht-advise dice:3 3 5 6 6 roll:2`,
		`/요트-조언 굴림:2 주사위:3 3 5 6 6`,
		`/yacht-advise dice:"3 3 5 6 6"`,
		`/yacht-advise dice:33566`,
	} {
		want, err := slash.Request(reg, line, commands.Korean)
		if err != nil {
			t.Fatal(err)
		}
		data, command, errText := postLine(t, f, line, "ko")
		if errText != "" || command != "/요트-조언" || data["name"] != "yacht-advise" {
			t.Fatalf("%s: %v %q %q", line, data, command, errText)
		}
		got := commands.Options{}
		for _, o := range data["options"].([]any) {
			m := o.(map[string]any)
			got[m["name"].(string)] = m["value"]
		}
		if !reflect.DeepEqual(got, want.Options) {
			t.Errorf("%s: the playground read %v, alea run (package slash) %v", line, got, want.Options)
		}
		body, _ := f.interaction(2, "ko", data)
		if code, b := f.post(body); code != 200 || !strings.Contains(string(b), "dice=3") {
			t.Errorf("%s: %d %s", line, code, b)
		}
	}
	// A refusal of the reader and an unknown command, in the page's language.
	for line, want := range map[string]string{
		`/yacht-advise dice:"3 3`: "따옴표가 닫히지 않았습니다",
		`/yaht-advise dice:33566`: "`/요트-조언`을 입력하려던 건가요?",
	} {
		if data, _, errText := postLine(t, f, line, "ko"); data != nil || !strings.Contains(errText, want) {
			t.Errorf("%s: %v %q, want %q", line, data, errText, want)
		}
	}
}
