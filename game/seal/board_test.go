package seal

import (
	"errors"
	"fmt"
	"strings"
	"testing"
)

var kit = Kit{Route: Route{Game: "game", Version: 2}, Key: NewKey("the kit's secret")}

// A board in the custom_id: the action and the state come back as they
// went in; a custom_id changed by hand, sealed under another key or for
// another game or version, is forged.
func TestBoardInTheCustomID(t *testing.T) {
	id := kit.ID("move", "5.4.p.0.1.h1.2")
	if !strings.HasPrefix(id, "game/2/move/5.4.p.0.1.h1.2~") {
		t.Fatalf("custom_id %q", id)
	}
	// The form is the route's sealed string: what Route.Seal seals.
	if id != kit.Route.Seal(kit.Key, "move/5.4.p.0.1.h1.2") {
		t.Error("ID is not the route's seal of action/state")
	}
	p, err := kit.OpenID(id)
	if err != nil || p != (Press{Action: "move", State: "5.4.p.0.1.h1.2"}) {
		t.Fatalf("OpenID = %+v, %v", p, err)
	}
	other := Kit{Route: kit.Route, Key: NewKey("another bot's secret")}
	for name, forged := range map[string]string{
		"state changed":   strings.Replace(id, "5.4", "5.3", 1),
		"action changed":  strings.Replace(id, "/move/", "/rec/", 1),
		"tag changed":     flipLast(id),
		"another key":     other.ID("move", "5.4.p.0.1.h1.2"),
		"another version": Kit{Route: Route{Game: "game", Version: 3}, Key: kit.Key}.ID("move", "5.4.p.0.1.h1.2"),
		"another game":    Kit{Route: Route{Game: "emag", Version: 2}, Key: kit.Key}.ID("move", "5.4.p.0.1.h1.2"),
		"no action":       kit.Route.Seal(kit.Key, "5.4.p.0.1.h1.2"),
		"empty action":    kit.Route.Seal(kit.Key, "/5.4"),
		"not sealed":      "game/2/move/5.4.p.0.1.h1.2",
	} {
		if _, err := kit.OpenID(forged); !errors.Is(err, ErrForged) {
			t.Errorf("%s: %q opened (%v)", name, forged, err)
		}
	}
}

// A board in the message: a press opens the states it carries and its
// action; a custom_id made for another board of the same game (an older
// one, replayed; the same state with another previous one; the same
// board written beside other words) is stale, as is one with its tag or
// action changed; a state not sealed under the key is forged.
func TestBoardInTheMessage(t *testing.T) {
	b := kit.Seal("state two", "state one")
	if b.Prev == "" || !strings.HasPrefix(b.String(), "state two~") || !strings.Contains(b.String(), ".state one~") {
		t.Fatalf("board %q", b.String())
	}
	back, ok := ParseBoard(b.String())
	if !ok || back != b {
		t.Fatalf("the board reads back as %+v", back)
	}
	if _, ok := ParseBoard(""); ok {
		t.Error("an empty board")
	}
	carried := "en:" + b.String()
	id := kit.ActionID("r", carried)
	if !strings.HasPrefix(id, "game/2/r/") || len(id) != len("game/2/r/")+12 {
		t.Fatalf("custom_id %q", id)
	}
	p, err := kit.OpenOn(id, carried, b)
	if err != nil || p != (Press{Action: "r", State: "state two", Prev: "state one"}) {
		t.Fatalf("OpenOn = %+v, %v", p, err)
	}
	alone := kit.Seal("state two", "")
	if alone.Prev != "" || alone.String() != alone.State+"@"+kit.Key.Fingerprint() {
		t.Errorf("a board without a previous state: %q", alone.String())
	}
	if p, err := kit.OpenOn(kit.ActionID("u", alone.String()), alone.String(), alone); err != nil || p.Prev != "" {
		t.Errorf("a board without a previous state opens as %+v, %v", p, err)
	}

	older := kit.Seal("state one", "")
	for name, c := range map[string]struct{ id, carried string }{
		"replayed from an older board": {kit.ActionID("r", "en:"+older.String()), carried},
		"another previous state":       {kit.ActionID("r", "en:"+kit.Seal("state two", "state zero").String()), carried},
		"the board beside other words": {kit.ActionID("r", "ko:"+b.String()), carried},
		"another action under the tag": {strings.Replace(id, "/r/", "/s/", 1), carried},
		"the tag changed":              {flipLast(id), carried},
		"another key":                  {Kit{Route: kit.Route, Key: NewKey("x")}.ActionID("r", carried), carried},
		"another game":                 {Kit{Route: Route{Game: "emag", Version: 2}, Key: kit.Key}.ActionID("r", carried), carried},
		"no action":                    {"game/2//" + strings.TrimPrefix(id, "game/2/r/"), carried},
		"no tag":                       {"game/2/r", carried},
	} {
		if _, err := kit.OpenOn(c.id, c.carried, b); !errors.Is(err, ErrStale) {
			t.Errorf("%s: %v", name, err)
		}
	}

	// The states themselves must be sealed under the key: a board whose
	// custom_ids the key made but whose states it did not is forged.
	other := Kit{Route: kit.Route, Key: NewKey("another bot's secret")}
	for name, fb := range map[string]Board{
		"state sealed by another bot, no fingerprint": {State: other.Seal("state two", "").State},
		"our fingerprint on another bot's state":      {State: other.Seal("state two", "").State, Key: kit.Key.Fingerprint()},
		"previous sealed by another bot":              {State: b.State, Prev: other.Seal("state one", "").State},
		"state not sealed":                            {State: "state two"},
		"state changed":                               {State: strings.Replace(b.State, "two", "owt", 1)},
	} {
		c := "en:" + fb.String()
		if _, err := kit.OpenOn(kit.ActionID("r", c), c, fb); !errors.Is(err, ErrForged) {
			t.Errorf("%s: %v", name, err)
		}
	}
}

// A board sealed under another key (the state secret changed since the
// game began, or differs between replicas) is told apart by its key's
// fingerprint, whatever its custom_id; fingerprints of different keys
// differ, and a key's is stable.
func TestBoardUnderAnotherKey(t *testing.T) {
	other := Kit{Route: kit.Route, Key: NewKey("the secret before it was changed")}
	b := other.Seal("state two", "state one")
	c := "en:" + b.String()
	for name, id := range map[string]string{
		"its own custom_id": other.ActionID("r", c),
		"ours":              kit.ActionID("r", c),
		"made by hand":      "game/2/r/xxxxxxxxxxxx",
	} {
		if _, err := kit.OpenOn(id, c, b); !errors.Is(err, ErrOtherKey) {
			t.Errorf("%s: %v", name, err)
		}
	}
	if _, err := other.OpenOn(other.ActionID("r", c), c, b); err != nil {
		t.Errorf("its own key: %v", err)
	}
	seen := map[string]string{}
	for i := range 200 {
		s := fmt.Sprint("secret ", i)
		fp := NewKey(s).Fingerprint()
		if len(fp) != 3 || fp != NewKey(s).Fingerprint() || strings.ContainsAny(fp, "@.~") {
			t.Fatalf("fingerprint %q", fp)
		}
		if was, ok := seen[fp]; ok {
			t.Logf("%q and %q share %s (one in 2^18)", was, s, fp)
		}
		seen[fp] = s
	}
	if len(seen) < 199 {
		t.Errorf("%d fingerprints for 200 keys", len(seen))
	}
}

func FuzzOpenOn(f *testing.F) {
	b := kit.Seal("a", "b")
	f.Add(kit.ActionID("r", b.String()), b.String())
	f.Add("game/2/r/x", "a~b")
	f.Fuzz(func(t *testing.T, id, carried string) {
		b, _ := ParseBoard(carried)
		p, err := kit.OpenOn(id, carried, b)
		if s := kit.Seal(p.State, p.Prev); err == nil && (kit.ActionID(p.Action, carried) != id || s.State != b.State || s.Prev != b.Prev || b.Key != "" && b.Key != s.Key) {
			t.Fatalf("opened %q on %q as %+v", id, carried, p)
		}
	})
}
