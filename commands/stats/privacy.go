package stats

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"time"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/records"
	"github.com/alea-bot/alea/store"
)

// kept reports whether the store keeps anything about the export's user.
func kept(exp store.Export) bool {
	return len(exp.Games) > 0 || len(exp.Daily.Attempts) > 0 || exp.Daily.Public
}

// MeData is the data output of /stats me.
type MeData struct {
	User  string `json:"user"`
	Games int    `json:"games"`
	// Here counts the games played in this server.
	Here int `json:"here"`
	// Recording is whether this server records its games (true outside
	// a server).
	Recording bool `json:"recording"`
	// File is the attached export's name.
	File string `json:"file"`
}

// ForgetData is the data output of a deletion: asked (Done false, Games
// the games concerned) or done (Games deleted, Seats deleted or unlinked).
type ForgetData struct {
	Done  bool `json:"done"`
	Games int  `json:"games"`
	Seats int  `json:"seats"`
}

// ServerData is the data output of /stats server.
type ServerData struct {
	Guild     string `json:"guild"`
	Recording bool   `json:"recording"`
	CanManage bool   `json:"can_manage"`
}

// me answers /stats me: what is kept about the user, the export attached,
// and a button to delete it. Always private.
func (d Deps) me(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	exp, err := d.Store.Export(ctx, req.UserID)
	if err != nil {
		return records.StoreError(l, err)
	}
	recording := true
	if req.GuildID != "" {
		if recording, err = d.Store.Recording(ctx, req.GuildID); err != nil {
			return records.StoreError(l, err)
		}
	}
	data := MeData{User: req.UserID, Games: len(exp.Games), Recording: recording}
	for _, pg := range exp.Games {
		if req.GuildID != "" && pg.Game.Guild == req.GuildID {
			data.Here++
		}
	}
	file, name, err := exportFile(exp, req.UserID, d.now())
	if err != nil {
		return nil, err
	}
	data.File = name
	e := commands.Embed{Title: msgMeTitle.In(l), Color: records.Colour}
	counts := []string{msgMeGames.Format(l, data.Games)}
	if req.GuildID != "" {
		counts = append(counts, msgMeHere.Format(l, data.Here))
		if !recording {
			counts = append(counts, msgRecordingOffHere.In(l))
		}
	}
	fileLine := msgMeExport.Format(l, name)
	if file == nil {
		fileLine = msgMeTooBig.In(l)
	}
	deleteLine := ""
	if kept(exp) {
		deleteLine = msgMeDelete.In(l)
	}
	e.Description = "**" + commands.Sentences(l, counts...) + "**\n\n" + msgMeWhat.In(l) + "\n" + commands.Sentences(l, fileLine, deleteLine)
	reply := &commands.Reply{Embeds: []commands.Embed{e}, Ephemeral: true, Data: data}
	if file != nil {
		reply.Files = []commands.File{*file}
	}
	if kept(exp) {
		reply.Components = []commands.ActionRow{{{Kind: commands.Button, CustomID: "stats/1/forget/" + req.UserID,
			Label: msgForgetButton.In(l), Emoji: "🗑️", Style: commands.Danger}}}
	}
	return reply, nil
}

// exportFile writes the export as JSON, gzipped when it would pass
// Discord's file limit; nil when even that is too big (the reply says so).
func exportFile(exp store.Export, user string, now time.Time) (*commands.File, string, error) {
	b, err := json.MarshalIndent(ExportOf(exp, user, now), "", " ")
	if err != nil {
		return nil, "", err
	}
	if len(b) <= commands.MaxFileSize {
		return &commands.File{Name: "alea-data.json", ContentType: "application/json", Data: b}, "alea-data.json", nil
	}
	var z bytes.Buffer
	w := gzip.NewWriter(&z)
	w.Write(b)
	if err := w.Close(); err != nil {
		return nil, "", err
	}
	if z.Len() > commands.MaxFileSize {
		return nil, "", nil
	}
	return &commands.File{Name: "alea-data.json.gz", ContentType: "application/gzip", Data: z.Bytes()}, "alea-data.json.gz", nil
}

// askForget asks the user to confirm deleting their data (/stats forget,
// or the Delete button of /stats me).
func (d Deps) askForget(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	if u, ok := req.Params["user"]; ok && u != req.UserID {
		return nil, commands.Rejectf(msgNotYourButton)
	}
	exp, err := d.Store.Export(ctx, req.UserID)
	if err != nil {
		return records.StoreError(l, err)
	}
	if !kept(exp) {
		return &commands.Reply{Content: msgNothingKept.In(l), Ephemeral: true, Data: ForgetData{}}, nil
	}
	return &commands.Reply{Content: msgForgetAsk.Format(l, len(exp.Games)), Ephemeral: true, Data: ForgetData{Games: len(exp.Games)},
		Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "stats/1/forgotten/" + req.UserID,
			Label: msgForgetConfirm.In(l), Emoji: "🗑️", Style: commands.Danger}}}}, nil
}

// forget deletes the user's data after the confirm button.
func (d Deps) forget(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	if req.Params["user"] != req.UserID {
		return nil, commands.Rejectf(msgNotYourButton)
	}
	f, err := d.Store.ForgetUser(ctx, req.UserID)
	if err != nil {
		return records.StoreError(l, err)
	}
	return &commands.Reply{Content: msgForgotten.Format(l, f.Seats), Ephemeral: true, Update: true,
		Data: ForgetData{Done: true, Games: f.Games, Seats: f.Seats}}, nil
}

// server answers /stats server: whether this server records its games,
// and for admins the switch and the deletion.
func (d Deps) server(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	if req.GuildID == "" {
		return nil, commands.Rejectf(msgServerOnly)
	}
	on, err := d.Store.Recording(ctx, req.GuildID)
	if err != nil {
		return records.StoreError(l, err)
	}
	return serverReply(l, req, on, ""), nil
}

// serverReply shows the recording switch; done, when set, says what was
// just done.
func serverReply(l commands.Locale, req *commands.Request, on bool, done string) *commands.Reply {
	data := ServerData{Guild: req.GuildID, Recording: on, CanManage: req.CanManageServer()}
	state := msgRecordingOn.In(l)
	if !on {
		state = msgRecordingOff.In(l)
	}
	lines := []string{}
	if done != "" {
		lines = append(lines, done)
	}
	lines = append(lines, state, msgServerWhat.In(l))
	r := &commands.Reply{Ephemeral: true, Data: data}
	if !data.CanManage {
		lines = append(lines, msgAdminsOnly.In(l))
	} else {
		next, label := "off", msgTurnOff.In(l)
		if !on {
			next, label = "on", msgTurnOn.In(l)
		}
		r.Components = []commands.ActionRow{{
			{Kind: commands.Button, CustomID: "stats/1/rec/" + req.GuildID + "/" + next, Label: label, Style: commands.Primary},
			{Kind: commands.Button, CustomID: "stats/1/wipe/" + req.GuildID, Label: msgWipeButton.In(l), Emoji: "🗑️", Style: commands.Danger},
		}}
	}
	r.Embeds = []commands.Embed{{Title: msgServerTitle.In(l), Description: commands.JoinLines(lines, commands.MaxEmbedDescription), Color: records.Colour}}
	return r
}

// admin checks that a server button is pressed in its own server by a
// member who may manage it.
func admin(req *commands.Request) error {
	if req.GuildID == "" || req.Params["guild"] != req.GuildID {
		return commands.Rejectf(msgNotYourButton)
	}
	if !req.CanManageServer() {
		return commands.Rejectf(msgAdminsOnly)
	}
	return nil
}

// setRecording turns the server's recording on or off.
func (d Deps) setRecording(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	if err := admin(req); err != nil {
		return nil, err
	}
	var on bool
	switch req.Params["on"] {
	case "on":
		on = true
	case "off":
	default:
		return nil, commands.Rejectf(msgNotYourButton)
	}
	if err := d.Store.SetRecording(ctx, req.GuildID, on); err != nil {
		return records.StoreError(l, err)
	}
	done := msgTurnedOff.In(l)
	if on {
		done = msgTurnedOn.In(l)
	}
	r := serverReply(l, req, on, done)
	r.Update = true
	return r, nil
}

// askWipe asks an admin to confirm deleting the server's games.
func (d Deps) askWipe(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	if err := admin(req); err != nil {
		return nil, err
	}
	return &commands.Reply{Content: msgWipeAsk.In(l), Ephemeral: true, Data: ForgetData{},
		Components: []commands.ActionRow{{{Kind: commands.Button, CustomID: "stats/1/wiped/" + req.GuildID,
			Label: msgWipeConfirm.In(l), Emoji: "🗑️", Style: commands.Danger}}}}, nil
}

// wipe deletes the server's games after the confirm button.
func (d Deps) wipe(ctx context.Context, req *commands.Request) (*commands.Reply, error) {
	l := req.Locale
	if err := admin(req); err != nil {
		return nil, err
	}
	f, err := d.Store.ForgetGuild(ctx, req.GuildID)
	if err != nil {
		return records.StoreError(l, err)
	}
	return &commands.Reply{Content: msgWiped.Format(l, f.Games), Ephemeral: true, Update: true,
		Data: ForgetData{Done: true, Games: f.Games, Seats: f.Seats}}, nil
}
