package bot

import "github.com/alea-bot/alea/commands"

// LocalUser is a pretend Discord user of the local transports (the
// playground and the runner), so that a table of several people can be
// tried on one machine: "@Ann" seats Ann, and the playground plays as
// her.
type LocalUser struct {
	ID   string
	Name string
	// Admin: the user has the Administrator permission in the pretend
	// server (LocalServerID).
	Admin bool
}

// LocalServerID is the pretend server the local transports' interactions
// come from, so that what works in a server only (the standings, the
// server's settings, its wipe) can be tried before registering a bot. It
// is numeric, as Discord's ids, and outside the range of real ones.
const LocalServerID = "1000000000000000"

// LocalUsers returns the playground's and the runner's users: Ann, Bob
// and Chloe, with fixed ids (numeric, as Discord's, and outside the
// range of real ones: they date from 2015, before Discord's first user).
// They are members of the pretend server; the first, Ann, is its admin.
func LocalUsers() []LocalUser {
	return []LocalUser{
		{ID: "1000000000000001", Name: "Ann", Admin: true},
		{ID: "1000000000000002", Name: "Bob"},
		{ID: "1000000000000003", Name: "Chloe"},
	}
}

// LocalKnownUsers returns LocalUsers as a request's known users (name →
// id).
func LocalKnownUsers() map[string]string {
	m := map[string]string{}
	for _, u := range LocalUsers() {
		m[u.Name] = u.ID
	}
	return m
}

// Permissions of the pretend server's members, as Discord computes them
// for a channel: a member's (view the channel, send messages, embed
// links, attach files, read the history, add reactions, use application
// commands and external apps), and an admin's, which Discord sends with
// every bit of the member's and Administrator and Manage Server.
const (
	localMember = 1<<6 | 1<<10 | 1<<11 | 1<<14 | 1<<15 | 1<<16 | 1<<31 | 1<<50
	localAdmin  = localMember | commands.PermAdministrator | commands.PermManageGuild
)

// InLocalServer makes req come from the pretend server (LocalServerID),
// with the permissions of its user there: a local user's (Ann is the
// admin, Bob and Chloe are members), and the admin's for anyone else,
// the person at the keyboard (the playground's "You", the runner's
// "you"), who is trying the bot as its host would.
func InLocalServer(req *commands.Request) {
	req.GuildID, req.Place = LocalServerID, commands.InServer
	req.Permissions = localAdmin
	for _, u := range LocalUsers() {
		if u.ID == req.UserID && !u.Admin {
			req.Permissions = localMember
		}
	}
}
