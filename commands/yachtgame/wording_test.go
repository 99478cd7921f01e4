package yachtgame

import (
	"testing"

	"github.com/alea-bot/alea/commands"
)

// TestWording pins, in the three languages, the table's lines a Korean
// and a Japanese speaker's read rewrote: the final board's loss and the
// button that posts the board again at the bottom.
func TestWording(t *testing.T) {
	for got, want := range map[string]map[commands.Locale]string{
		"lost": {
			commands.English:  "Expected points lost by decisions: **3.51**",
			commands.Korean:   "선택으로 잃은 기대 점수: **3.51**",
			commands.Japanese: "判断で失った期待値: **3.51**",
		},
		"none": {
			commands.English:  "Every decision was optimal. 🎯",
			commands.Korean:   "모든 선택이 최적이었습니다. 🎯",
			commands.Japanese: "すべての判断が最適でした。🎯",
		},
		"down": {
			commands.English:  "Bring down",
			commands.Korean:   "아래로 옮기기",
			commands.Japanese: "最新の位置に出し直す",
		},
	} {
		for l, w := range want {
			var s string
			switch got {
			case "lost":
				s = msgLostTotal.Format(l, 3.51)
			case "none":
				s = msgNoLoss.In(l)
			case "down":
				s = msgBringDown.In(l)
			}
			if s != w {
				t.Errorf("%s in %s: %q, want %q", got, l, s, w)
			}
		}
	}
}
