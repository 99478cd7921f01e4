// Package runner is the local runner (alea run): it reads a slash command
// as typed in Discord, answers it through the dispatcher and prints the
// reply as text, as Discord's JSON, or as the reply's data.
package runner

import (
	"encoding/json"

	"github.com/alea-bot/alea/bot"
	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/slash"
	"github.com/alea-bot/alea/commands"
)

// SlashRequest turns a typed slash line into a request for reg (see
// slash.Request), asked by the local player.
func SlashRequest(reg *commands.Registry, line string, locale commands.Locale) (*commands.Request, error) {
	req, err := slash.Request(reg, line, locale)
	if err != nil {
		return nil, err
	}
	req.ID, req.UserID, req.UserName = "local", "local", localUser.In(locale)
	req.KnownUsers = bot.LocalKnownUsers()
	return req, nil
}

// FormatJSON renders the interaction response exactly as it is sent to
// Discord ({"type":4,"data":{...}}); files travel beside it as multipart
// parts named in data.attachments.
func FormatJSON(req *commands.Request, r *commands.Reply) ([]byte, error) {
	return json.MarshalIndent(payload.Response(req, r), "", "  ")
}

// localUser is the name the runner's player goes by, as a game shows it.
var localUser = commands.T("you", "나", "あなた")
