package commands

// Caching declares that the dispatcher may reuse a command's replies, and
// under which key; a command without it is never cached, so a reply is
// shared only when its command has said what it depends on. The request's
// canonical form (kind, locale, command path, typed options, custom_id,
// menu values, modal fields) is always part of the key; who asks and the
// interaction's id are not, unless Key adds them.
type Caching struct {
	// Key returns what a reply to req depends on besides the request's
	// canonical form: "" for nothing more, [ByUser] for a reply that
	// depends on who asks, and false when this request's reply must not
	// be reused (a random deal, a random seed). Nil: every request, with
	// nothing more.
	Key func(req *Request) (key string, ok bool)
	// Keep, when set, reports whether a computed reply may be stored
	// (false for an answer its time budget cut short).
	Keep func(req *Request, reply *Reply) bool
}

// ByUser is a Caching.Key for replies that depend on who asks: one cache
// entry per user.
func ByUser(req *Request) (string, bool) { return "user:" + req.UserID, true }
