package yachtgame

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/commands/yachtwords"
)

// With the dice emojis registered, the board writes the rolled dice as
// emojis in their order, a held die as its held emoji, and the decision
// line too; the faces shown are the state's dice.
func TestBoardDiceEmojis(t *testing.T) {
	ids := map[string]string{}
	for face := 1; face <= 6; face++ {
		ids[yachtwords.EmojiName(face, false)] = fmt.Sprint(1000 + face)
		ids[yachtwords.EmojiName(face, true)] = fmt.Sprint(2000 + face)
	}
	var h *bottest.Harness
	d := Deps{Tables: tables(t), Key: testKey, Now: func() time.Time { return h.Now() }, Faces: yachtwords.NewDiceFaces(ids)}
	h = bottest.New(t, newCommand(d))
	g := craft(t, nil, endGame, "tester")
	tb, err := tables(t).Get(context.Background(), g.Rules)
	if err != nil {
		t.Fatal(err)
	}
	r := drawn(t, &d, h.Locale, tb, g)
	h.Post(r)
	r = click(t, h, mustFind(t, r, actRoll).CustomID)
	r = click(t, h, mustFind(t, r, actDie0+1).CustomID)
	dice := gdata(t, r).Dice
	var want strings.Builder
	for i, f := range dice {
		kind := "d"
		if i == 1 {
			kind = "h"
		}
		fmt.Fprintf(&want, "<:alea_%s%d:%s>", kind, f, ids[yachtwords.EmojiName(f, i == 1)])
	}
	desc := r.Embeds[0].Description
	if !strings.Contains(desc, want.String()) || regexp.MustCompile(`[⚀-⚅]`).MatchString(desc) {
		t.Errorf("board:\n%s\nwant dice %s", desc, want.String())
	}
}
