package players

import (
	"strings"
)

// Mentions rewrites the "@Name" seats of a players option before Parse:
// a Name the transport knows (known: user names → ids, matched case
// aside, as the playground's and the runner's users, or the users
// Discord resolved) becomes that user's mention "<@id>"; another stays a
// name seat, "Name" without its "@", so that "@Ann, @Bob, alea" is
// always a table. Mentions and other seats are left as they are.
func Mentions(s string, known map[string]string) string {
	if !strings.Contains(s, "@") {
		return s
	}
	parts := splitSeats(s)
	for i, n := range parts {
		name, ok := strings.CutPrefix(n, "@")
		if !ok {
			continue
		}
		name = strings.TrimSpace(name)
		parts[i] = name
		for k, id := range known {
			if sameName(k, name) && snowflake(id) {
				parts[i] = "<@" + id + ">"
				break
			}
		}
	}
	return strings.Join(parts, ", ")
}

// snowflake reports whether id is a Discord user id (1–20 digits).
func snowflake(id string) bool {
	if id == "" || len(id) > 20 {
		return false
	}
	for _, r := range id {
		if r < '0' || r > '9' {
			return false
		}
	}
	return true
}
