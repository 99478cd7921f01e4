package commands

import (
	"strings"
	"testing"
)

func TestLocalizeExample(t *testing.T) {
	c := &Command{
		Name: T("coins", "동전", "コイン"),
		Subcommands: []Subcommand{{
			Name:    T("pile", "더미", "山"),
			Options: []Option{{Name: T("coins", "동전", "コイン")}, {Name: T("take", "가져가기", "取る数")}},
		}},
	}
	ex := `/coins pile coins:20 take:"1 2 3"`
	cases := map[Locale]string{
		English:  ex,
		Korean:   `/동전 더미 동전:20 가져가기:"1 2 3"`,
		Japanese: `/コイン 山 コイン:20 取る数:"1 2 3"`,
	}
	for l, want := range cases {
		if got := LocalizeExample(c, ex, l); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
	if u := ExampleNames(c, ex); u != nil {
		t.Errorf("ExampleNames: %q", u)
	}
	if u := ExampleNames(c, `/coins pile nosuch:1 take:2`); len(u) != 1 || u[0] != "nosuch:1" {
		t.Errorf("ExampleNames with an unknown option: %q", u)
	}
}

func TestQuoteShortens(t *testing.T) {
	long := ""
	for i := 0; i < 200; i++ {
		long += "x"
	}
	q := Quote(long + "`\n")
	if n := len([]rune(q)); n != MaxQuoted+2 {
		t.Errorf("Quote of 200 characters is %d characters: %q", n, q)
	}
	if got := Quote("a`b\nc"); got != "`aˋb c`" {
		t.Errorf("Quote = %q", got)
	}
}

// A choice's value in an example is written as the reader's menu names it
// (up to a parenthesis or a colon, quoted when it has a space), or by its
// whole name when another choice has the same short name; the result
// reads back as the same value.
func TestLocalizeExampleChoices(t *testing.T) {
	c := &Command{Name: T("x", "엑스", "エックス"), Description: T("d", "d", "d"),
		Options: []Option{{Name: T("by", "기준", "基準"), Description: T("d", "d", "d"), Type: String,
			Choices: []Choice{
				{Name: T("Wins", "승수", "勝ち数"), Value: "wins"},
				{Name: T("Skill: points lost per decision", "실력: 선택 1회당 잃은 점수", "実力: 判断あたりの損失"), Value: "skill"},
				{Name: T("This month", "이번 달", "今月"), Value: "month"},
				{Name: T("Wins (all time)", "승수 (전체)", "勝ち数（全期間）"), Value: "wins-all"},
			}}}}
	for ex, want := range map[string]map[Locale]string{
		"/x by:skill":    {English: "/x by:skill", Korean: "/엑스 기준:실력", Japanese: "/エックス 基準:実力"},
		"/x by:month":    {Korean: `/엑스 기준:"이번 달"`, Japanese: "/エックス 基準:今月"},
		"/x by:wins-all": {Korean: `/엑스 기준:"승수 (전체)"`, Japanese: "/エックス 基準:勝ち数（全期間）"}, // 승수 names the first choice: the whole name
	} {
		for l, w := range want {
			got := LocalizeExample(c, ex, l)
			if got != w {
				t.Errorf("%s in %s: %q, want %q", ex, l, got, w)
			}
			_, opt, _ := strings.Cut(got, " ")
			_, value, _ := strings.Cut(opt, ":")
			opts, err := Coerce(c.Options, map[string]any{"by": strings.Trim(value, `"`)})
			if _, wantValue, _ := strings.Cut(ex, ":"); err != nil || opts.String("by", "") != wantValue {
				t.Errorf("%s in %s reads back as %v %v", ex, l, opts, err)
			}
		}
	}
}

// Lists are written as each language writes them: 、 in Japanese.
func TestLocaleList(t *testing.T) {
	items := []string{"`a`", "`b`", "`c`"}
	for l, want := range map[Locale]string{English: "`a`, `b`, `c`", Korean: "`a`, `b`, `c`", Japanese: "`a`、`b`、`c`"} {
		if got := l.List(items); got != want {
			t.Errorf("%s: %q, want %q", l, got, want)
		}
	}
}
