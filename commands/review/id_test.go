package review

import (
	"strings"
	"testing"

	"github.com/alea-bot/alea/commands/records"
)

func FuzzParseGameID(f *testing.F) {
	for _, s := range []string{"k7qm2xapb3dz", "review/1/ABC", " `G0001X` ", "", "a b", "review/1/", strings.Repeat("x", 65), "ü"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		id, ok := parseGameID(s)
		if !ok {
			if id != "" {
				t.Fatalf("%q refused but gave %q", s, id)
			}
			return
		}
		if id == "" || len(id) > maxGameID || strings.Trim(id, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789-_") != "" {
			t.Fatalf("%q gave the id %q", s, id)
		}
		if again, ok := parseGameID(id); !ok || again != id {
			t.Fatalf("%q: the id %q does not read as itself", s, id)
		}
		if len(records.ReviewID(id)) > 100 {
			t.Fatalf("%q: custom_id too long", id)
		}
	})
}
