// Package yachtwords is how Yacht reads to a player, in English, Korean
// and Japanese: the names of the rule sets and of their categories, the
// other names a sheet may give a category (the sheet parser's aliases),
// the dice faces (glyphs with their digits, or Alea's emojis, and the
// emojis' pictures), the phrases of a move and of a sheet, and the
// wording of the engine's refusals of dice and sheets. The engine knows
// keys only; every Yacht command reads its words here.
package yachtwords

import (
	"strings"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/engine/yacht"
)

// categoryNames are the names of each base rule set's categories, by key,
// as its score sheet prints them (a preset with an option, such as
// yacht+fullhouse_yacht, has its base's).
var categoryNames = map[string]map[string]commands.Text{
	yacht.Yacht: {
		"aces":           commands.T("Aces", "1", "エース"),
		"twos":           commands.T("Deuces", "2", "デュース"),
		"threes":         commands.T("Threes", "3", "トレイ"),
		"fours":          commands.T("Fours", "4", "フォー"),
		"fives":          commands.T("Fives", "5", "ファイブ"),
		"sixes":          commands.T("Sixes", "6", "シックス"),
		"choice":         commands.T("Choice", "초이스", "チョイス"),
		"four_of_a_kind": commands.T("4 of a Kind", "포카드", "フォーダイス"),
		"full_house":     commands.T("Full House", "풀 하우스", "フルハウス"),
		"small_straight": commands.T("S. Straight", "스몰 스트레이트", "S.ストレート"),
		"large_straight": commands.T("B. Straight", "라지 스트레이트", "B.ストレート"),
		"yacht":          commands.T("Yacht", "요트", "ヨット"),
	},
	yacht.Pancht: {
		"aces":            commands.T("Aces", "1", "エース"),
		"twos":            commands.T("Deuces", "2", "デュース"),
		"threes":          commands.T("Threes", "3", "トレイ"),
		"fours":           commands.T("Fours", "4", "フォー"),
		"fives":           commands.T("Fives", "5", "ファイブ"),
		"sixes":           commands.T("Sixes", "6", "シックス"),
		"choice":          commands.T("Choice", "초이스", "チョイス"),
		"three_of_a_kind": commands.T("3 of a Kind", "트리플", "スリーカード"),
		"four_of_a_kind":  commands.T("4 of a Kind", "포카드", "フォーカード"),
		"full_house":      commands.T("Full House", "풀 하우스", "フルハウス"),
		"small_straight":  commands.T("Small Straight", "스몰 스트레이트", "S.ストレート"),
		"large_straight":  commands.T("Large Straight", "라지 스트레이트", "B.ストレート"),
		"yacht":           commands.T("Yacht", "요트", "ヨット"),
	},
	yacht.Yahtzee: {
		"aces":            commands.T("Aces", "1", "エース"),
		"twos":            commands.T("Twos", "2", "ツー"),
		"threes":          commands.T("Threes", "3", "スリー"),
		"fours":           commands.T("Fours", "4", "フォー"),
		"fives":           commands.T("Fives", "5", "ファイブ"),
		"sixes":           commands.T("Sixes", "6", "シックス"),
		"three_of_a_kind": commands.T("3 of a Kind", "트리플", "スリーカード"),
		"four_of_a_kind":  commands.T("4 of a Kind", "포카드", "フォーカード"),
		"full_house":      commands.T("Full House", "풀 하우스", "フルハウス"),
		"small_straight":  commands.T("Sm. Straight", "스몰 스트레이트", "S.ストレート"),
		"large_straight":  commands.T("Lg. Straight", "라지 스트레이트", "L.ストレート"),
		"yahtzee":         commands.T("Yahtzee", "야찌", "ヤッツィー"),
		"chance":          commands.T("Chance", "찬스", "チャンス"),
	},
	yacht.Yatzy: {
		"ones":            commands.T("Ones", "1", "ワン"),
		"twos":            commands.T("Twos", "2", "ツー"),
		"threes":          commands.T("Threes", "3", "スリー"),
		"fours":           commands.T("Fours", "4", "フォー"),
		"fives":           commands.T("Fives", "5", "ファイブ"),
		"sixes":           commands.T("Sixes", "6", "シックス"),
		"one_pair":        commands.T("One Pair", "원 페어", "ワンペア"),
		"two_pairs":       commands.T("Two Pairs", "투 페어", "ツーペア"),
		"three_of_a_kind": commands.T("Three of a Kind", "트리플", "スリーカード"),
		"four_of_a_kind":  commands.T("Four of a Kind", "포카드", "フォーカード"),
		"small_straight":  commands.T("Small Straight", "스몰 스트레이트", "S.ストレート"),
		"large_straight":  commands.T("Large Straight", "라지 스트레이트", "L.ストレート"),
		"full_house":      commands.T("Full House", "풀 하우스", "フルハウス"),
		"chance":          commands.T("Chance", "찬스", "チャンス"),
		"yatzy":           commands.T("Yatzy", "야찌", "ヤッツィー"),
	},
}

// CategoryName returns the name of category i of rules r in locale l, as
// r's score sheet prints it: "Full House", "풀 하우스", "フルハウス". A
// rule set that is no preset shows its keys.
func CategoryName(l commands.Locale, r *yacht.Rules, i int) string {
	key := r.Categories[i].Key
	if t, ok := categoryNames[yacht.BaseOf(r.Key)][key]; ok {
		return t.In(l)
	}
	return key
}

// CategoryNames returns the names of every category of r in locale l, in
// the sheet's order.
func CategoryNames(l commands.Locale, r *yacht.Rules) []string {
	out := make([]string, len(r.Categories))
	for i := range r.Categories {
		out[i] = CategoryName(l, r, i)
	}
	return out
}

// CategoryKeyName returns the name of the category key of rules r in
// locale l, or the key itself when r has no such category (a record of
// an unknown rule set, r nil).
func CategoryKeyName(l commands.Locale, r *yacht.Rules, key string) string {
	if r != nil {
		if i := r.CategoryIndex(key); i >= 0 {
			return CategoryName(l, r, i)
		}
	}
	return key
}

// ruleNames are the names of the presets, by key, as the rules option's
// menu shows them.
var ruleNames = map[string]commands.Text{
	yacht.Yacht:                              commands.T("Yacht (51 Worldwide Games)", "요트 (세계의 아소비 대전 51)", "ヨット（世界のアソビ大全51）"),
	yacht.Yacht + "+" + yacht.FullHouseYacht: commands.T("Yacht, five of a kind is a full house", "요트 (같은 눈 5개도 풀 하우스)", "ヨット（5つ揃いもフルハウス）"),
	yacht.Pancht:                             commands.T("Pancht (13 categories)", "Pancht (13개 족보)", "Pancht（13役）"),
	yacht.Yahtzee:                            commands.T("Yahtzee (Hasbro, forced joker)", "야찌 (해즈브로, 강제 조커)", "ヤッツィー（ハズブロ、強制ジョーカー）"),
	yacht.Yahtzee + "+" + yacht.FreeJokerOption: commands.T("Yahtzee, free joker (Verhoeff)", "야찌 (자유 조커, Verhoeff)", "ヤッツィー（自由ジョーカー、Verhoeff）"),
	yacht.Yatzy: commands.T("Yatzy (Scandinavian)", "야찌 (스칸디나비아)", "ヤッツィー（北欧）"),
}

// RulesName returns a rule set's name ("Yacht (51 Worldwide Games)") for
// a preset key, or the key itself.
func RulesName(l commands.Locale, key string) string {
	if t, ok := ruleNames[key]; ok {
		return t.In(l)
	}
	return key
}

// RuleNames returns the name of every preset in locale l, in the order of
// yacht.Presets.
func RuleNames(l commands.Locale) []string {
	keys := yacht.Presets()
	out := make([]string, len(keys))
	for i, k := range keys {
		out[i] = RulesName(l, k)
	}
	return out
}

var (
	optRules     = commands.T("rules", "규칙", "ルール")
	optRulesDesc = commands.T("Rule set (default yacht)", "규칙 (기본 요트)", "ルール（既定はヨット）")
	msgBadRules  = commands.T("Unknown rules %s: choose one of %s.",
		"알 수 없는 규칙 %s: 다음 중 하나를 고르세요: %s.",
		"不明なルール %s: 次から選んでください: %s。")
)

// RulesOption returns the rules option every Yacht command takes: one of
// the presets (yacht.Presets, in that order, by their names), Yacht by
// default.
func RulesOption() commands.Option {
	keys := yacht.Presets()
	choices := make([]commands.Choice, len(keys))
	for i, k := range keys {
		choices[i] = commands.Choice{Name: ruleNames[k], Value: k}
	}
	return commands.Option{Name: optRules, Type: commands.String, Choices: choices, Description: optRulesDesc}
}

// RejectRules refuses a rules key that is no preset, naming every preset.
func RejectRules(key string) *commands.UserError {
	return commands.Rejectf(msgBadRules, commands.Quote(key), strings.Join(yacht.Presets(), ", "))
}
