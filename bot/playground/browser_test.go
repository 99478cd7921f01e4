package playground_test

import (
	"context"
	"fmt"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/playground"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
)

// chromiumPath is Debian's Chromium (.ci/browser.sh installs it). Without
// it the browser test skips, except in CI (CI=true), where it fails.
func chromiumPath(t *testing.T) string {
	const path = "/usr/bin/chromium"
	if _, err := os.Stat(path); err != nil {
		msg := "the browser test needs Debian's chromium at " + path + " (install it with: bash .ci/browser.sh)"
		if os.Getenv("CI") == "true" {
			t.Fatal(msg)
		}
		t.Skip(msg)
	}
	return path
}

// artifacts is where screenshots go: $ALEA_ARTIFACTS, or
// artifacts/screenshots at the module's root (git-ignored).
func artifacts(t *testing.T) string {
	dir := os.Getenv("ALEA_ARTIFACTS")
	if dir == "" {
		dir = filepath.Join("..", "..", "artifacts", "screenshots")
	}
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	return dir
}

// browser is one headless Chromium tab on a playground.
type browser struct {
	t   *testing.T
	ctx context.Context
	url string
	out string
}

// openBrowser serves reg's playground on loopback and opens it in a new
// headless Chromium with an empty profile.
func openBrowser(t *testing.T, reg *commands.Registry, o bottest.Limits) *browser {
	exec := chromiumPath(t)
	d, err := bot.NewDispatcher(reg, o.Options())
	if err != nil {
		t.Fatal(err)
	}
	pg, err := playground.New(d, playground.Options{})
	if err != nil {
		t.Fatal(err)
	}
	srv := httptest.NewServer(pg) // 127.0.0.1
	t.Cleanup(srv.Close)
	alloc, cancel := chromedp.NewExecAllocator(context.Background(),
		chromedp.ExecPath(exec),
		chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU, chromedp.NoFirstRun, chromedp.NoDefaultBrowserCheck,
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("hide-scrollbars", true),
		chromedp.UserDataDir(t.TempDir()),
		chromedp.WindowSize(1000, 1000),
	)
	t.Cleanup(cancel)
	ctx, cancel := chromedp.NewContext(alloc, chromedp.WithErrorf(t.Logf))
	t.Cleanup(cancel)
	// A bound on the whole test, so that a hung browser fails it instead of
	// the test binary's timeout; not a speed assertion.
	ctx, cancel = context.WithTimeout(ctx, 3*time.Minute)
	t.Cleanup(cancel)
	b := &browser{t: t, ctx: ctx, url: srv.URL, out: artifacts(t)}
	b.run("open the page",
		chromedp.Navigate(srv.URL),
		chromedp.WaitVisible(chromedp.CSS(`body[data-ready="true"]`)),
	)
	return b
}

func (b *browser) run(what string, steps ...chromedp.Action[chromedp.Void]) {
	b.t.Helper()
	if err := chromedp.Do(b.ctx, steps...); err != nil {
		b.t.Fatalf("%s: %v", what, err)
	}
}

func (b *browser) text(what, js string) string {
	b.t.Helper()
	return value(b.t, b.ctx, what, chromedp.Evaluate[string](js))
}

func (b *browser) shot(name string) {
	b.t.Helper()
	png := value(b.t, b.ctx, "screenshot "+name, chromedp.CaptureScreenshot())
	p := filepath.Join(b.out, name)
	if err := os.WriteFile(p, png, 0o644); err != nil {
		b.t.Fatal(err)
	}
	b.t.Logf("screenshot: %s", p)
}

// count is the number of messages in the channel.
func (b *browser) count() int {
	return value(b.t, b.ctx, "count", chromedp.Evaluate[int](`document.querySelectorAll('#messages article').length`))
}

// lastText is the text of the newest message.
func (b *browser) lastText() string {
	return b.text("read", `(() => { const a = document.querySelectorAll('#messages article'); return a[a.length-1].innerText })()`)
}

// awaitNew waits for a message after the first n that is no longer
// "thinking", and returns the newest message's text.
func (b *browser) awaitNew(n int) string {
	b.t.Helper()
	b.run("await a message", poll(fmt.Sprintf(`(() => { const a = document.querySelectorAll('#messages article');
		return a.length > %d && !a[a.length-1].classList.contains('thinking') })()`, n)))
	return b.lastText()
}

// send types a line and waits for the bot's answer to it; it returns that
// message's text.
func (b *browser) send(line string) string {
	b.t.Helper()
	n := b.count()
	b.run("type "+line,
		chromedp.Click(chromedp.CSS("#input")),
		chromedp.SendKeys(chromedp.CSS("#input"), line),
		chromedp.SendKeys(chromedp.CSS("#input"), kb.Enter),
	)
	return b.awaitNew(n)
}

// suggestions is the text of the autocompletion list.
func (b *browser) suggestions() string {
	return value(b.t, b.ctx, "suggestions", chromedp.Text(chromedp.CSS("#suggest")))
}

// suggestionsWith waits until the suggestions show want, then returns
// them (the list is drawn after the keys are handled).
func (b *browser) suggestionsWith(want string) string {
	b.t.Helper()
	b.run("suggestions with "+want, poll(`(() => { const s = document.getElementById('suggest'); return !s.hidden && s.innerText.includes(`+strconv.Quote(want)+`) })()`))
	return b.suggestions()
}

func (b *browser) expect(what, text string, wants ...string) {
	b.t.Helper()
	text = strings.Join(strings.Fields(text), " ") // innerText breaks lines between inline boxes
	for _, w := range wants {
		if !strings.Contains(text, w) {
			b.t.Errorf("%s: no %q in\n%s", what, w, text)
		}
	}
}

// TestBrowserPlayground drives the real page over the real commands in
// headless Chromium: autocompletion, /help, a command with pictures and a
// text file, a game with buttons, the language switch, and a 400 px wide
// window. Screenshots are saved as artifacts.
func TestBrowserPlayground(t *testing.T) {
	b := openBrowser(t, all.Registry(all.Loopback()), bottest.Limits{})
	run, shot, send, expect, count := b.run, b.shot, b.send, b.expect, b.count
	ctx := b.ctx

	welcome := value(t, ctx, "welcome", chromedp.Text(chromedp.CSS("#messages")))
	expect("welcome", welcome, "Alea playground", "DISCORD_TOKEN")

	// Autocompletion from the real definitions.
	run("autocomplete commands",
		chromedp.SendKeys(chromedp.CSS("#input"), "/"),
		chromedp.WaitVisible(chromedp.CSS("#suggest")),
	)
	suggestions := b.suggestionsWith("/yacht-advise")
	expect("command suggestions", suggestions, "/help", "/trialrule", "/yacht-advise", "/coins", "What Alea can do")
	run("autocomplete subcommands", chromedp.SendKeys(chromedp.CSS("#input"), "coins pl"))
	suggestions = b.suggestionsWith("/coins play")
	expect("subcommand suggestions", suggestions, "/coins play", "against the bot")
	run("take the suggestion", chromedp.SendKeys(chromedp.CSS("#input"), kb.Tab))
	suggestions = b.suggestionsWith("opponent")
	expect("option suggestions", suggestions, "black", "white", "opponent", "first")
	shot("playground-autocomplete.png")
	run("clear", clearInput)

	text := send("/help")
	expect("/help", text, "used /help", "Alea — exact board-game mathematics", "/trialrule", "/coins", "/yacht-advise")

	text = send(`/trialrule die:3 weights:"5 2" extra_depth:6`)
	expect("/trialrule", text, "used /trialrule", "Trial rule: d3 for 5:2", "Probabilities", "Optimal rule", "trialrule.txt")
	// The picture is shown, and the text file's preview is loaded.
	run("pictures and text file", poll(`(() => {
		const a = document.querySelectorAll('#messages article'); const m = a[a.length-1];
		const imgs = [...m.querySelectorAll('img')];
		const pre = m.querySelector('.att-preview');
		return imgs.length >= 2 && imgs.every(i => i.complete && i.naturalWidth > 100) && pre && pre.textContent.includes('E_1');
	})()`))
	shot("playground-trialrule.png")

	if bottest.RaceEnabled {
		t.Log("/yacht-advise skipped under the race detector (its start-up tables take minutes there)")
	} else {
		text = send(`/yacht-advise dice:"3 3 5 6 6" roll:1`)
		expect("/yacht-advise", text, "used /yacht-advise", "Best: keep", "roll 1 of 3")
		// Unquoted, as alea run reads it (the page sends the line to
		// api/slash): the value with spaces is the five dice.
		text = send(`/yacht-advise dice:3 3 5 6 6 roll:1`)
		expect("/yacht-advise unquoted", text, "used /yacht-advise", "⚂⚂⚄⚅⚅ (33566)", "Best: keep ⚅⚅ (66)")
	}
	// A mistyped command: the nearest one is named; the line stays in the
	// box to be corrected.
	text = send(`/yaht-advise dice:33566`)
	expect("a mistyped command", text, "Unknown command /yaht-advise. Did you mean /yacht-advise?")
	run("clear", clearInput)

	text = send("/coins play black:3 white:2")
	expect("/coins play", text, "used /coins play", "Black & white coins vs the perfect bot", "Your move", "Take 1", "Hint")
	// Press "⚫ Take 1": the message is edited in place with the bot's reply.
	before := count()
	run("press a button",
		chromedp.Evaluate[chromedp.Void](`window.gameMsg = [...document.querySelectorAll('#messages article')].pop(); window.gameText = gameMsg.innerText; true`),
		chromedp.Click(chromedp.CSS(`#messages article:last-of-type .actions button`)),
		poll(`gameMsg.innerText !== gameText && !gameMsg.querySelector('.loading')`),
	)
	after := value(t, ctx, "after the move", chromedp.Evaluate[string](`gameMsg.innerText`))
	if count() != before {
		t.Errorf("the button posted a new message instead of editing the game")
	}
	expect("after the move", after, "Black & white coins")
	if !strings.Contains(after, "Bot") && !strings.Contains(after, "bot") {
		t.Errorf("after the move, no word of the bot's move:\n%s", after)
	}
	shot("playground-coins.png")

	// The language switch sets the interaction locale.
	run("switch to Korean",
		chromedp.Evaluate[chromedp.Void](`(() => { const s = document.getElementById('lang'); s.value = 'ko'; s.dispatchEvent(new Event('change')); return true })()`),
		chromedp.SendKeys(chromedp.CSS("#input"), "/"),
	)
	suggestions = b.suggestionsWith("/시행규칙")
	run("clear", clearInput)
	expect("Korean suggestions", suggestions, "/시행규칙")
	text = send("/help")
	expect("/help in Korean", text, "/도움말", "Alea")
	if text == "" || !containsHangul(text) {
		t.Errorf("/help in Korean has no Korean:\n%s", text)
	}
	shot("playground-ko.png")

	// 400 px wide: the message box is visible and nothing overflows.
	run("400 px", chromedp.EmulateViewport(400, 800), chromedp.Sleep(100*time.Millisecond)) // one layout
	fits := value(t, ctx, "400 px", chromedp.Evaluate[bool](`(() => {
			const r = document.getElementById('input').getBoundingClientRect();
			const b = document.getElementById('send').getBoundingClientRect();
			return r.width > 150 && r.left >= 0 && b.right <= 400 && r.bottom <= innerHeight && r.top > innerHeight / 2 &&
				document.documentElement.scrollWidth <= 400 && document.getElementById('messages').scrollWidth <= 400;
		})()`))
	if !fits {
		t.Error("at 400 px the message box is not fully visible, or the page overflows")
	}
	shot("playground-400px.png")
	run("400 px suggestions", chromedp.Click(chromedp.CSS("#input")), chromedp.SendKeys(chromedp.CSS("#input"), "/coins play "))
	if !value(t, ctx, "400 px suggestions", chromedp.Evaluate[bool](`(() => {
		const r = document.getElementById('suggest').getBoundingClientRect();
		return r.width > 300 && r.left >= 0 && r.right <= 400 && r.top >= 0 })()`)) {
		t.Error("at 400 px the suggestions do not fit")
	}
	shot("playground-400px-suggest.png")
}

// TestBrowserComponents drives what the real commands do not
// have yet, over the test commands: autocomplete suggestions, a select
// menu, a modal, and a deferred reply that replaces "thinking".
func TestBrowserComponents(t *testing.T) {
	hold := bottest.NewHold()
	o := bottest.Limits{DeferWhen: hold.DeferWhen}
	b := openBrowser(t, playgroundRegistry(hold), o)

	// Autocomplete (type 4 interactions) of /echo text:, then its button.
	b.run("autocomplete", chromedp.Click(chromedp.CSS("#input")), chromedp.SendKeys(chromedp.CSS("#input"), "/echo text:he"),
		poll(`document.getElementById('suggest').innerText.includes('hello')`))
	n := b.count()
	b.run("take the suggestion and send", chromedp.SendKeys(chromedp.CSS("#input"), kb.Tab), chromedp.SendKeys(chromedp.CSS("#input"), kb.Enter))
	b.expect("/echo", b.awaitNew(n), "used /echo", "hello×1", "again")
	b.run("press the button",
		chromedp.Click(chromedp.CSS(`#messages article:last-of-type .actions button`)),
		poll(`[...document.querySelectorAll('#messages article')].pop().innerText.includes('clicked again')`))
	if b.count() != n+1 {
		t.Errorf("the button posted a new message instead of editing it")
	}

	// A select menu of two values.
	b.expect("/pick", b.send("/pick"), "pick one", "Apple", "Pear")
	n = b.count()
	b.run("choose two",
		chromedp.Evaluate[chromedp.Void](`(() => { const s = [...document.querySelectorAll('#messages article')].pop().querySelector('select');
			for (const o of s.options) o.selected = true; return true })()`),
		chromedp.Click(chromedp.CSS(`#messages article:last-of-type .actions button`)))
	b.expect("the selection", b.awaitNew(n), "picked apple+pear")

	// A button that opens a modal, and its submission.
	b.expect("/ask", b.send("/ask"), "fill in the form", "Open the form")
	n = b.count()
	b.run("open the form",
		chromedp.Click(chromedp.CSS(`#messages article:last-of-type .actions button`)),
		chromedp.WaitVisible(chromedp.CSS(`#modal[open] input`)),
		chromedp.SendKeys(chromedp.CSS(`#modal input`), "ok"))
	b.shot("playground-modal.png")
	b.run("submit the form", chromedp.Click(chromedp.CSS(`#modal-submit`)))
	b.expect("the form's reply", b.awaitNew(n), "you said ok")

	// A deferred reply: "thinking…", then the reply in the same message.
	n = b.count()
	b.run("a slow command",
		chromedp.Click(chromedp.CSS("#input")), chromedp.SendKeys(chromedp.CSS("#input"), "/slow"), chromedp.SendKeys(chromedp.CSS("#input"), kb.Enter),
		poll(fmt.Sprintf(`document.querySelectorAll('#messages article').length > %d && [...document.querySelectorAll('#messages article')].pop().classList.contains('thinking')`, n)))
	b.expect("thinking", b.lastText(), "Alea is thinking")
	hold.Release()
	b.expect("the deferred reply", b.awaitNew(n), "used /slow", "done")
	if b.count() != n+1 {
		t.Errorf("the deferred reply did not replace the thinking message")
	}
	b.shot("playground-components.png")
}

// localLine is a slash line as a player of locale l types it: the
// command, subcommand and option names as the command list shows them.
func localLine(t *testing.T, reg *commands.Registry, l commands.Locale, path string, opts ...string) string {
	t.Helper()
	name, sub, _ := strings.Cut(path, " ")
	c, ok := reg.Lookup(name)
	if !ok {
		t.Fatalf("no command %s", name)
	}
	line := "/" + c.Name.In(l)
	defs := c.Options
	if sub != "" {
		s, ok := payload.LookupSubcommand(c, sub)
		if !ok {
			t.Fatalf("no subcommand %s", path)
		}
		line += " " + s.Name.In(l)
		defs = s.Options
	}
	for i := 0; i+1 < len(opts); i += 2 {
		o, ok := payload.LookupOption(defs, opts[i])
		if !ok {
			t.Fatalf("no option %s of %s", opts[i], path)
		}
		line += " " + o.Name.In(l) + ":" + opts[i+1]
	}
	return line
}

// TestBrowserScreenshots shows the playground in English, Korean and
// Japanese at an ordinary window width (1280 px), typed as a player of
// each language types (the names the command list shows), and saves a
// screenshot of each step for someone who reads the language: the
// welcome, /help, a /yacht-advise reply, a /coins play board and the
// /yacht-stats comparison table. It checks what a reader would notice:
// the welcome follows the language, no code block hides part of its
// text, and the coin glyphs are drawn at a readable size.
func TestBrowserScreenshots(t *testing.T) {
	reg := all.Registry(all.Loopback())
	b := openBrowser(t, reg, bottest.Limits{})
	b.run("1280 px", chromedp.EmulateViewport(1280, 900))
	welcomes := map[commands.Locale]string{
		commands.English: "Welcome to the Alea playground", commands.Korean: "Alea 체험 공간에 오신 것을 환영합니다", commands.Japanese: "Alea プレイグラウンドへようこそ",
	}
	helpNames := map[commands.Locale]string{}
	if c, ok := reg.Lookup("help"); ok {
		for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
			helpNames[l] = "/" + c.Name.In(l)
		}
	}
	for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		b.run("switch to "+string(l), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const s = document.getElementById('lang'); s.value = %q; s.dispatchEvent(new Event('change')); return true })()`, l)))
		welcome := b.text("welcome", `document.querySelector('#messages article').innerText`)
		b.expect("welcome in "+string(l), welcome, welcomes[l], helpNames[l])
		b.run("clear the channel", chromedp.Evaluate[chromedp.Void](`(() => {
			for (const a of [...document.querySelectorAll('#messages article')].slice(1)) a.remove(); return true })()`))
		b.shot("welcome-" + string(l) + ".png")

		text := b.send(localLine(t, reg, l, "help"))
		// The player is named in the page's language ("You used", "플레이어님이", "あなたが").
		b.expect("the player's name in "+string(l), text, map[commands.Locale]string{
			commands.English: "You used", commands.Korean: "플레이어님이", commands.Japanese: "あなたが"}[l])
		if l != commands.English && !containsHangul(text) && !containsKana(text) {
			t.Errorf("/help in %s has neither Hangul nor kana:\n%s", l, text)
		}
		b.run("top of /help", chromedp.Evaluate[chromedp.Void](`(() => { const a = [...document.querySelectorAll('#messages article')].pop(); a.scrollIntoView(); return true })()`))
		b.shot("help-" + string(l) + ".png")

		if !bottest.RaceEnabled {
			text = b.send(localLine(t, reg, l, "yacht-advise", "dice", `"3 3 5 6 6"`))
			b.expect("/yacht-advise in "+string(l), text, "33566", "191.79")
			b.shot("yacht-advise-" + string(l) + ".png")
		}

		text = b.send(localLine(t, reg, l, "coins play", "black", "3", "white", "2"))
		b.expect("/coins play in "+string(l), text, "⚫", "⚪")
		// The coins are drawn at least 16 px wide, in the text and on the buttons.
		small := b.text("coin glyph sizes", `(() => {
			const m = [...document.querySelectorAll('#messages article')].pop();
			const out = [];
			for (const e of m.querySelectorAll('.emoji, .sym')) {
				if (!/[⚫⚪]/.test(e.textContent)) continue;
				const w = e.getBoundingClientRect().width;
				if (w < 16) out.push(e.textContent + ' ' + w.toFixed(1) + 'px');
			}
			return m.querySelectorAll('.emoji, .sym').length === 0 ? 'no glyph marked' : out.join(', ');
		})()`)
		if small != "" {
			t.Errorf("/coins play in %s: coin glyphs too small: %s", l, small)
		}
		b.shot("coins-" + string(l) + ".png")
	}

	// A wide monospace table in an embed field (the widest code block a
	// command has printed): at 1280 and at 1000 px nothing of it is hidden.
	b.run("a comparison table", chromedp.Evaluate[chromedp.Void](`(() => {
		const table = 'rules                  exact    simulated        bonus  yacht\n' +
			'yacht                   191.76   191.36 ± 0.60  0.690  0.282\n' +
			'yacht+fullhouse_yacht   191.77   191.71 ± 0.59  0.691  0.273\n' +
			'pancht                  218.82   218.44 ± 0.61  0.710  0.320\n' +
			'yahtzee                 254.59   254.53 ± 0.96  0.680  0.325\n' +
			'yahtzee+free_joker      254.59   254.73 ± 0.93  0.679  0.335';
		renderData(addMessage({ bot: true }), { embeds: [{ title: 'Final score under optimal play', color: 5793266,
			description: 'Exact expected final score (table): **191.761**',
			fields: [{ name: 'Rule presets from the start (4000 games each)', value: '`+"```"+`\n' + table + '\n`+"```"+`' }] }] });
		return true })()`))
	for _, width := range []int64{1280, 1000} {
		b.run(fmt.Sprint(width, " px"), chromedp.EmulateViewport(width, 900), chromedp.Sleep(100*time.Millisecond)) // one layout
		hidden := b.text("hidden code", `(() => {
			const m = [...document.querySelectorAll('#messages article')].pop();
			return [...m.querySelectorAll('pre')].filter((p) => p.scrollWidth > p.clientWidth + 1)
				.map((p) => p.scrollWidth + ' > ' + p.clientWidth).join(', ');
		})()`)
		if hidden != "" {
			t.Errorf("at %d px the comparison table is cut: %s", width, hidden)
		}
		b.shot(fmt.Sprintf("wide-code-block-%dpx.png", width))
	}
}

func containsKana(s string) bool {
	for _, r := range s {
		if r >= 0x3040 && r <= 0x30FF {
			return true
		}
	}
	return false
}

func containsHangul(s string) bool {
	for _, r := range s {
		if r >= 0xAC00 && r <= 0xD7A3 {
			return true
		}
	}
	return false
}

// clearInput empties the message box as a user would.
var clearInput = chromedp.Evaluate[chromedp.Void](`(() => { const i = document.getElementById('input'); i.value = ''; i.dispatchEvent(new Event('input')); return true })()`)

// value runs one action of the browser test that returns a value.
func value[T any](t *testing.T, ctx context.Context, what string, a chromedp.Action[T]) T {
	t.Helper()
	v, err := chromedp.Run(ctx, a)
	if err != nil {
		t.Fatalf("%s: %v", what, err)
	}
	return v
}

// poll waits until a JavaScript expression is true (a bound against a
// hung page, not a speed assertion: the commands may run under -race).
func poll(expr string) chromedp.Action[chromedp.Void] {
	return chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingInterval(50*time.Millisecond), chromedp.WithPollingTimeout(2*time.Minute))
}

// TestBrowserPlayAs plays as Ann, then Bob, in the real page: the
// command comes from the chosen user (named in "used /seat"), mentions
// show as names, and the follow-up of Bob's press is a reply whose header
// quotes the pressed message.
func TestBrowserPlayAs(t *testing.T) {
	b := openBrowser(t, seatRegistry(), bottest.Limits{})
	local := bot.LocalUsers()
	b.run("play as Ann", poll(`document.querySelectorAll('#as option').length === 4`),
		chromedp.SetValue(chromedp.CSS("#as"), local[0].ID),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('as').dispatchEvent(new Event('change')), true`))
	b.expect("/seat as Ann", b.send(`/seat players:"@Bob, @chloe, alea"`), "Ann used /seat", "@Bob, @Chloe, alea by @Ann")
	if got := b.text("mentions", `[...document.querySelectorAll('#messages article:last-of-type .mention')].map(m => m.dataset.user).join(' ')`); got != local[1].ID+" "+local[2].ID+" "+local[0].ID {
		t.Errorf("mentions of %q", got)
	}
	b.run("play as Bob", chromedp.SetValue(chromedp.CSS("#as"), local[1].ID),
		chromedp.Evaluate[chromedp.Void](`document.getElementById('as').dispatchEvent(new Event('change')), true`))
	n := b.count()
	b.run("Bob presses", chromedp.Click(chromedp.CSS(`#messages article:last-of-type .actions button`)))
	b.expect("the follow-up", b.awaitNew(n), "moved on", "@Bob, your turn")
	if got := b.text("reply header", `[...document.querySelectorAll('#messages article')].pop().querySelector('.ref.reply').innerText`); !strings.Contains(got, "Alea") || !strings.Contains(got, "moved on") {
		t.Errorf("reply header %q", got)
	}
	b.shot("playground-play-as.png")
}

// TestBrowserTableScreenshots plays one full round of a Yacht table of
// Ann and Bob (each rolls once and scores, Ann acting as Ann and Bob as
// Bob through the "play as" switch) in English, Korean and Japanese, and
// saves the channel at 1280 × 900 and at 400 × 800 (a phone). The turn
// ping comes below the board, one alive at a time; once the channel is scrolled to its newest
// message, as a player sees it, every row of the board's buttons and the
// sheet of the player to play must still be in view, and at 1280 px the
// board's heading too (a board of two keeps both full sheets, so on a phone
// its heading is above the fold).
func TestBrowserTableScreenshots(t *testing.T) {
	if bottest.RaceEnabled {
		t.Skip("a new Yacht table needs the full strategy table, built in minutes under the race detector; the plain run takes these screenshots")
	}
	reg := all.Registry(all.Loopback())
	b := openBrowser(t, reg, bottest.Limits{})
	local := bot.LocalUsers()
	playAs := func(i int) {
		b.run("play as "+local[i].Name, chromedp.SetValue(chromedp.CSS("#as"), local[i].ID),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('as').dispatchEvent(new Event('change')), true`))
	}
	// press acts on the board (window.board) and waits for its edit.
	press := func(what, js string) {
		b.t.Helper()
		b.run(what,
			chromedp.Evaluate[chromedp.Void](`window.boardText = board.innerText; true`),
			chromedp.Evaluate[chromedp.Void](js),
			poll(`board.innerText !== boardText && !board.querySelector('.loading')`))
	}
	const roll = `(() => { [...board.querySelectorAll('.actions button')].find((x) => /^yacht\/2\/r\//.test(x.dataset.customId || '')).click(); return true })()`
	const score = `(() => { const s = [...board.querySelectorAll('.actions select')].find((x) => /^yacht\/2\/s\//.test(x.dataset.customId || ''));
		s.value = s.options[1].value; s.dispatchEvent(new Event('change')); return true })()`
	for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		b.run("switch to "+string(l), chromedp.EmulateViewport(1280, 900), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const s = document.getElementById('lang'); s.value = %q; s.dispatchEvent(new Event('change'));
			for (const a of [...document.querySelectorAll('#messages article')].slice(1)) a.remove(); return true })()`, l)))
		playAs(0)
		b.send(localLine(t, reg, l, "yacht start", "players", `"@Ann, @Bob"`, "seed", "7"))
		b.run("the board", chromedp.Evaluate[chromedp.Void](`window.board = [...document.querySelectorAll('#messages article')].pop(); true`))
		for i := range 2 {
			playAs(i)
			newest := b.text("the newest message", `(() => { const a = document.querySelectorAll('#messages article'); return a[a.length-1].dataset.id || '' })()`)
			press(local[i].Name+" rolls", roll)
			press(local[i].Name+" scores", score)
			// The turn passes to the other player: a ping below the board,
			// in place of the ping before it.
			b.run("await the ping", poll(fmt.Sprintf(`(() => { const a = document.querySelectorAll('#messages article'); const z = a[a.length-1];
				return z !== board && z.dataset.id !== %q && !z.classList.contains('thinking') })()`, newest)))
		}
		pings := value(t, b.ctx, "pings", chromedp.Evaluate[int](`document.querySelectorAll('#messages article').length - 2`))
		if pings != 1 {
			t.Errorf("%s: %d pings after a round, want one alive at a time", l, pings)
		}
		for _, size := range [][2]int64{{1280, 900}, {400, 800}} {
			b.run(fmt.Sprintf("%d px", size[0]), chromedp.EmulateViewport(size[0], size[1]), chromedp.Sleep(100*time.Millisecond), // one layout
				chromedp.Evaluate[chromedp.Void](`(() => { const m = document.getElementById('messages'); m.scrollTop = m.scrollHeight; return true })()`))
			hidden := b.text("board in view", `(() => {
				const inView = (e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight && r.left >= 0 && r.right <= innerWidth; };
				const out = [];
				// At 1280 px the whole board; on a phone the sheet of the
				// player to play (its field's name is marked ▶) and below.
				// The heading is the description's first line (a title would
				// link to the URL that carries the game).
				const head = board.querySelector('.embed-desc');
				if (innerWidth >= 1000 && (!head || !inView(head))) out.push('heading');
				const playing = [...board.querySelectorAll('.field-name')].find((f) => f.innerText.startsWith('▶'));
				if (!playing || !inView(playing)) out.push('the sheet of the player to play');
				const rows = [...board.querySelectorAll('.actions')];
				if (rows.length < 2) out.push(rows.length + ' rows of buttons');
				rows.forEach((r, i) => { if (!inView(r)) out.push('button row ' + (i + 1)); });
				if (document.documentElement.scrollWidth > innerWidth) out.push('the page overflows');
				if (board.innerText.includes('<t:') || !board.querySelector('.timestamp')) out.push('the time Play for them works, as a time of day');
				return out.join(', ');
			})()`)
			if hidden != "" {
				t.Errorf("%s at %d × %d px after one round: out of view: %s", l, size[0], size[1], hidden)
			}
			b.shot(fmt.Sprintf("table-round-%s-%dpx.png", l, size[0]))
		}
		// The last ping's link leads back to the board, as in Discord.
		jumped := value(t, b.ctx, "the ping's link", chromedp.Evaluate[bool](`(() => {
			const a = [...document.querySelectorAll('#messages article a')].filter((x) => /^https:\/\/discord\.com\/channels\//.test(x.href)).pop();
			if (!a) return false;
			a.click();
			return board.classList.contains('flash');
		})()`))
		if !jumped {
			t.Errorf("%s: the ping's link does not lead back to the board", l)
		}
	}
}

// A table of six fits a phone: at 400 × 800 px the whole board of six
// seats, from its heading to its last row of buttons, is in view at once,
// in English, Korean and Japanese; after a roll, the description (the
// heading, the dice and the advice), both fields and every row of buttons.
func TestBrowserSixSeatsFitAPhone(t *testing.T) {
	if bottest.RaceEnabled {
		t.Skip("a new Yacht table needs the full strategy table, built in minutes under the race detector")
	}
	reg := all.Registry(all.Loopback())
	b := openBrowser(t, reg, bottest.Limits{})
	for _, l := range []commands.Locale{commands.English, commands.Korean, commands.Japanese} {
		b.run("switch to "+string(l), chromedp.EmulateViewport(400, 800), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const s = document.getElementById('lang'); s.value = %q; s.dispatchEvent(new Event('change'));
			for (const a of [...document.querySelectorAll('#messages article')].slice(1)) a.remove(); return true })()`, l)))
		b.send(localLine(t, reg, l, "yacht start", "players", `"Ann, Bob, Chloe, Dora, Eve, Finn"`, "seed", "7"))
		b.run("the board", chromedp.Sleep(100*time.Millisecond), // one layout
			chromedp.Evaluate[chromedp.Void](`window.board = [...document.querySelectorAll('#messages article')].pop(); board.scrollIntoView(); true`))
		height := value(t, b.ctx, "the board's height", chromedp.Evaluate[float64](`board.getBoundingClientRect().height`))
		view := value(t, b.ctx, "the messages' height", chromedp.Evaluate[float64](`document.getElementById('messages').getBoundingClientRect().height`))
		t.Logf("%s: a board of six is %.0f px tall; the messages pane %.0f px", l, height, view)
		if height > view {
			t.Errorf("%s: a board of six is %.0f px tall at 400 px, more than the %.0f px shown", l, height, view)
		}
		b.shot(fmt.Sprintf("table-six-%s-400px.png", l))
		// After a roll the dice and the score menu are there too.
		b.run("roll", chromedp.Evaluate[chromedp.Void](`window.boardText = board.innerText; true`),
			chromedp.Evaluate[chromedp.Void](`(() => { [...board.querySelectorAll('.actions button')].find((x) => /^yacht\/2\/r\//.test(x.dataset.customId || '')).click(); return true })()`),
			poll(`board.innerText !== boardText && !board.querySelector('.loading')`), chromedp.Sleep(100*time.Millisecond))
		rolled := value(t, b.ctx, "the board's height", chromedp.Evaluate[float64](`board.getBoundingClientRect().height`))
		t.Logf("%s: after a roll, %.0f px", l, rolled)
		b.run("to the bottom", chromedp.Evaluate[chromedp.Void](`(() => { const m = document.getElementById('messages'); m.scrollTop = m.scrollHeight; return true })()`))
		hidden := b.text("board in view", `(() => {
			const m = document.getElementById('messages').getBoundingClientRect();
			const inView = (e) => { const r = e.getBoundingClientRect(); return r.height > 0 && r.top >= m.top && r.bottom <= m.bottom; };
			const out = [];
			const desc = board.querySelector('.embed-desc');
			if (!desc || !inView(desc)) out.push('the dice and the advice');
			board.querySelectorAll('.field-name').forEach((f, i) => { if (!inView(f)) out.push('field ' + (i + 1)); });
			board.querySelectorAll('.actions').forEach((r, i) => { if (!inView(r)) out.push('button row ' + (i + 1)); });
			return out.join(', ');
		})()`)
		if hidden != "" {
			t.Errorf("%s: after a roll at 400 px, out of view: %s", l, hidden)
		}
		b.shot(fmt.Sprintf("table-six-rolled-%s-400px.png", l))
	}
}

// TestBrowserPlayAsAndLanguages: an ephemeral reply shows to the user it
// answered only (switching play as hides it, switching back shows it); a
// reply's quote shortens a message on a character's edge (an emoji with
// its joiners stays whole); a Korean answer keeps its words whole at a
// line's end (word-break: keep-all) and a Japanese one follows the strict
// line-breaking rules, set by each message's language; and /stats, asked
// as the page asks it, comes from the pretend server (memory is off in
// this playground, so it says so, to its asker only).
func TestBrowserPlayAsAndLanguages(t *testing.T) {
	reg := all.Registry(all.Loopback())
	b := openBrowser(t, reg, bottest.Limits{})
	local := bot.LocalUsers()
	playAs := func(id string) {
		b.run("play as "+id, chromedp.SetValue(chromedp.CSS("#as"), id),
			chromedp.Evaluate[chromedp.Void](`document.getElementById('as').dispatchEvent(new Event('change')), true`))
	}
	visible := func(what string) bool {
		return value(t, b.ctx, what, chromedp.Evaluate[bool](`!window.eph.hidden && window.eph.isConnected && window.eph.getClientRects().length > 0`))
	}
	got := b.send("/stats standings")
	b.expect("/stats standings", got, "memory is off", "Only you can see this")
	b.run("the reply", chromedp.Evaluate[chromedp.Void](`window.eph = [...document.querySelectorAll('#messages article')].pop(); true`))
	if !visible("shown to its asker") {
		t.Error("the ephemeral reply is hidden from its asker")
	}
	playAs(local[1].ID)
	if visible("hidden from Bob") {
		t.Error("Bob sees the ephemeral reply to You")
	}
	playAs("")
	if !visible("shown again") {
		t.Error("the ephemeral reply does not come back when You play again")
	}

	// A quote of 78 letters, a family emoji (five code points, eight
	// UTF-16 units) and more: cut after the emoji, never inside it.
	const family = "👨\u200d👩\u200d👧"
	quoted := b.text("cut", `cut('`+strings.Repeat("a", 78)+family+`xyz', 80)`)
	if want := strings.Repeat("a", 78) + family + "…"; quoted != want {
		t.Errorf("cut: %q, want %q", quoted, want)
	}
	if s := b.text("short", `cut('`+family+`', 80)`); s != family {
		t.Errorf("cut of a short text: %q", s)
	}

	for _, c := range []struct {
		l           commands.Locale
		prop, value string
	}{{commands.Korean, "wordBreak", "keep-all"}, {commands.Japanese, "lineBreak", "strict"}, {commands.English, "wordBreak", "normal"}} {
		b.run("switch to "+string(c.l), chromedp.Evaluate[chromedp.Void](fmt.Sprintf(`(() => {
			const s = document.getElementById('lang'); s.value = %q; s.dispatchEvent(new Event('change')); return true })()`, c.l)))
		b.send(localLine(t, reg, c.l, "help"))
		style := b.text("style", fmt.Sprintf(`(() => { const a = [...document.querySelectorAll('#messages article')].pop();
			return a.lang + ' ' + getComputedStyle(a.querySelector('.body')).%s })()`, c.prop))
		if want := string(c.l) + " " + c.value; style != want {
			t.Errorf("%s answer: lang and %s %q, want %q", c.l, c.prop, style, want)
		}
	}
}
