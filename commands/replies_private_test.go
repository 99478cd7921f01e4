package commands

import "testing"

// Replies are private when Alea is installed to the user alone, in a
// server, and the member lacks Use External Apps (bit 50): not when the
// server has Alea too, outside a server, with the permission, or when
// the member's permissions are unknown.
func TestRepliesPrivate(t *testing.T) {
	denied := Request{GuildID: "1", Place: InServer, UserInstalled: true, PermissionsKnown: true, Permissions: PermManageGuild}
	cases := map[string]struct {
		change func(r *Request)
		want   bool
	}{
		"denied":                 {func(*Request) {}, true},
		"allowed":                {func(r *Request) { r.Permissions |= 1 << 50 }, false},
		"administrator":          {func(r *Request) { r.Permissions = PermAdministrator }, false},
		"Alea in the server":     {func(r *Request) { r.UserInstalled = false }, false},
		"a group DM":             {func(r *Request) { r.GuildID, r.Place = "", InPrivateChannel }, false},
		"permissions not known":  {func(r *Request) { r.PermissionsKnown = false }, false},
		"bits above 50 set only": {func(r *Request) { r.Permissions = 1<<51 | 1<<62 }, true},
	}
	for name, c := range cases {
		r := denied
		c.change(&r)
		if got := r.RepliesPrivate(); got != c.want {
			t.Errorf("%s: %v, want %v", name, got, c.want)
		}
	}
}
