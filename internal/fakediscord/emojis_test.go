package fakediscord_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"net/http"
	"strings"
	"testing"

	"github.com/alea-bot/alea/internal/fakediscord"
)

// The emoji routes list and take uploads as Discord does, and refuse a
// bad name, a name taken, a picture that is not a data URI, one over
// 256 KiB, and a call without the bot token.
func TestFakeEmojis(t *testing.T) {
	const tok = "fake-emoji-token"
	fake := fakediscord.New(t, fakediscord.Options{Token: tok})
	url := fake.URL + "/api/v10/applications/" + fake.AppID() + "/emojis"
	png := "data:image/png;base64," + base64.StdEncoding.EncodeToString([]byte("\x89PNG\r\n\x1a\nxyz"))
	call := func(method, auth, body string) (int, map[string]any) {
		req, _ := http.NewRequest(method, url, strings.NewReader(body))
		req.Header.Set("Authorization", auth)
		req.Header.Set("Content-Type", "application/json")
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			t.Fatal(err)
		}
		defer resp.Body.Close()
		var out map[string]any
		_ = json.NewDecoder(resp.Body).Decode(&out)
		return resp.StatusCode, out
	}
	if code, out := call("POST", "Bot "+tok, `{"name":"alea_d1","image":"`+png+`"}`); code != 201 || out["name"] != "alea_d1" || out["id"] == "" {
		t.Fatalf("upload: %d %v", code, out)
	}
	big := "data:image/png;base64," + base64.StdEncoding.EncodeToString(append([]byte("\x89PNG\r\n\x1a\n"), bytes.Repeat([]byte{0}, 256<<10)...))
	for name, body := range map[string]string{
		"taken":       `{"name":"alea_d1","image":"` + png + `"}`,
		"bad name":    `{"name":"a-b","image":"` + png + `"}`,
		"short name":  `{"name":"a","image":"` + png + `"}`,
		"not a URI":   `{"name":"alea_d2","image":"xyz"}`,
		"not a PNG":   `{"name":"alea_d2","image":"data:image/png;base64,` + base64.StdEncoding.EncodeToString([]byte("GIF89a")) + `"}`,
		"over 256KiB": `{"name":"alea_d2","image":"` + big + `"}`,
	} {
		if code, _ := call("POST", "Bot "+tok, body); code != 400 {
			t.Errorf("%s: %d", name, code)
		}
	}
	if code, _ := call("GET", "Bot wrong", ""); code != 401 {
		t.Errorf("wrong token: %d", code)
	}
	code, out := call("GET", "Bot "+tok, "")
	items, _ := out["items"].([]any)
	if code != 200 || len(items) != 1 || len(fake.Emojis()) != 1 || fake.Emojis()[0].Name != "alea_d1" {
		t.Errorf("list: %d %v", code, out)
	}
}
