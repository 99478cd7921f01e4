package commands

// Reply is what a handler answers: a message (content, embeds, components,
// files), a modal, or autocomplete choices. Package bot turns it into
// Discord's payload and decides, by the clock, whether to defer it.
type Reply struct {
	Content    string
	Embeds     []Embed
	Components []ActionRow
	Files      []File
	// Ephemeral replies are seen only by the user who asked.
	Ephemeral bool
	// Update, for a component interaction, edits the message that holds
	// the component instead of posting a new one.
	Update bool
	// Modal, when set, opens a modal instead of posting a message.
	Modal *Modal
	// Choices answer an autocomplete request (at most 25).
	Choices []Choice
	// Data is the engine's result for `alea run --format data`, in the
	// schema docs/data.md gives for the command. It is never sent to Discord.
	Data any
	// AllowedMentions, when set, names the only users the message may ping
	// (Discord's allowed_mentions with an empty parse list and these
	// users); roles and @everyone are never pinged. Nil: nobody.
	AllowedMentions *AllowedMentions
	// FollowUp, when set, is a second, new message every transport posts
	// in the channel after this reply is delivered: Discord notifies
	// nobody of a mention added by editing a message, so an update that
	// must ping someone (the next player of a game) follows up with a
	// short message naming them; a game brought down to the bottom of the
	// channel carries on in one. It is never ephemeral and has no files;
	// its AllowedMentions name whom it pings.
	FollowUp *Reply
	// AfterFollowUp, when set with FollowUp on a component's reply, makes
	// the follow-up come first: a transport that can posts FollowUp,
	// then delivers AfterFollowUp(the follow-up's message id) in place of
	// this reply (its id "" when the follow-up could not be posted); nil
	// leaves the pressed message as it is. A game keeps the id of the ping
	// it posts this way (to remove it later), and a board brought down is
	// retired only once its new message exists. A transport that cannot
	// (the runner) delivers this reply, then FollowUp.
	AfterFollowUp func(followUpID string) *Reply `json:"-"`
	// Remove names messages of the bot in the request's channel that this
	// reply makes obsolete (an earlier turn's ping), by id: a transport
	// removes them once the reply is delivered, through the interaction's
	// webhook, else with the bot's token where Alea is in the server; a
	// message it cannot remove is left as it is, never an error.
	Remove []string `json:",omitempty"`
	// About names what the reply is about in the log lines of its
	// delivery (a game's id), so a warning names the game as well as the
	// interaction; never shown.
	About string `json:"-"`
}

// AllowedMentions lists the users a message pings.
type AllowedMentions struct {
	// Users are Discord user ids (at most 100).
	Users []string
}

// Embed is a Discord embed. Image and Thumbnail name an attached file
// ("tree.png"), shown through attachment://.
type Embed struct {
	Title       string
	Description string
	URL         string
	Color       int
	Fields      []Field
	Footer      string
	Image       string
	Thumbnail   string
}

// Field is one field of an embed.
type Field struct {
	Name, Value string
	Inline      bool
}

// ActionRow is one row of at most five buttons, or one select menu.
type ActionRow []Component

// ComponentKind is a component's kind, with Discord's numbering.
type ComponentKind int

// The component kinds Alea uses.
const (
	Button     ComponentKind = 2
	SelectMenu ComponentKind = 3
)

// ButtonStyle is a button's colour, with Discord's numbering.
type ButtonStyle int

// Button styles.
const (
	Primary   ButtonStyle = 1
	Secondary ButtonStyle = 2
	Success   ButtonStyle = 3
	Danger    ButtonStyle = 4
	Link      ButtonStyle = 5
)

// Component is a button or a string select menu.
type Component struct {
	Kind     ComponentKind
	CustomID string
	Disabled bool

	// Buttons.
	Label string
	Emoji string
	Style ButtonStyle
	URL   string

	// Select menus.
	Placeholder          string
	Options              []SelectOption
	MinValues, MaxValues int
}

// SelectOption is one entry of a select menu.
type SelectOption struct {
	Label, Value, Description, Emoji string
	Default                          bool
}

// File is an attachment.
type File struct {
	Name        string
	ContentType string
	Data        []byte
}

// Modal is a form with text inputs.
type Modal struct {
	CustomID string
	Title    string
	Inputs   []TextInput
}

// TextInput is one text field of a modal.
type TextInput struct {
	CustomID    string
	Label       string
	Placeholder string
	Value       string
	// Paragraph selects a multi-line input.
	Paragraph            bool
	Required             bool
	MinLength, MaxLength int
}
