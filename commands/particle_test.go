package commands

import "testing"

// The forms a Korean reader expects, checked by one: a final consonant takes
// 은/이/을/과/으로, none takes 는/가/를/와/로, and ㄹ takes 로.
func TestResolveParticles(t *testing.T) {
	for in, want := range map[string]string{
		"`굴림`은(는) 1 이상":       "`굴림`은 1 이상",
		"`개수`은(는) 1 이상":       "`개수`는 1 이상",
		"`제한`은(는) 0 이상":       "`제한`은 0 이상",
		"`규칙`은(는) 다음 중":       "`규칙`은 다음 중",
		"`7`은(는) 주사위 눈이 아닙니다": "`7`은 주사위 눈이 아닙니다", // 칠
		"`2`은(는) 칸이 아닙니다":     "`2`는 칸이 아닙니다",     // 이
		"`a`은(는) 주사위로":        "`a`는 주사위로",        // 에이
		"`m`이(가) 있습니다":        "`m`이 있습니다",        // 엠
		"`3`이(가) `roll:2` 뒤에": "`3`이 `roll:2` 뒤에", // 삼
		"`x`이(가) 있습니다":        "`x`가 있습니다",        // 엑스
		"1:2(으)로 읽었습니다":       "1:2로 읽었습니다",       // 이
		"1:7(으)로":             "1:7로",             // 칠: ㄹ takes 로
		"3:6(으)로":             "3:6으로",            // 육
		"`동전`을(를) 주세요":        "`동전`을 주세요",
		"점수표과(와) 족보":          "점수표와 족보",
		"■은(는) 흐림":            "■은(는) 흐림", // unreadable: both forms stay
		"은(는) 처음":             "은(는) 처음",
		"괄호 (예) 없음":           "괄호 (예) 없음",
	} {
		if got := ResolveParticles(in); got != want {
			t.Errorf("%q: got %q, want %q", in, got, want)
		}
	}
}

// A bound message, as every option shows it, takes the right particle.
func TestBoundMessageParticle(t *testing.T) {
	lo, hi := 1.0, 3.0
	d := &Option{Name: T("roll", "굴림", "何投目"), Type: Integer, Min: &lo, Max: &hi}
	err := checkBounds(d, 4)
	ue, ok := err.(*UserError)
	if !ok {
		t.Fatalf("%v, want a user error", err)
	}
	if got, want := ue.Localize(Korean), "`굴림`은 1 이상 3 이하여야 합니다. 입력: 4"; got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}
