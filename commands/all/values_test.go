package all_test

import (
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot/runner"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
)

// coerced reads a typed line as the runner and the playground do, and
// checks its values against the definitions as the router does.
func coerced(t *testing.T, reg *commands.Registry, line string, l commands.Locale) (string, commands.Options, error) {
	t.Helper()
	req, err := runner.SlashRequest(reg, line, l)
	if err != nil {
		return "", nil, err
	}
	defs, ok := reg.OptionsFor(req.Command)
	if !ok {
		return "", nil, fmt.Errorf("no command %q", req.Command)
	}
	opts, err := commands.Coerce(defs, req.Options)
	return req.Command, opts, err
}

// A value is typed as the reader reads it: the choices' names and yes or
// no in Korean and Japanese stand for the values Discord's menu sends
// (the lines a Korean and a Japanese tester had refused).
func TestValuesTypedInThePlayersLanguage(t *testing.T) {
	reg := all.Registry(all.Loopback())
	for line, want := range map[string]map[string]any{
		`/시행규칙 주사위:2 비율:"1 2 3" 모드:최적`:          {"mode": "optimal"},
		`/試行規則 サイコロ:2 比率:"1 2 3" モード:最適`:        {"mode": "optimal"},
		`/시행규칙 주사위:2 비율:"1 2 3" 모드:논문`:          {"mode": "paper"},
		`/요트-통계 게임수:1000 비교:거짓`:                 {"compare": false},
		`/요트-통계 게임수:1000 비교:아니요`:                {"compare": false},
		`/요트-통계 게임수:1000 비교:예`:                  {"compare": true},
		`/요트-통계 게임수:1000 비교:참`:                  {"compare": true},
		`/ヨット統計 ゲーム数:1000 比較:いいえ`:               {"compare": false},
		`/ヨット統計 ゲーム数:1000 比較:はい`:                {"compare": true},
		`/yacht-stats games:1000 compare:false`: {"compare": false},
		`/전적 순위 기준:평균`:                          {"by": "average"},
		`/戦績 順位 基準:平均`:                          {"by": "average"},
		`/전적 순위 기준:실력 기간:이번 달`:                  {"by": "skill", "period": "month"},
		`/戦績 順位 基準:勝利数 期間:今月`:                   {"by": "wins", "period": "month"},
	} {
		for _, l := range commands.Locales {
			_, got, err := coerced(t, reg, line, l)
			if err != nil {
				t.Errorf("%s (%s): refused: %v", line, l, err)
				continue
			}
			for k, v := range want {
				if got[k] != v {
					t.Errorf("%s (%s): %s = %v, want %v", line, l, k, got[k], v)
				}
			}
		}
	}
	// A word naming no choice, or two, is still refused, in the reader's
	// words.
	for line, want := range map[string]map[commands.Locale]string{
		`/요트-통계 비교:글쎄`: {
			commands.English:  "`compare` must be `true` or `false`.",
			commands.Korean:   "`비교`에는 `예`나 `아니요`를 써 주세요 (`참`/`거짓`, `true`/`false`도 됩니다).",
			commands.Japanese: "`比較` には `はい` か `いいえ` を指定してください（`true`/`false` も使えます）。",
		},
		`/전적 순위 기간:이번`: {commands.Korean: "`기간`은 다음 중 하나여야 합니다: `이번 주` (week), `이번 달` (month), `전체 기간` (all)."},
	} {
		for l, w := range want {
			_, _, err := coerced(t, reg, line, l)
			ue, ok := err.(*commands.UserError)
			if !ok || ue.Localize(l) != w {
				t.Errorf("%s (%s): %v, want %q", line, l, ue.Localize(l), w)
			}
		}
	}
}

// /help shows every example with its values in the reader's words
// (choices by their names, yes or no as 예/아니요 and はい/いいえ), and
// each reads back as the English example's values.
func TestExamplesShowValuesInThePlayersLanguage(t *testing.T) {
	reg := all.Registry(all.Loopback())
	for _, c := range reg.Commands() {
		exs := append([]string{}, c.Examples...)
		for _, s := range c.Subcommands {
			exs = append(exs, s.Example)
		}
		for _, ex := range exs {
			path, en, err := coerced(t, reg, ex, commands.English)
			if err != nil {
				t.Fatalf("%s: %v", ex, err)
			}
			defs, _ := reg.OptionsFor(path)
			for _, l := range []commands.Locale{commands.Korean, commands.Japanese} {
				local := commands.LocalizeExample(c, ex, l)
				_, got, err := coerced(t, reg, local, l)
				if err != nil || !reflect.DeepEqual(got, en) {
					t.Errorf("%s shown as %s: reads back as %v %v, want %v", ex, local, got, err, en)
				}
				for _, d := range defs {
					v, ok := en[d.Name.En]
					if !ok || (len(d.Choices) == 0 && d.Type != commands.Boolean) {
						continue
					}
					if word := fmt.Sprint(v); strings.Contains(local, ":"+word) && !sameWord(d, v, l) {
						t.Errorf("%s shown as %s: the value %s is in English", ex, local, word)
					}
				}
			}
		}
	}
}

// sameWord reports whether the reader in l writes choice value v as the
// value itself (a rule set's key that is its name everywhere).
func sameWord(d commands.Option, v any, l commands.Locale) bool {
	for _, c := range d.Choices {
		if c.Value == v {
			return strings.HasPrefix(strings.ToLower(c.Name.In(l)), fmt.Sprint(v))
		}
	}
	return false
}
