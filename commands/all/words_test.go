package all_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/race"
)

// mistakes are inputs a new player gets wrong, for every command.
var mistakes = []string{
	`/trialrule die:6 weights:"1 two"`,
	`/trialrule die:6 weights:"0 0"`,
	`/trialrule die:6 weights:"-1 2"`,
	`/trialrule die:6 weights:"1"`,
	`/trialrule die:6 weights:"1 2 3 4 5 6 7 8 9 10 11 12 13 14 15 16 17 18 19 20 21"`,
	`/trialrule die:6 weights:"30% 60%"`,
	`/trialrule die:6 weights:"1 2" labels:"a, b, c"`,
	`/trialrule die:6 weights:"0.1234567890123 0.8765432109877"`,
	`/trialrule die:6 weights:"1000000007 999999937" mode:paper`,
	`/trialrule die:1 weights:"1 2"`,
	`/trialrule die:6 weights:"` + strings.Repeat("x", 200) + `"`,
	`/yacht-advise dice:"1 2 3 4"`,
	`/yacht-advise dice:"7 1 1 1 1"`,
	`/yacht-advise dice:"a b c d e"`,
	`/yacht-advise sheet:"Aces 3, Twos 6"`,
	`/yacht-advise sheet:"aces:7"`,
	`/yacht-advise sheet:"bogus:3"`,
	`/yacht-advise sheet:"aces:1 aces:2"`,
	`/yacht-advise sheet:"aces:"`,
	`/yacht-advise sheet:":3"`,
	`/yacht-advise sheet:"yahtzee_bonus:100"`,
	`/yacht-advise sheet:"` + strings.Repeat("aces", 60) + `"`,
	`/yacht-advise rules:bogus`,
	`/yacht-advise roll:4 dice:11111`,
	`/yacht-advise top:30`,
	`/yacht start players:"Ann, Ann"`,
	`/yacht start players:"A*n, Bob"`,
	`/yacht-stats sheet:"aces:7"`,
	`/yacht-stats games:10`,
	`/orbs grid:"1 0 0 1"`,
	`/orbs grid:"10/0a"`,
	`/orbs grid:"101/01"`,
	`/orbs grid:"//"`,
	`/orbs grid:"   "`,
	`/orbs random:0x5`,
	`/orbs random:abc`,
	`/orbs grid:"10/01" random:5x5`,
	`/orbs random:5x5 limit:3`,
	`/orbs grid:"1 0 0 1/0 1 1 0/1 0 0 1"`,
	`/orbs grid:"110/011/001"`,
	`/coins bw black:0 white:0`,
	`/coins bw black:-1 white:2`,
	`/coins bw black:abc white:2`,
	`/coins pile coins:20 take:"0"`,
	`/coins pile coins:20 take:"1 x"`,
	`/coins pile coins:20 take:"` + strings.Repeat("1 ", 100) + `"`,
	`/coins marbles count:0`,
	`/coins marbles count:1`,
	`/coins match black:5 white:4 first:bogus second:random games:10`,
	`/coins match black:5 white:4 first:mcts:999999 second:random games:10`,
	`/help command:nosuch`,
	`/help command:yacht`,
	`/help command:yacht-advise`,
	`/help command:yacht-stats`,
	`/help command:coins`,
	`/yaht-advise dice:33566`,
	`/coins bw`,
	`/trialrule die:6`,
	`/yacht-advise nosuch:1`,
}

// internalRef finds names of things inside the project: the source
// documents by number, the specification, runner flags, numbered
// algorithms and theorems.
var internalRef = regexp.MustCompile(`(?i)seed 0\d\d|시드 0\d\d|シード 0\d\d|\bSPEC\b|§|--format|algorithm \d|theorem \d|알고리즘 \d|정리 \d|アルゴリズム \d|定理 \d`)

// unidiomatic finds words a Korean or Japanese player would not write
// there: 당신 and the board-game verbs 두다/대국/指す in a coin game, 명령
// where Discord's Korean says 명령어, "seats" for players, the Yacht
// boxes transliterated from English, three verbs for holding dice in
// Japanese (残す is the one), and true/false left in English. 目指す (to
// aim for) is not the board-game 指す. A decision is 선택 in Korean (선택
// 1회당 손실, 잃은 기대 점수), and the Japanese grades read in order at
// once (エキスパート, 上手, まずまず, 練習中).
var unidiomatic = map[commands.Locale]*regexp.Regexp{
	commands.Korean:   regexp.MustCompile(`당신|대국|둘 차례|수를 두|둡니다|두었|명령[^어]|명령$|최대 \d+자리|듀스|(^|[^스])트레이($|[^트])|포 오브 어 카인드|스리 오브 어 카인드|[SB]\. 스트레이트|\btrue\b|\bfalse\b|결정당|잃은 기댓값`),
	commands.Japanese: regexp.MustCompile(`(^|[^目])指[すせし]|対局|キープ|保留|\btrue\b|\bfalse\b|誰が遊ぶ？|上級者|中級者|初級者`),
}

// englishRun finds runs of two or more Latin words.
var englishRun = regexp.MustCompile(`[A-Za-z][A-Za-z'’]+(?:[ ,&]+[A-Za-z][A-Za-z'’]+)+`)

// allowedLatin are names that stay as they are in every language: people,
// games, programs and the values a player types.
var allowedLatin = map[string]bool{}

func init() {
	for _, w := range strings.Fields(`Knuth Yao Verhoeff Glenn Larsson Sjöberg Pancht Discord Alea MCTS mcts
		Calculator Printer Re Yacht Yahtzee Yatzy perfect random optimal paper both loses wins me bot
		min max mod jackpot win miss Ann Bob bogus`) {
		allowedLatin[w] = true
	}
}

// codeSpan is inline code or a code block: quoted input, option names and
// values, listings.
var codeSpan = regexp.MustCompile("(?s)```.*?```|`[^`]*`")

// replyText is every word of a reply a player reads.
func replyText(r *commands.Reply) string {
	var parts []string
	add := func(s ...string) { parts = append(parts, s...) }
	add(r.Content)
	for _, e := range r.Embeds {
		add(e.Title, e.Description, e.Footer)
		for _, f := range e.Fields {
			add(f.Name, f.Value)
		}
	}
	for _, row := range r.Components {
		for _, c := range row {
			add(c.Label, c.Placeholder)
			for _, o := range c.Options {
				add(o.Label, o.Description)
			}
		}
	}
	if m := r.Modal; m != nil {
		add(m.Title)
		for _, in := range m.Inputs {
			add(in.Label, in.Placeholder)
		}
	}
	for _, c := range r.Choices {
		add(c.Name.En)
	}
	return strings.Join(parts, "\n")
}

// englishFragments returns the runs of English words in text outside code.
func englishFragments(text string) []string {
	var out []string
	text = strings.ReplaceAll(codeSpan.ReplaceAllString(text, " "), "To the Moon", "")
	for _, run := range englishRun.FindAllString(text, -1) {
		n := 0
		for _, w := range strings.FieldsFunc(run, func(r rune) bool { return r == ' ' || r == ',' || r == '&' }) {
			if !allowedLatin[w] {
				n++
			}
		}
		if n >= 2 {
			out = append(out, run)
		}
	}
	return out
}

// TestWordsAreThePlayersLanguage walks every /help example and a list of
// mistaken inputs, and every button and menu of their answers, in Korean
// and Japanese: no English sentence fragment outside code (quoted input,
// option names, listings), and in no language a name of something inside
// the project.
func TestWordsAreThePlayersLanguage(t *testing.T) {
	if testing.Short() || race.Enabled {
		// Under -race every full Yacht table and distribution takes minutes;
		// the words are the same, and the plain run checks them.
		t.Skip("runs every command")
	}
	reg := all.Registry(all.Loopback())
	h := bottest.New(t, reg.Commands()...)
	lines := append(examples(reg), mistakes...)
	for _, loc := range commands.Locales {
		h.Locale = loc
		for _, line := range lines {
			r, out := h.Run(line)
			if out == bot.Internal {
				t.Errorf("%s %s: internal error:\n%s", loc, line, bot.FormatText(r))
				continue
			}
			text := replyText(r)
			if ref := internalRef.FindAllString(text, -1); ref != nil {
				t.Errorf("%s %s: names internal things %q:\n%s", loc, line, ref, text)
			}
			if loc == commands.English {
				continue
			}
			if frags := englishFragments(text); frags != nil {
				t.Errorf("%s %s: English %q:\n%s", loc, line, frags, text)
			}
			if bad := unidiomatic[loc].FindAllString(codeSpan.ReplaceAllString(text, " "), -1); bad != nil {
				t.Errorf("%s %s: %q is not what a player writes:\n%s", loc, line, bad, text)
			}
			// One step further: every button and menu of the answer.
			for _, row := range r.Components {
				for _, c := range row {
					if c.CustomID == "" || c.Disabled {
						continue
					}
					var values []string
					if len(c.Options) > 0 {
						values = []string{c.Options[0].Value}
					}
					cr, cout := h.Click(c.CustomID, values...)
					if cout == bot.Internal {
						t.Errorf("%s %s, then %s: internal error", loc, line, c.CustomID)
						continue
					}
					ctext := replyText(cr)
					if ref := internalRef.FindAllString(ctext, -1); ref != nil {
						t.Errorf("%s %s, then %s: names internal things %q:\n%s", loc, line, c.CustomID, ref, ctext)
					}
					if frags := englishFragments(ctext); loc != commands.English && frags != nil {
						t.Errorf("%s %s, then %s: English %q:\n%s", loc, line, c.CustomID, frags, ctext)
					}
					if re := unidiomatic[loc]; re != nil {
						if bad := re.FindAllString(codeSpan.ReplaceAllString(ctext, " "), -1); bad != nil {
							t.Errorf("%s %s, then %s: %q is not what a player writes:\n%s", loc, line, c.CustomID, bad, ctext)
						}
					}
				}
			}
		}
	}
}

// TestDefinitionsAreThePlayersLanguage checks what Discord shows of every
// command before it answers (names and descriptions of commands,
// subcommands, options and choices) in Korean and Japanese for the words
// a player would not write there (unidiomatic): the replies are walked
// above, the definitions here.
func TestDefinitionsAreThePlayersLanguage(t *testing.T) {
	for _, c := range all.Registry(all.Loopback()).Commands() {
		texts := []commands.Text{c.Name, c.Description}
		opts := c.Options
		for _, s := range c.Subcommands {
			texts = append(texts, s.Name, s.Description)
			opts = append(opts, s.Options...)
		}
		for _, o := range opts {
			texts = append(texts, o.Name, o.Description)
			for _, ch := range o.Choices {
				texts = append(texts, ch.Name)
			}
		}
		if len(texts) < 3 {
			t.Errorf("/%s: nothing to check", c.Name.En)
		}
		for _, loc := range []commands.Locale{commands.Korean, commands.Japanese} {
			for _, x := range texts {
				if bad := unidiomatic[loc].FindAllString(x.In(loc), -1); bad != nil {
					t.Errorf("/%s, %s: %q is not what a player writes: %q", c.Name.En, loc, bad, x.In(loc))
				}
			}
		}
	}
}

// TestExamplesFollowTheDefinitions checks that every word of every example
// names the command, its subcommand or one of their options, so that /help
// shows all of it in the names of the player's language.
func TestExamplesFollowTheDefinitions(t *testing.T) {
	reg := all.Registry(all.Loopback())
	for _, c := range reg.Commands() {
		exs := append([]string{}, c.Examples...)
		for _, s := range c.Subcommands {
			exs = append(exs, s.Example)
		}
		for _, ex := range exs {
			if unknown := commands.ExampleNames(c, ex); unknown != nil {
				t.Errorf("/%s: example %q has words that are not options: %q", c.Name.En, ex, unknown)
			}
			for _, l := range []commands.Locale{commands.Korean, commands.Japanese} {
				if got := commands.LocalizeExample(c, ex, l); strings.HasPrefix(got, "/"+c.Name.En+" ") && c.Name.In(l) != c.Name.En {
					t.Errorf("/%s %s: example not localised: %q", c.Name.En, l, got)
				}
			}
		}
	}
}
