package bot

// LocalUser is a pretend Discord user of the local transports (the
// playground and the runner), so that a table of several people can be
// tried on one machine: "@Ann" seats Ann, and the playground plays as
// her.
type LocalUser struct {
	ID   string
	Name string
}

// LocalUsers returns the playground's and the runner's users: Ann, Bob
// and Chloe, with fixed ids (numeric, as Discord's, and outside the
// range of real ones: they date from 2015, before Discord's first user).
func LocalUsers() []LocalUser {
	return []LocalUser{
		{ID: "1000000000000001", Name: "Ann"},
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
