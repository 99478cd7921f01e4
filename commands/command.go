package commands

import (
	"context"
	"time"
)

// HandlerFunc answers one interaction. It must not block past ctx's
// deadline: long computations take ctx and stop when it is done.
type HandlerFunc func(ctx context.Context, req *Request) (*Reply, error)

// OptionType is the type of a slash-command option, with Discord's numbering.
type OptionType int

// The option types Alea uses.
const (
	String  OptionType = 3
	Integer OptionType = 4
	Boolean OptionType = 5
	Number  OptionType = 10
)

// Choice is a fixed value of an option, or an autocomplete suggestion.
// Value is a string, an int64 or a float64, matching the option's type.
type Choice struct {
	Name  Text
	Value any
}

// Option is one typed, bounded option of a command or subcommand.
type Option struct {
	// Name.En is the option's canonical name (what Discord sends back);
	// Name.Ko and Name.Ja, when set, are its localised names.
	Name        Text
	Description Text
	Type        OptionType
	Required    bool
	Choices     []Choice
	// Min and Max bound Integer and Number options (nil: unbounded).
	Min, Max *float64
	// MinLength and MaxLength bound String options (0: unbounded).
	MinLength, MaxLength int
	// Autocomplete asks the command's Autocomplete handler for suggestions.
	Autocomplete bool
}

// Between returns a pointer pair for Option.Min and Option.Max.
func Between(lo, hi float64) (*float64, *float64) { return &lo, &hi }

// Subcommand is a command's subcommand, such as "/coins bw".
type Subcommand struct {
	Name        Text
	Description Text
	Options     []Option
	// Example is a complete invocation shown by /help.
	Example string
}

// Route routes component and modal custom_ids to a handler, like an HTTP
// path: the pattern "orbs/1/{state}" matches "orbs/1/AbC9" and sets
// Request.Params["state"]. A final "{rest...}" segment captures the rest.
// The first segment must be the command's name.
type Route struct {
	Pattern string
	Handle  HandlerFunc
}

// Command is a slash command: its definition and its handlers.
type Command struct {
	// Name.En is the command's name; Ko and Ja its localised names.
	Name        Text
	Description Text
	// Options of the command itself (when it has no subcommands).
	Options     []Option
	Subcommands []Subcommand
	// Examples are complete invocations shown by /help, the first one
	// foremost ("/orbs grid:\"110/011\"").
	Examples []string

	// Handle answers the slash command (all its subcommands).
	Handle HandlerFunc
	// Autocomplete, when set, answers autocomplete requests: it returns a
	// Reply with Choices for Request.Focused.
	Autocomplete HandlerFunc
	// Routes answer the command's buttons, select menus and modals.
	Routes []Route

	// Installs are the kinds of installation the command is offered by
	// (nil: every kind, a server's and a user's).
	Installs []Install
	// Places are where the command can be used (nil: everywhere, a
	// server, a DM with the bot and a group DM).
	Places []Place

	// Budget is the time a single answer may take (default DefaultBudget).
	Budget time.Duration
	// Caching, when set, lets the dispatcher reuse the command's replies
	// (slash command and routes); nil: never cached.
	Caching *Caching
	// Warm, when set, is started in the background when the bot starts
	// (for example to build tables), so the first user does not pay for it.
	// The bot reports ready when every Warm has returned.
	Warm func(ctx context.Context) error
}

// Install is a kind of installation of Alea, with Discord's numbering
// of integration types.
type Install int

// The kinds of installation.
const (
	// ServerInstall is Alea added to a server by its managers.
	ServerInstall Install = 0
	// UserInstall is Alea added to a user's account: the user can call
	// it anywhere, in servers that have not added it too.
	UserInstall Install = 1
)

// Place is where an interaction happens, with Discord's numbering of
// interaction contexts.
type Place int

// The places.
const (
	// InServer is a server's channel.
	InServer Place = 0
	// InBotDM is a direct message with Alea.
	InBotDM Place = 1
	// InPrivateChannel is a group DM or a DM between other users.
	InPrivateChannel Place = 2
)

// OfferedBy returns the kinds of installation c is offered by: its
// Installs, or every kind.
func (c *Command) OfferedBy() []Install {
	if len(c.Installs) > 0 {
		return c.Installs
	}
	return []Install{ServerInstall, UserInstall}
}

// UsableIn returns the places c can be used in: its Places, or every
// place.
func (c *Command) UsableIn() []Place {
	if len(c.Places) > 0 {
		return c.Places
	}
	return []Place{InServer, InBotDM, InPrivateChannel}
}

// DefaultBudget is the time budget of a command that sets none.
const DefaultBudget = 10 * time.Second

// Kind is what kind of interaction a Request is.
type Kind int

// The kinds of interaction.
const (
	KindCommand Kind = iota + 1
	KindAutocomplete
	KindComponent
	KindModal
)

// Request is a parsed interaction, independent of how it arrived.
type Request struct {
	Kind Kind
	// ID identifies the interaction in logs.
	ID string
	// Command is the command path: "help", "coins bw".
	Command string
	// Options holds the typed option values: string, int64, float64 or bool.
	Options Options
	// Focused is the option being typed, for Autocomplete.
	Focused string
	Locale  Locale
	UserID  string
	// UserName is the display name of the user, when known.
	UserName  string
	GuildID   string
	ChannelID string
	// Permissions are the user's permissions in the channel, as Discord
	// sends them with the member of a server interaction (0 in DMs and
	// when the transport has none); see CanManageServer.
	Permissions int64
	// PermissionsKnown is set when Permissions are the member's, as
	// Discord sent them (read, in a server).
	PermissionsKnown bool
	// Place is where the interaction happened (Discord's context; a
	// transport that does not know says InServer when GuildID is set,
	// InBotDM otherwise).
	Place Place
	// KnownUsers are the users the transport can name, display name →
	// id, so that "@Name" in a text option means that user: the
	// playground's and the runner's users, or on Discord the users it
	// resolved for the interaction. Nil when none.
	KnownUsers map[string]string
	// UserInstalled reports an interaction through Alea installed to the
	// user's account rather than to the server (or DM) it happened in.
	UserInstalled bool
	// CustomID is the component's or modal's custom_id; Params are the
	// segments its Route captured.
	CustomID string
	Params   map[string]string
	// Values are the selected values of a select menu.
	Values []string
	// Fields are a modal's text inputs by custom_id.
	Fields map[string]string
	// Message is the bot's own message that holds the pressed component
	// (or that opened the modal), as Discord sends it with every component
	// and modal interaction; nil for slash commands, or when the transport
	// has none.
	Message *Message
}

// Discord's permission bits that let a member manage a server.
const (
	PermAdministrator int64 = 1 << 3
	PermManageGuild   int64 = 1 << 5
)

// PermUseExternalApps lets a member use apps installed to their own
// account (not to the server) with replies everyone sees.
const PermUseExternalApps int64 = 1 << 50

// RepliesPrivate reports whether Discord shows every reply to this
// interaction to its user alone, whatever the reply asks: Alea is
// installed to the user's account only (not to this server), in a server
// where the member lacks Use External Apps.
func (r *Request) RepliesPrivate() bool {
	return r.GuildID != "" && r.Place == InServer && r.UserInstalled && r.PermissionsKnown && r.Permissions&(PermUseExternalApps|PermAdministrator) == 0
}

// CanManageServer reports whether the user may change the server's
// settings: in a server, with the Administrator or Manage Server
// permission.
func (r *Request) CanManageServer() bool {
	return r.GuildID != "" && r.Permissions&(PermAdministrator|PermManageGuild) != 0
}

// Subcommand returns the subcommand of the command path ("bw" for
// "coins bw"), or "".
func (r *Request) Subcommand() string {
	for i := 0; i < len(r.Command); i++ {
		if r.Command[i] == ' ' {
			return r.Command[i+1:]
		}
	}
	return ""
}

// Options are the typed values of a request's options by canonical name.
type Options map[string]any

// Has reports whether the option was given.
func (o Options) Has(name string) bool { _, ok := o[name]; return ok }

// String returns the string option name, or def when absent.
func (o Options) String(name, def string) string {
	if v, ok := o[name].(string); ok {
		return v
	}
	return def
}

// Int returns the integer option name, or def when absent.
func (o Options) Int(name string, def int64) int64 {
	switch v := o[name].(type) {
	case int64:
		return v
	case float64:
		return int64(v)
	}
	return def
}

// Float returns the number option name, or def when absent.
func (o Options) Float(name string, def float64) float64 {
	switch v := o[name].(type) {
	case float64:
		return v
	case int64:
		return float64(v)
	}
	return def
}

// Bool returns the boolean option name, or def when absent.
func (o Options) Bool(name string, def bool) bool {
	if v, ok := o[name].(bool); ok {
		return v
	}
	return def
}

// MessageLink returns the link to the message that holds the pressed
// component (https://discord.com/channels/{guild or @me}/{channel}/{message}),
// which leads a reader back to it; "" when the request carries no
// message or no channel.
func (r *Request) MessageLink() string {
	if r.Message == nil || r.Message.ID == "" || r.ChannelID == "" {
		return ""
	}
	guild := r.GuildID
	if guild == "" {
		guild = "@me"
	}
	return "https://discord.com/channels/" + guild + "/" + r.ChannelID + "/" + r.Message.ID
}
