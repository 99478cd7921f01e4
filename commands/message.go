package commands

import "time"

// Message is the bot's own message a component was used on (or that
// opened a modal), as the transport received it with the interaction:
// Discord sends it with every component interaction, and only the bot can
// edit it, so a game may keep (sealed) state in it.
type Message struct {
	// ID is the message's id.
	ID string
	// Content is the message's text.
	Content string
	// Embeds are the message's embeds; Image and Thumbnail are the URLs
	// the transport received (not attachment names).
	Embeds []Embed
	// Components are the message's rows of buttons and menus.
	Components []ActionRow
	// EditedAt is when the message was last edited, or sent when it never
	// was (Discord's edited_timestamp, else its timestamp).
	EditedAt time.Time
}

// HasCustomID reports whether id is the custom_id of one of the
// message's buttons or menus (Discord refuses an interaction whose
// custom_id is not on its message; a transport of our own checks it with
// this).
func (m *Message) HasCustomID(id string) bool {
	for _, c := range CustomIDs(m.Components) {
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
