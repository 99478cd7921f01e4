package payload

import (
	"strconv"
	"unicode/utf8"

	"github.com/bwmarrin/discordgo"

	"github.com/alea-bot/alea/commands"
)

// appendMessageResponse appends the JSON of a message response of type
// typ (4 or 7) for reply, which has no files and no modal: the bytes
// json.Marshal writes for Response(req, reply), written directly (no
// discordgo values, no reflection, no component marshalling into
// intermediate buffers).
func appendMessageResponse(b []byte, typ discordgo.InteractionResponseType, r *commands.Reply) []byte {
	b = append(b, `{"type":`...)
	b = strconv.AppendInt(b, int64(typ), 10)
	b = append(b, `,"data":{"tts":false,"content":`...)
	b = appendString(b, r.Content)
	b = append(b, `,"components":[`...)
	for i, row := range r.Components {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendRow(b, row)
	}
	b = append(b, `],"embeds":[`...)
	for i, e := range r.Embeds {
		if i > 0 {
			b = append(b, ',')
		}
		b = appendEmbed(b, &e)
	}
	b = append(b, `],"allowed_mentions":{"parse":[]`...)
	if r.AllowedMentions != nil && len(r.AllowedMentions.Users) > 0 {
		b = append(b, `,"users":[`...)
		for i, u := range r.AllowedMentions.Users {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(b, u)
		}
		b = append(b, ']')
	}
	b = append(b, `,"replied_user":false}`...)
	if r.Ephemeral {
		b = append(b, `,"flags":`...)
		b = strconv.AppendInt(b, int64(discordgo.MessageFlagsEphemeral), 10)
	}
	return append(b, "}}"...)
}

func appendEmbed(b []byte, e *commands.Embed) []byte {
	b = append(b, '{')
	first := true
	key := func(b []byte, k string) []byte {
		if !first {
			b = append(b, ',')
		}
		first = false
		return append(b, k...)
	}
	if e.URL != "" {
		b = appendString(key(b, `"url":`), e.URL)
	}
	if e.Title != "" {
		b = appendString(key(b, `"title":`), e.Title)
	}
	if e.Description != "" {
		b = appendString(key(b, `"description":`), e.Description)
	}
	if e.Color != 0 {
		b = strconv.AppendInt(key(b, `"color":`), int64(e.Color), 10)
	}
	if e.Footer != "" {
		b = append(appendString(key(b, `"footer":{"text":`), e.Footer), '}')
	}
	if e.Image != "" {
		b = append(appendString(key(b, `"image":{"url":`), "attachment://"+e.Image), '}')
	}
	if e.Thumbnail != "" {
		b = append(appendString(key(b, `"thumbnail":{"url":`), "attachment://"+e.Thumbnail), '}')
	}
	if len(e.Fields) > 0 {
		b = key(b, `"fields":[`)
		for i, f := range e.Fields {
			if i > 0 {
				b = append(b, ',')
			}
			b = appendString(append(b, `{"name":`...), f.Name)
			b = appendString(append(b, `,"value":`...), f.Value)
			if f.Inline {
				b = append(b, `,"inline":true`...)
			}
			b = append(b, '}')
		}
		b = append(b, ']')
	}
	return append(b, '}')
}

func appendRow(b []byte, row commands.ActionRow) []byte {
	b = append(b, `{"components":[`...)
	n := 0
	for _, c := range row {
		switch c.Kind {
		case commands.Button:
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = appendButton(b, &c)
		case commands.SelectMenu:
			if n > 0 {
				b = append(b, ',')
			}
			n++
			b = appendMenu(b, &c)
		}
	}
	return append(b, `],"type":1}`...)
}

func appendButton(b []byte, c *commands.Component) []byte {
	style := int64(c.Style)
	if style == 0 {
		style = int64(discordgo.PrimaryButton)
	}
	b = appendString(append(b, `{"label":`...), c.Label)
	b = strconv.AppendInt(append(b, `,"style":`...), style, 10)
	b = strconv.AppendBool(append(b, `,"disabled":`...), c.Disabled)
	if c.Emoji != "" {
		b = append(appendString(append(b, `,"emoji":{"name":`...), c.Emoji), '}')
	}
	if c.URL != "" {
		b = appendString(append(b, `,"url":`...), c.URL)
	}
	if c.Style != commands.Link && c.CustomID != "" {
		b = appendString(append(b, `,"custom_id":`...), c.CustomID)
	}
	return append(b, `,"type":2}`...)
}

func appendMenu(b []byte, c *commands.Component) []byte {
	max := c.MaxValues
	if max == 0 {
		max = 1
	}
	b = append(b, '{')
	if c.CustomID != "" {
		b = append(appendString(append(b, `"custom_id":`...), c.CustomID), ',')
	}
	b = appendString(append(b, `"placeholder":`...), c.Placeholder)
	b = strconv.AppendInt(append(b, `,"min_values":`...), int64(c.MinValues), 10)
	b = strconv.AppendInt(append(b, `,"max_values":`...), int64(max), 10)
	if len(c.Options) > 0 {
		b = append(b, `,"options":[`...)
		for i, o := range c.Options {
			if i > 0 {
				b = append(b, ',')
			}
			b = append(b, '{')
			if o.Label != "" {
				b = append(appendString(append(b, `"label":`...), o.Label), ',')
			}
			b = appendString(append(b, `"value":`...), o.Value)
			b = appendString(append(b, `,"description":`...), o.Description)
			if o.Emoji != "" {
				b = append(appendString(append(b, `,"emoji":{"name":`...), o.Emoji), '}')
			}
			b = append(strconv.AppendBool(append(b, `,"default":`...), o.Default), '}')
		}
		b = append(b, ']')
	}
	b = strconv.AppendBool(append(b, `,"disabled":`...), c.Disabled)
	b = strconv.AppendInt(append(b, `,"type":`...), int64(discordgo.StringSelectMenu), 10)
	return append(b, '}')
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string escaped as encoding/json
// escapes it (HTML characters, U+2028 and U+2029 included; invalid UTF-8
// becomes U+FFFD).
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, `\b`...)
			case '\f':
				b = append(b, `\f`...)
			case '\n':
				b = append(b, `\n`...)
			case '\r':
				b = append(b, `\r`...)
			case '\t':
				b = append(b, `\t`...)
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xf])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xf])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
