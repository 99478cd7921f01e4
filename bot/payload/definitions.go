package payload

import (
	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/commands"
)

// Definitions converts the registry into the payload of Discord's bulk
// overwrite of application commands, with Korean and Japanese names and
// descriptions as localizations, and the installations and places each
// command is offered in (integration_types and contexts: Discord reads
// them for global commands only).
func Definitions(reg *commands.Registry) []*discordgo.ApplicationCommand {
	out := make([]*discordgo.ApplicationCommand, 0, len(reg.Commands()))
	for _, c := range reg.Commands() {
		ac := &discordgo.ApplicationCommand{
			Type:                     discordgo.ChatApplicationCommand,
			Name:                     c.Name.En,
			NameLocalizations:        localizations(c.Name),
			Description:              c.Description.En,
			DescriptionLocalizations: localizations(c.Description),
		}
		installs := make([]discordgo.ApplicationIntegrationType, 0, 2)
		for _, k := range c.OfferedBy() {
			installs = append(installs, discordgo.ApplicationIntegrationType(k))
		}
		places := make([]discordgo.InteractionContextType, 0, 3)
		for _, p := range c.UsableIn() {
			places = append(places, discordgo.InteractionContextType(p))
		}
		ac.IntegrationTypes, ac.Contexts = &installs, &places
		if len(c.Subcommands) > 0 {
			for _, s := range c.Subcommands {
				ac.Options = append(ac.Options, &discordgo.ApplicationCommandOption{
					Type:                     discordgo.ApplicationCommandOptionSubCommand,
					Name:                     s.Name.En,
					NameLocalizations:        *localizations(s.Name),
					Description:              s.Description.En,
					DescriptionLocalizations: *localizations(s.Description),
					Options:                  optionDefinitions(s.Options),
				})
			}
		} else {
			ac.Options = optionDefinitions(c.Options)
		}
		out = append(out, ac)
	}
	return out
}

func optionDefinitions(opts []commands.Option) []*discordgo.ApplicationCommandOption {
	out := make([]*discordgo.ApplicationCommandOption, 0, len(opts))
	for _, o := range opts {
		d := &discordgo.ApplicationCommandOption{
			Type:                     discordgo.ApplicationCommandOptionType(o.Type),
			Name:                     o.Name.En,
			NameLocalizations:        *localizations(o.Name),
			Description:              o.Description.En,
			DescriptionLocalizations: *localizations(o.Description),
			Required:                 o.Required,
			Autocomplete:             o.Autocomplete,
			MinValue:                 o.Min,
		}
		if o.Max != nil {
			d.MaxValue = *o.Max
		}
		if o.MinLength > 0 {
			n := o.MinLength
			d.MinLength = &n
		}
		d.MaxLength = o.MaxLength
		for _, ch := range o.Choices {
			v := ch.Value
			if i, ok := v.(int); ok {
				v = int64(i)
			}
			d.Choices = append(d.Choices, &discordgo.ApplicationCommandOptionChoice{
				Name: ch.Name.En, NameLocalizations: *localizations(ch.Name), Value: v,
			})
		}
		out = append(out, d)
	}
	return out
}

// localizations maps a Text's Korean and Japanese forms to Discord locales.
func localizations(t commands.Text) *map[discordgo.Locale]string {
	m := map[discordgo.Locale]string{}
	if t.Ko != "" && t.Ko != t.En {
		m[discordgo.Korean] = t.Ko
	}
	if t.Ja != "" && t.Ja != t.En {
		m[discordgo.Japanese] = t.Ja
	}
	if len(m) == 0 {
		return &m
	}
	return &m
}
