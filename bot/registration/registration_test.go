package registration_test

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/alea-bot/alea/bot/bottest"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/registration"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/internal/fakediscord"
)

const token = "OTk5OTk5OTk5OTk5OTk5OTk5.GrEgIs.fake-token-of-the-registration-test_42"

func register(t *testing.T, fake *fakediscord.Server, o registration.Options) (registration.Result, error) {
	t.Helper()
	o.APIBase, o.Backoff = fake.URL, time.Millisecond
	if o.Token == "" {
		o.Token = token
	}
	ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
	defer cancel()
	return registration.Register(ctx, payload.Definitions(bottest.Commands(nil)), o)
}

// The application id comes from GET /applications/@me when not given;
// one bulk overwrite carries exactly payload.Definitions, globally or to
// the guild; the result names what Discord registered.
func TestRegister(t *testing.T) {
	want, _ := json.Marshal(payload.Definitions(bottest.Commands(nil)))
	for _, c := range []struct {
		name, appID, guild, scope, fakeScope string
	}{
		{"global, id asked", "", "", "global", "global"},
		{"guild, id given", "100000000000000001", "777", "guild 777", "777"},
	} {
		t.Run(c.name, func(t *testing.T) {
			fake := fakediscord.New(t, fakediscord.Options{Token: token})
			res, err := register(t, fake, registration.Options{AppID: c.appID, GuildID: c.guild})
			if err != nil {
				t.Fatal(err)
			}
			if res.AppID != fake.AppID() || res.Scope != c.scope || strings.Join(res.Names, " ") != "echo slow file boom" {
				t.Errorf("result %+v", res)
			}
			body, n := fake.Registered(c.fakeScope)
			var got, exp any
			_ = json.Unmarshal(body, &got)
			_ = json.Unmarshal(want, &exp)
			if n != 1 || !reflect.DeepEqual(got, exp) {
				t.Errorf("%d overwrites of %s: %s", n, c.fakeScope, body)
			}
			asked := 0
			for _, call := range fake.Calls() {
				if call.Route == "/applications/@me" {
					asked++
				}
			}
			if (c.appID == "") != (asked == 1) {
				t.Errorf("GET /applications/@me asked %d times with DISCORD_APP_ID %q", asked, c.appID)
			}
		})
	}
}

// A 429 and a 500 are retried (after Retry-After, or the backoff); a
// refused token is not, and the error carries Discord's status and
// message but never the token.
func TestRegisterFaults(t *testing.T) {
	t.Run("429 then 500 then accepted", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: token})
		fake.InjectREST(fakediscord.Fault{Method: http.MethodPut, Route: "/applications/", Status: 429, RetryAfter: time.Millisecond})
		fake.InjectREST(fakediscord.Fault{Method: http.MethodPut, Route: "/applications/", Status: 500})
		if _, err := register(t, fake, registration.Options{}); err != nil {
			t.Fatal(err)
		}
		if _, n := fake.Registered("global"); n != 1 {
			t.Fatalf("%d overwrites accepted", n)
		}
	})
	t.Run("500 three times", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: token})
		fake.InjectREST(fakediscord.Fault{Method: http.MethodPut, Status: 502, Times: 3})
		_, err := register(t, fake, registration.Options{AppID: fake.AppID()})
		var re *registration.RefusedError
		if !errors.As(err, &re) || re.Status != 502 {
			t.Fatalf("err %v, want a 502 refusal", err)
		}
		if n := len(fake.Calls()); n != 3 {
			t.Errorf("%d calls, want 3 attempts", n)
		}
	})
	t.Run("refused token", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: token})
		fake.Revoke()
		_, err := register(t, fake, registration.Options{})
		var re *registration.RefusedError
		if !errors.As(err, &re) || re.Status != 401 || !strings.Contains(err.Error(), "401: Unauthorized") {
			t.Fatalf("err %v, want Discord's 401 and its message", err)
		}
		if strings.Contains(err.Error(), token) {
			t.Fatalf("the token is in the error: %v", err)
		}
		if n := len(fake.Calls()); n != 1 {
			t.Errorf("%d calls; a refusal is not retried", n)
		}
	})
	t.Run("refused commands", func(t *testing.T) {
		fake := fakediscord.New(t, fakediscord.Options{Token: token})
		_, err := register(t, fake, registration.Options{AppID: "123"}) // not the fake's application
		if err == nil || !strings.Contains(err.Error(), "403") || !strings.Contains(err.Error(), "Missing Access") || !strings.Contains(err.Error(), "50001") {
			t.Fatalf("err %v, want 403 Missing Access (code 50001)", err)
		}
	})
}

// failFirst is a transport whose first request fails as a dropped
// connection would; the others go to Discord (the fake, on loopback).
type failFirst struct {
	failed bool
	next   http.RoundTripper
}

func (f *failFirst) RoundTrip(r *http.Request) (*http.Response, error) {
	if !f.failed {
		f.failed = true
		return nil, errors.New("connection reset by peer")
	}
	return f.next.RoundTrip(r)
}

// Registration retries as every REST call of Alea does (package rest's
// one policy): a failed connection too, like a 5xx.
func TestRegisterRetriesAFailedConnection(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: token})
	client := &http.Client{Transport: &failFirst{next: http.DefaultTransport}, Timeout: fakediscord.Wait}
	res, err := register(t, fake, registration.Options{AppID: fake.AppID(), Client: client})
	if err != nil {
		t.Fatal(err)
	}
	if _, n := fake.Registered("global"); n != 1 || len(res.Names) != 4 {
		t.Fatalf("%d overwrites, %d commands registered", n, len(res.Names))
	}
}

// Alea's own commands reach Discord offered by both installations (a
// server's and a user's) and usable in servers, in DMs with the bot and in
// group DMs: the fake records the bulk overwrite, and every command in it
// carries integration_types [0,1] and contexts [0,1,2].
func TestRegisterInstallsAndPlaces(t *testing.T) {
	fake := fakediscord.New(t, fakediscord.Options{Token: token})
	ctx, cancel := context.WithTimeout(context.Background(), fakediscord.Wait)
	defer cancel()
	defs := payload.Definitions(all.Registry(all.Loopback()))
	if _, err := registration.Register(ctx, defs, registration.Options{Token: token, APIBase: fake.URL, Backoff: time.Millisecond}); err != nil {
		t.Fatal(err)
	}
	body, n := fake.Registered("global")
	var got []struct {
		Name             string `json:"name"`
		IntegrationTypes []int  `json:"integration_types"`
		Contexts         []int  `json:"contexts"`
	}
	if err := json.Unmarshal(body, &got); err != nil || n != 1 {
		t.Fatalf("%d overwrites: %v", n, err)
	}
	names := map[string]bool{}
	for _, c := range got {
		names[c.Name] = true
		if !reflect.DeepEqual(c.IntegrationTypes, []int{0, 1}) || !reflect.DeepEqual(c.Contexts, []int{0, 1, 2}) {
			t.Errorf("/%s: integration_types %v, contexts %v", c.Name, c.IntegrationTypes, c.Contexts)
		}
	}
	for _, want := range []string{"yacht-advise", "yacht", "orbs", "coins", "help"} {
		if !names[want] {
			t.Errorf("/%s not registered (%v)", want, names)
		}
	}
}
