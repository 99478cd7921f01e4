package commands

import "time"

// Message is the bot's own message a component was used on, as the
// transport received it with the interaction (Discord sends it with every
// component interaction, and only the bot can edit it).
type Message struct {
	// ID is the message's id.
	ID string
	// Content is the message's text.
	Content string
	// Embeds are the message's embeds; Image and Thumbnail are the URLs
	// the transport received (not attachment names).
	Embeds []Embed
	// CustomIDs are the custom_ids of the message's buttons and select
	// menus, in order (link buttons have none).
	CustomIDs []string
	// EditedAt is when the message was last edited; zero when never.
	EditedAt time.Time
}

// HasCustomID reports whether id is the custom_id of one of the
// message's components.
func (m *Message) HasCustomID(id string) bool {
	for _, c := range m.CustomIDs {
		if c == id {
			return true
		}
	}
	return false
}

// CustomIDs returns the custom_ids of rows' buttons and select menus, in
// order (link buttons have none).
func CustomIDs(rows []ActionRow) []string {
	var out []string
	for _, row := range rows {
		for _, c := range row {
			if c.CustomID != "" && !(c.Kind == Button && c.Style == Link) {
				out = append(out, c.CustomID)
			}
		}
	}
	return out
}
