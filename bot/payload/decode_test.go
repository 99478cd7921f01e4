package payload

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// DecodeInteraction's request equals ParseInteraction's on discordgo's
// decoding of the same body, for every interaction type Alea answers:
// commands with options of every type, subcommands and groups,
// autocomplete, guild and DM users, components with the message they
// carry (the fixture as Discord sends it) and select values, modals,
// permissions, contexts, installations and resolved users, and every
// payload kept in testdata.
func TestDecodeInteractionMatchesDiscordgo(t *testing.T) {
	fixture, err := os.ReadFile("testdata/component_interaction.json")
	if err != nil {
		t.Fatal(err)
	}
	bodies := []string{
		string(fixture),
		`{"id":"1","application_id":"2","type":2,"token":"t","locale":"ko","guild_id":"3","channel_id":"4",
		  "member":{"user":{"id":"5","username":"ann","global_name":"Ann"}},
		  "data":{"id":"9","name":"trialrule","type":1,"options":[{"name":"die","type":4,"value":6},
		  {"name":"weights","type":3,"value":"5% 20% 75%"},{"name":"exact","type":5,"value":true},{"name":"p","type":10,"value":0.25}]}}`,
		`{"id":"1","application_id":"2","type":2,"token":"t","locale":"ja","channel_id":"4",
		  "user":{"id":"6","username":"bob"},
		  "data":{"name":"yacht","options":[{"name":"start","type":1,"options":[{"name":"rules","type":3,"value":"yatzy"}]}]}}`,
		`{"id":"1","application_id":"2","type":2,"token":"t","locale":"en-US",
		  "data":{"name":"coins","options":[{"name":"game","type":2,"options":[{"name":"bw","type":1,"options":[]}]}]}}`,
		`{"id":"1","application_id":"2","type":4,"token":"t","locale":"en-GB","member":{"user":{"id":"7","username":"cy"}},
		  "data":{"name":"yacht-advise","options":[{"name":"rules","type":3,"value":"ya","focused":true},{"name":"dice","type":3,"value":"1 2"}]}}`,
		`{"id":"1","application_id":"2","type":3,"token":"t","locale":"ko","user":{"id":"8","username":"di"},
		  "message":{"id":"77","content":"x","timestamp":"2026-11-23T16:20:05.123000+00:00","embeds":[],"components":[
		  {"type":1,"components":[{"type":3,"custom_id":"menu","placeholder":"pick","options":[{"label":"a","value":"a"}]}]}]},
		  "data":{"custom_id":"menu","component_type":3,"values":["a","b"]}}`,
		`{"id":"1","application_id":"2","type":5,"token":"t","locale":"ja","member":{"user":{"id":"9","username":"ed"}},
		  "message":{"id":"78","content":"y","timestamp":"2026-11-23T16:20:05+00:00","edited_timestamp":"2026-11-23T16:21:00+00:00"},
		  "data":{"custom_id":"yacht/2/dice/abc","components":[{"type":1,"components":[{"type":4,"custom_id":"dice","value":"3 3 5 6 6"}]},
		  {"type":1,"components":[{"type":4,"custom_id":"note","value":""}]}]}}`,
		`{"id":"1","application_id":"2","type":5,"token":"t","data":{"custom_id":"m","components":[]}}`,
		// A member's permissions, the context, the installations that
		// offered the command, and users resolved from a text option.
		`{"id":"1","application_id":"2","type":2,"token":"t","locale":"en-US","guild_id":"3","channel_id":"4","context":0,
		  "authorizing_integration_owners":{"0":"3"},
		  "member":{"user":{"id":"5","username":"ann"},"permissions":"1126999418470433"},
		  "data":{"name":"stats","options":[{"name":"server","type":1,"options":[]}]}}`,
		`{"id":"1","application_id":"2","type":2,"token":"t","locale":"ko","channel_id":"4","context":2,
		  "authorizing_integration_owners":{"1":"6"},"user":{"id":"6","username":"bob","global_name":"Bob"},
		  "data":{"name":"yacht","options":[{"name":"start","type":1,"options":[{"name":"players","type":3,"value":"@Ann @Chloe"}]}],
		  "resolved":{"users":{"5":{"id":"5","username":"ann","global_name":"Ann"},"7":{"id":"7","username":"chloe"}}}}}`,
		`{"id":"1","application_id":"2","type":3,"token":"t","locale":"ja","guild_id":"3","channel_id":"4","context":0,
		  "authorizing_integration_owners":{"0":"3","1":"5"},"member":{"user":{"id":"5","username":"ann"},"permissions":"0"},
		  "data":{"custom_id":"x","component_type":2}}`,
		`{"id":"1","application_id":"2","type":2,"token":"t","channel_id":"4","context":1,
		  "authorizing_integration_owners":{"1":"6"},"user":{"id":"6","username":"bob"},"data":{"name":"help"}}`,
	}
	// Every real payload kept as a fixture, too.
	files, _ := filepath.Glob("testdata/*.json")
	for _, f := range files {
		b, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		bodies = append(bodies, string(b))
	}
	for _, body := range bodies {
		var dg discordgo.Interaction
		if err := json.Unmarshal([]byte(body), &dg); err != nil {
			t.Fatalf("discordgo: %v\n%s", err, body)
		}
		want, err := ParseInteraction(&dg)
		if err != nil {
			t.Fatal(err)
		}
		in, err := DecodeInteraction([]byte(body))
		if err != nil {
			t.Fatal(err)
		}
		got, err := in.Request()
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(got, want) {
			t.Errorf("%s\ngot  %+v\nwant %+v", body, got, want)
		}
		if in.Type != dg.Type || in.AppID != dg.AppID || in.Token != dg.Token {
			t.Errorf("envelope %d %q %q, discordgo %d %q %q", in.Type, in.AppID, in.Token, dg.Type, dg.AppID, dg.Token)
		}
	}
	// Both refuse a command without data and a malformed row.
	for _, body := range []string{`{"type":2,"application_id":"1","token":"t"}`, `{"type":`,
		`{"type":5,"data":{"components":[{"type":1,"components":"x"}]}}`} {
		var dg discordgo.Interaction
		if json.Unmarshal([]byte(body), &dg) == nil {
			t.Fatalf("discordgo accepts %s", body)
		}
		if _, err := DecodeInteraction([]byte(body)); err == nil {
			t.Errorf("accepted %s", body)
		}
	}
	if _, err := DecodeInteraction([]byte(`{"type":1}`)); err != nil {
		t.Errorf("ping: %v", err)
	}
}
