package yachtwords

import (
	"github.com/alea-bot/alea/engine/yacht"
)

// otherNames are the names a player may give a category beside the
// names of every preset's sheet (categoryNames): each list of names with
// the keys they may stand for, the first that a rule set has ("ones" is
// Yacht's aces and Yatzy's ones). The keys of one list are the same box
// under different rules; every category key is in exactly one list.
var otherNames = []struct {
	keys, names []string
}{
	{[]string{"aces", "ones"}, []string{"aces", "ace", "ones", "one", "1s", "하나", "1의 눈", "에이스", "원", "エース", "ワン", "1の目"}},
	{[]string{"twos"}, []string{"twos", "two", "deuces", "deuce", "2s", "둘", "2의 눈", "듀스", "투", "デュース", "ツー", "2の目"}},
	{[]string{"threes"}, []string{"threes", "three", "treys", "trey", "3s", "셋", "3의 눈", "트레이", "쓰리", "스리", "トレイ", "スリー", "3の目"}},
	{[]string{"fours"}, []string{"fours", "four", "4s", "넷", "4의 눈", "포", "フォー", "4の目"}},
	{[]string{"fives"}, []string{"fives", "five", "5s", "다섯", "5의 눈", "파이브", "ファイブ", "5の目"}},
	{[]string{"sixes"}, []string{"sixes", "six", "6s", "여섯", "6의 눈", "식스", "シックス", "6の目"}},
	{[]string{"choice", "chance"}, []string{"choice", "chance", "초이스", "찬스", "チョイス", "チャンス"}},
	{[]string{"three_of_a_kind"}, []string{"three_of_a_kind", "3_of_a_kind", "3k", "3oak", "trips", "threekind", "트리플", "쓰리 오브 어 카인드", "스리 오브 어 카인드", "스리카드", "쓰리카드", "スリーカード", "スリーオブアカインド"}},
	{[]string{"four_of_a_kind"}, []string{"four_of_a_kind", "4_of_a_kind", "4k", "4oak", "quads", "fourkind", "four_dice", "포 오브 어 카인드", "포카드", "포 다이스", "포다이스", "フォーカード", "フォーダイス", "フォーオブアカインド"}},
	{[]string{"full_house"}, []string{"full_house", "fullhouse", "fh", "풀 하우스", "풀하우스", "フルハウス"}},
	{[]string{"small_straight"}, []string{"small_straight", "s_straight", "sm_straight", "little_straight", "ss", "스몰 스트레이트", "S. 스트레이트", "リトルストレート", "スモールストレート", "S.ストレート", "Sストレート"}},
	{[]string{"large_straight"}, []string{"large_straight", "big_straight", "l_straight", "b_straight", "lg_straight", "ls", "bs", "라지 스트레이트", "빅 스트레이트", "B. 스트레이트", "L. 스트레이트", "ラージストレート", "ビッグストレート", "B.ストレート", "L.ストレート", "Bストレート", "Lストレート"}},
	{[]string{"yacht", "yahtzee", "yatzy"}, []string{"yacht", "yahtzee", "yatzy", "요트", "야추", "야찌", "ヨット", "ヤッツィー"}},
	{[]string{"one_pair"}, []string{"one_pair", "pair", "1pair", "원 페어", "원페어", "페어", "ワンペア"}},
	{[]string{"two_pairs"}, []string{"two_pairs", "two_pair", "2pairs", "2pair", "투 페어", "투페어", "ツーペア"}},
}

// aliases is the sheet parser's table: the names of every preset's sheet
// in the three languages and the other names, each standing for its
// box's keys.
var aliases = buildAliases()

func buildAliases() *yacht.Aliases {
	var a yacht.Aliases
	box := map[string][]string{} // a key → the keys of its box
	for _, o := range otherNames {
		for _, k := range o.keys {
			box[k] = o.keys
		}
		a.Add(o.keys, o.names...)
	}
	for _, base := range yacht.PresetNames() {
		r, err := yacht.Preset(base)
		if err != nil {
			panic(err)
		}
		for _, c := range r.Categories {
			keys, ok := box[c.Key]
			if !ok {
				panic("yachtwords: the category " + c.Key + " of " + base + " has no other names")
			}
			n := categoryNames[base][c.Key]
			a.Add(keys, n.En, n.Ko, n.Ja)
		}
	}
	return &a
}

// ParseSheet reads a sheet under rules r whose categories are written by
// their keys or by their names in any of the three languages, on any
// preset's sheet, or by the common other names ("deuces", "big_straight",
// "에이스", "エース"): yacht.Aliases.ParseSheet with this package's names.
func ParseSheet(r *yacht.Rules, text string) (yacht.Sheet, error) {
	return aliases.ParseSheet(r, text)
}
