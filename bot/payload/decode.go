package payload

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/commands"
)

// Incoming is an interaction as Discord sends it (posted to the endpoint,
// or the data of a gateway INTERACTION_CREATE), decoded in one pass of
// encoding/json into the fields Alea reads. It is the one decoder of
// interactions: discordgo's Interaction decodes the body, then its data
// a second time, into interface-typed values, and fails on a member's
// permissions past 2^63.
type Incoming struct {
	ID        string                    `json:"id"`
	AppID     string                    `json:"application_id"`
	Type      discordgo.InteractionType `json:"type"`
	Token     string                    `json:"token"`
	GuildID   string                    `json:"guild_id"`
	ChannelID string                    `json:"channel_id"`
	Locale    string                    `json:"locale"`
	Member    *struct {
		User        *incomingUser `json:"user"`
		Permissions Permissions   `json:"permissions"`
	} `json:"member"`
	User    *incomingUser      `json:"user"`
	Message *discordgo.Message `json:"message"`
	Data    *incomingData      `json:"data"`
	// Context is where the interaction happened; AuthorizingOwners, by
	// which installations (server, user) the command was offered.
	Context           discordgo.InteractionContextType                `json:"context"`
	AuthorizingOwners map[discordgo.ApplicationIntegrationType]string `json:"authorizing_integration_owners"`
}

type incomingUser struct {
	ID         string `json:"id"`
	Username   string `json:"username"`
	GlobalName string `json:"global_name"`
}

// incomingData holds the data of every interaction type Alea answers:
// a command's name and options, a component's custom_id and values, a
// modal's custom_id and rows of inputs.
type incomingData struct {
	Name     string           `json:"name"`
	Options  []incomingOption `json:"options"`
	CustomID string           `json:"custom_id"`
	Values   []string         `json:"values"`
	Resolved *struct {
		Users map[string]*incomingUser `json:"users"`
	} `json:"resolved"`
	Components []struct {
		Type       discordgo.ComponentType `json:"type"`
		Components []struct {
			Type     discordgo.ComponentType `json:"type"`
			CustomID string                  `json:"custom_id"`
			Value    string                  `json:"value"`
		} `json:"components"`
	} `json:"components"`
}

type incomingOption struct {
	Name    string                                 `json:"name"`
	Type    discordgo.ApplicationCommandOptionType `json:"type"`
	Value   any                                    `json:"value"`
	Options []incomingOption                       `json:"options"`
	Focused bool                                   `json:"focused"`
}

// DecodeInteraction decodes the JSON body of an interaction; one without
// data (other than a PING) is malformed.
func DecodeInteraction(body []byte) (*Incoming, error) {
	in := &Incoming{}
	if err := json.Unmarshal(body, in); err != nil {
		return nil, fmt.Errorf("payload: malformed interaction: %w", err)
	}
	if in.Data == nil && in.Type != discordgo.InteractionPing {
		return nil, fmt.Errorf("payload: interaction of type %d without data", in.Type)
	}
	return in, nil
}

// Request converts the interaction into a request: in a server the user
// comes as member.user, in a DM or a group DM (and through a user
// installation outside a server) as user; an interaction without either
// has no UserID, and the transports refuse it. An interaction type Alea
// does not answer is an error.
func (i *Incoming) Request() (*commands.Request, error) {
	req := &commands.Request{
		ID:        i.ID,
		Locale:    commands.ParseLocale(i.Locale),
		GuildID:   i.GuildID,
		ChannelID: i.ChannelID,
		Options:   commands.Options{},
	}
	setPlace(req, i.Context, i.AuthorizingOwners)
	user := i.User
	if i.Member != nil && i.Member.User != nil {
		user = i.Member.User
	}
	if i.Member != nil {
		req.Permissions = int64(i.Member.Permissions.Low)
		req.PermissionsKnown = i.Member.Permissions.Read
	}
	if user != nil {
		setUser(req, user.ID, user.Username, user.GlobalName)
	}
	d := i.Data
	if d == nil {
		d = &incomingData{}
	}
	switch i.Type {
	case discordgo.InteractionApplicationCommand, discordgo.InteractionApplicationCommandAutocomplete:
		req.Kind = commands.KindCommand
		if i.Type == discordgo.InteractionApplicationCommandAutocomplete {
			req.Kind = commands.KindAutocomplete
		}
		opts := d.Options
		if len(opts) == 1 && isSub(opts[0].Type) {
			path := []string{d.Name}
			for len(opts) == 1 && isSub(opts[0].Type) {
				path = append(path, opts[0].Name)
				opts = opts[0].Options
			}
			req.Command = strings.Join(path, " ")
		} else {
			req.Command = d.Name
		}
		if d.Resolved != nil {
			for id, u := range d.Resolved.Users {
				if u != nil {
					addKnownUser(req, id, u.Username, u.GlobalName)
				}
			}
		}
		for _, o := range opts {
			req.Options[o.Name] = o.Value
			if o.Focused {
				req.Focused = o.Name
			}
		}
	case discordgo.InteractionMessageComponent:
		req.Kind = commands.KindComponent
		req.CustomID = d.CustomID
		req.Values = d.Values
		req.Message = MessageFrom(i.Message)
	case discordgo.InteractionModalSubmit:
		req.Kind = commands.KindModal
		req.CustomID = d.CustomID
		req.Message = MessageFrom(i.Message)
		req.Fields = map[string]string{}
		for _, row := range d.Components {
			if row.Type != discordgo.ActionsRowComponent {
				continue
			}
			for _, c := range row.Components {
				if c.Type == discordgo.TextInputComponent {
					req.Fields[c.CustomID] = c.Value
				}
			}
		}
	default:
		return nil, fmt.Errorf("payload: interaction type %d is not answered", i.Type)
	}
	return req, nil
}

// setPlace sets where req happened from Discord's context and the
// installations that offered the command. Before interaction contexts,
// Discord sent no context: a guild id says a server, none a DM.
func setPlace(req *commands.Request, context discordgo.InteractionContextType, owners map[discordgo.ApplicationIntegrationType]string) {
	req.Place = commands.Place(context)
	if _, sent := owners[discordgo.ApplicationIntegrationUserInstall]; sent {
		_, byServer := owners[discordgo.ApplicationIntegrationGuildInstall]
		req.UserInstalled = !byServer
	}
	if req.Place == commands.InServer && req.GuildID == "" && len(owners) == 0 {
		req.Place = commands.InBotDM
	}
}

// setUser sets who sent req: the id, and the display name (the global
// name, else the user name).
func setUser(req *commands.Request, id, username, globalName string) {
	req.UserID, req.UserName = id, globalName
	if req.UserName == "" {
		req.UserName = username
	}
}

// addKnownUser lets "@Name" in a text option name a user Discord resolved
// for the interaction, by either of their names.
func addKnownUser(req *commands.Request, id, username, globalName string) {
	if req.KnownUsers == nil {
		req.KnownUsers = map[string]string{}
	}
	for _, n := range []string{username, globalName} {
		if n != "" {
			req.KnownUsers[n] = id
		}
	}
}

// PermissionsUnreadable reports a member whose permissions are not a
// decimal string: read as no permission, which the transports log.
func (i *Incoming) PermissionsUnreadable() bool {
	return i.Member != nil && i.Member.Permissions.Unreadable
}

// Permissions are a member's permissions as Discord sends them: a
// bitfield written as a decimal string, which grows as Discord adds
// permissions (bit 50 is Use External Apps; nothing bounds it at 64
// bits). Any length is read: Low holds its low 64 bits exactly (the
// bits Alea reads), the digits taken modulo 2^64. A value that is not
// a decimal string (or number) is read as no permission and marked
// Unreadable, so it never fails the interaction.
type Permissions struct {
	Low        uint64
	Unreadable bool
	// Read is set when a readable value was sent.
	Read bool
}

// UnmarshalJSON implements json.Unmarshaler.
func (p *Permissions) UnmarshalJSON(b []byte) error {
	*p = Permissions{}
	s := string(b)
	if s == "null" {
		return nil
	}
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		s = s[1 : len(s)-1]
	}
	if s == "" {
		p.Unreadable = true
		return nil
	}
	var low uint64
	for i := 0; i < len(s); i++ {
		c := s[i]
		if c < '0' || c > '9' {
			*p = Permissions{Unreadable: true}
			return nil
		}
		// Multiplying and adding in uint64 wraps modulo 2^64: the low 64
		// bits of the whole number, whatever its length.
		low = low*10 + uint64(c-'0')
	}
	p.Low, p.Read = low, true
	return nil
}

func isSub(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}
