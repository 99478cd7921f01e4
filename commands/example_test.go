package commands

import "testing"

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
