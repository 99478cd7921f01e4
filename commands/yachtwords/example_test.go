package yachtwords_test

import (
	"fmt"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/engine/yacht"
)

// The engine knows the key full_house; its names are the words'.
func ExampleCategoryName() {
	r, _ := yacht.Preset(yacht.Yacht)
	i := r.CategoryIndex("full_house")
	for _, l := range commands.Locales {
		fmt.Println(l, yachtwords.CategoryName(l, r, i))
	}
	// Output:
	// en Full House
	// ko 풀 하우스
	// ja フルハウス
}

// A sheet may name its boxes in any of the three languages, or by their
// keys; it prints back by keys.
func ExampleParseSheet() {
	r, _ := yacht.Preset(yacht.Yacht)
	s, err := yachtwords.ParseSheet(r, "에이스:3 デュース:6 choice:22 Yacht:0")
	fmt.Println(s, err)
	fmt.Println(yachtwords.Keep(commands.English, yachtwords.DiceFaces{}, []int{6, 6}))
	// Output:
	// aces:3 twos:6 choice:22 yacht:0 <nil>
	// keep ⚅⚅ (66), reroll 3 dice
}
