package payload

import (
	"encoding/json"
	"fmt"
	"strings"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/commands"
)

// Incoming is an interaction as Discord posts it, decoded in one pass of
// encoding/json into the fields Alea reads (discordgo's Interaction
// decodes the body, then its data a second time, into interface-typed
// values). Request gives the same request as ParseInteraction on
// discordgo's decoding of the same body.
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
		Permissions int64         `json:"permissions,string"`
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

// Request converts the interaction into a request, as ParseInteraction
// does; an interaction type Alea does not answer is an error.
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
		req.Permissions = i.Member.Permissions
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

func isSub(t discordgo.ApplicationCommandOptionType) bool {
	return t == discordgo.ApplicationCommandOptionSubCommand || t == discordgo.ApplicationCommandOptionSubCommandGroup
}
