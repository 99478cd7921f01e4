package payload

import (
	"fmt"
	"math"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/alea-bot/alea/commands"
)

// decode reads an interaction as Discord sends it into a request.
func decode(body []byte) (*commands.Request, error) {
	in, err := DecodeInteraction(body)
	if err != nil {
		return nil, err
	}
	return in.Request()
}

// DecodeInteraction reads every interaction type Alea answers into the
// request the body says, field by field (the expected requests are the
// bodies read by eye): commands with options of every type, subcommands
// and groups, autocomplete, guild and DM users, select values, modals,
// permissions, contexts, installations and resolved users. Option values
// stay as JSON gives them (numbers are float64); the router types them.
func TestDecodeInteraction(t *testing.T) {
	for _, c := range []struct {
		body string
		want commands.Request
	}{
		{`{"id":"1","application_id":"2","type":2,"token":"t","locale":"ko","guild_id":"3","channel_id":"4",
		  "member":{"user":{"id":"5","username":"ann","global_name":"Ann"}},
		  "data":{"id":"9","name":"trialrule","type":1,"options":[{"name":"die","type":4,"value":6},
		  {"name":"weights","type":3,"value":"5% 20% 75%"},{"name":"exact","type":5,"value":true},{"name":"p","type":10,"value":0.25}]}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "trialrule", Locale: commands.Korean, UserID: "5", UserName: "Ann",
				GuildID: "3", ChannelID: "4", Place: commands.InServer,
				Options: commands.Options{"die": float64(6), "weights": "5% 20% 75%", "exact": true, "p": 0.25}}},
		{`{"id":"1","application_id":"2","type":2,"token":"t","locale":"ja","channel_id":"4",
		  "user":{"id":"6","username":"bob"},
		  "data":{"name":"yacht","options":[{"name":"start","type":1,"options":[{"name":"rules","type":3,"value":"yatzy"}]}]}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "yacht start", Locale: commands.Japanese, UserID: "6", UserName: "bob",
				ChannelID: "4", Place: commands.InBotDM, Options: commands.Options{"rules": "yatzy"}}},
		{`{"id":"1","application_id":"2","type":2,"token":"t","locale":"en-US","user":{"id":"6","username":"bob"},
		  "data":{"name":"coins","options":[{"name":"game","type":2,"options":[{"name":"bw","type":1,"options":[]}]}]}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "coins game bw", Locale: commands.English, UserID: "6", UserName: "bob",
				Place: commands.InBotDM, Options: commands.Options{}}},
		{`{"id":"1","application_id":"2","type":4,"token":"t","locale":"en-GB","member":{"user":{"id":"7","username":"cy"}},"guild_id":"3",
		  "data":{"name":"yacht-advise","options":[{"name":"rules","type":3,"value":"ya","focused":true},{"name":"dice","type":3,"value":"1 2"}]}}`,
			commands.Request{Kind: commands.KindAutocomplete, ID: "1", Command: "yacht-advise", Locale: commands.English, UserID: "7", UserName: "cy",
				GuildID: "3", Place: commands.InServer, Focused: "rules", Options: commands.Options{"rules": "ya", "dice": "1 2"}}},
		{`{"id":"1","application_id":"2","type":3,"token":"t","locale":"ko","user":{"id":"8","username":"di"},
		  "data":{"custom_id":"menu","component_type":3,"values":["a","b"]}}`,
			commands.Request{Kind: commands.KindComponent, ID: "1", CustomID: "menu", Values: []string{"a", "b"}, Locale: commands.Korean,
				UserID: "8", UserName: "di", Place: commands.InBotDM, Options: commands.Options{}}},
		{`{"id":"1","application_id":"2","type":5,"token":"t","locale":"ja","member":{"user":{"id":"9","username":"ed"}},"guild_id":"3",
		  "data":{"custom_id":"yacht/2/dice/abc","components":[{"type":1,"components":[{"type":4,"custom_id":"dice","value":"3 3 5 6 6"}]},
		  {"type":1,"components":[{"type":4,"custom_id":"note","value":""}]},{"type":9,"components":[{"type":4,"custom_id":"not-a-row","value":"x"}]}]}}`,
			commands.Request{Kind: commands.KindModal, ID: "1", CustomID: "yacht/2/dice/abc", Locale: commands.Japanese, UserID: "9", UserName: "ed",
				GuildID: "3", Place: commands.InServer, Options: commands.Options{}, Fields: map[string]string{"dice": "3 3 5 6 6", "note": ""}}},
		// A member's permissions, the context, the installations that
		// offered the command, and users resolved from a text option.
		{`{"id":"1","application_id":"2","type":2,"token":"t","locale":"en-US","guild_id":"3","channel_id":"4","context":0,
		  "authorizing_integration_owners":{"0":"3"},
		  "member":{"user":{"id":"5","username":"ann"},"permissions":"1126999418470433"},
		  "data":{"name":"stats","options":[{"name":"server","type":1,"options":[]}]}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "stats server", Locale: commands.English, UserID: "5", UserName: "ann",
				GuildID: "3", ChannelID: "4", Place: commands.InServer, Permissions: 1126999418470433, PermissionsKnown: true, Options: commands.Options{}}},
		{`{"id":"1","application_id":"2","type":2,"token":"t","locale":"ko","channel_id":"4","context":2,
		  "authorizing_integration_owners":{"1":"6"},"user":{"id":"6","username":"bob","global_name":"Bob"},
		  "data":{"name":"yacht","options":[{"name":"start","type":1,"options":[{"name":"players","type":3,"value":"@Ann @Chloe"}]}],
		  "resolved":{"users":{"5":{"id":"5","username":"ann","global_name":"Ann"},"7":{"id":"7","username":"chloe"}}}}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "yacht start", Locale: commands.Korean, UserID: "6", UserName: "Bob",
				ChannelID: "4", Place: commands.InPrivateChannel, UserInstalled: true, Options: commands.Options{"players": "@Ann @Chloe"},
				KnownUsers: map[string]string{"ann": "5", "Ann": "5", "chloe": "7"}}},
		{`{"id":"1","application_id":"2","type":3,"token":"t","locale":"ja","guild_id":"3","channel_id":"4","context":0,
		  "authorizing_integration_owners":{"0":"3","1":"5"},"member":{"user":{"id":"5","username":"ann"},"permissions":"0"},
		  "data":{"custom_id":"x","component_type":2}}`,
			commands.Request{Kind: commands.KindComponent, ID: "1", CustomID: "x", Locale: commands.Japanese, UserID: "5", UserName: "ann",
				GuildID: "3", ChannelID: "4", Place: commands.InServer, PermissionsKnown: true, Options: commands.Options{}}},
		// Installed to the user alone, in a server whose member lacks Use
		// External Apps: every reply is private.
		{`{"id":"1","application_id":"2","type":2,"token":"t","locale":"ko","guild_id":"3","channel_id":"4","context":0,
		  "authorizing_integration_owners":{"1":"5"},"member":{"user":{"id":"5","username":"ann"},"permissions":"2147483648"},
		  "data":{"name":"help"}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "help", Locale: commands.Korean, UserID: "5", UserName: "ann",
				GuildID: "3", ChannelID: "4", Place: commands.InServer, UserInstalled: true, Permissions: 1 << 31, PermissionsKnown: true, Options: commands.Options{}}},
		{`{"id":"1","application_id":"2","type":2,"token":"t","channel_id":"4","context":1,
		  "authorizing_integration_owners":{"1":"6"},"user":{"id":"6","username":"bob"},"data":{"name":"help"}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "help", Locale: commands.English, UserID: "6", UserName: "bob",
				ChannelID: "4", Place: commands.InBotDM, UserInstalled: true, Options: commands.Options{}}},
		// No user at all: decoded, with no UserID (the transports refuse it).
		{`{"id":"1","application_id":"2","type":2,"token":"t","guild_id":"3","data":{"name":"help"}}`,
			commands.Request{Kind: commands.KindCommand, ID: "1", Command: "help", Locale: commands.English, GuildID: "3",
				Place: commands.InServer, Options: commands.Options{}}},
	} {
		got, err := decode([]byte(c.body))
		if err != nil {
			t.Fatalf("%v\n%s", err, c.body)
		}
		if !reflect.DeepEqual(*got, c.want) {
			t.Errorf("%s\ngot  %+v\nwant %+v", c.body, *got, c.want)
		}
	}
	// A command without data, a malformed body and a malformed row are
	// refused; a PING needs no data.
	for _, body := range []string{`{"type":2,"application_id":"1","token":"t"}`, `{"type":`,
		`{"type":5,"data":{"components":[{"type":1,"components":"x"}]}}`} {
		if _, err := DecodeInteraction([]byte(body)); err == nil {
			t.Errorf("accepted %s", body)
		}
	}
	if in, err := DecodeInteraction([]byte(`{"type":1}`)); err != nil || in.Type != 1 {
		t.Errorf("ping: %v", err)
	}
	if _, err := decode([]byte(`{"type":9,"data":{}}`)); err == nil {
		t.Error("an interaction type Alea does not answer was read")
	}
}

// The envelope a transport answers with: id, application id, token.
func TestDecodeInteractionEnvelope(t *testing.T) {
	in, err := DecodeInteraction([]byte(`{"id":"11","application_id":"22","type":2,"token":"tok","data":{"name":"help"}}`))
	if err != nil || in.ID != "11" || in.AppID != "22" || in.Token != "tok" || in.Type != 2 {
		t.Fatalf("%v %+v", err, in)
	}
}

// Every interaction kept in testdata (real payloads, every field Discord
// sends) is read with a user and a kind.
func TestDecodeFixtures(t *testing.T) {
	files, _ := filepath.Glob("testdata/*.json")
	if len(files) < 5 {
		t.Fatalf("%d fixtures", len(files))
	}
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		req, err := decode(b)
		if err != nil || req.UserID == "" || req.ID == "" {
			t.Errorf("%s: %v %+v", f, err, req)
		}
	}
}

// A member's permissions are a bitfield of any size: Discord's grows past
// 64 bits. Values at 2^63, 2^64 and far beyond are read (their low 64
// bits, exactly), never failing the interaction; a value that is not a
// decimal string is read as no permission and reported.
func TestPermissionsOfAnySize(t *testing.T) {
	for _, c := range []struct {
		perms      string
		low        uint64
		unreadable bool
	}{
		{`"0"`, 0, false},
		{`"32"`, 32, false},
		{`"9223372036854775807"`, math.MaxInt64, false},
		{`"9223372036854775808"`, 1 << 63, false},         // 2^63
		{`"18446744073709551615"`, math.MaxUint64, false}, // 2^64 − 1
		{`"18446744073709551648"`, 32, false},             // 2^64 + 32: Manage Server, and a bit past 64
		// 2^100 + 8 (Administrator, and bit 100): 2^100 ≡ 0 mod 2^64.
		{`"1267650600228229401496703205384"`, 8, false},
		{`"1126999418470433"`, 1126999418470433, false},
		{`1126999418470433`, 1126999418470433, false}, // a number, not a string
		{`null`, 0, false},
		{`"0x20"`, 0, true},
		{`"-8"`, 0, true},
		{`""`, 0, true},
		{`"12 34"`, 0, true},
		{`"ⅷ"`, 0, true},
	} {
		body := fmt.Sprintf(`{"id":"1","application_id":"2","type":2,"token":"t","guild_id":"3",
			"member":{"user":{"id":"5","username":"ann"},"permissions":%s},"data":{"name":"stats"}}`, c.perms)
		in, err := DecodeInteraction([]byte(body))
		if err != nil {
			t.Errorf("%s: %v", c.perms, err)
			continue
		}
		req, err := in.Request()
		if err != nil || uint64(req.Permissions) != c.low || in.PermissionsUnreadable() != c.unreadable {
			t.Errorf("%s: permissions %d, unreadable %v (%v); want %d, %v", c.perms, uint64(req.Permissions), in.PermissionsUnreadable(), err, c.low, c.unreadable)
		}
	}
	// The bits Alea reads survive the size.
	in, _ := DecodeInteraction([]byte(`{"id":"1","type":2,"token":"t","guild_id":"3","member":{"user":{"id":"5"},"permissions":"18446744073709551648"},"data":{"name":"s"}}`))
	if req, _ := in.Request(); !req.CanManageServer() {
		t.Error("Manage Server is lost beside a bit past 64")
	}
}

// FuzzDecodeInteraction: no body makes the decoder panic, and a body it
// reads has a request or an error.
func FuzzDecodeInteraction(f *testing.F) {
	f.Add([]byte(`{"id":"1","type":2,"token":"t","member":{"user":{"id":"5"},"permissions":"18446744073709551648"},"data":{"name":"s"}}`))
	f.Add([]byte(`{"type":5,"data":{"custom_id":"m","components":[{"type":1,"components":[{"type":4,"custom_id":"d","value":"1"}]}]}}`))
	f.Add([]byte(`{"type":3,"data":{"custom_id":"a/1","values":["x"]},"message":{"id":"9","components":[{"type":1,"components":[{"type":2,"custom_id":"a/1"}]}]}}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		in, err := DecodeInteraction(body)
		if err != nil {
			return
		}
		if req, err := in.Request(); err == nil && req == nil {
			t.Fatal("no request and no error")
		}
	})
}
