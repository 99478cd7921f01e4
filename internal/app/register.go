package app

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"strings"
	"time"

	"github.com/alea-bot/alea/bot/payload"
	"github.com/alea-bot/alea/bot/registration"
	"github.com/alea-bot/alea/bot/rest"
	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/all"
	"github.com/alea-bot/alea/commands/yachtwords"
	"github.com/alea-bot/alea/config"
)

// notRegistered warns an HTTP-only bot without a token that nothing
// registers its commands.
const notRegistered = "the slash commands are not registered: nothing registers them without DISCORD_TOKEN. " +
	"Run `alea register` once with DISCORD_TOKEN set (again after each update of Alea), " +
	"or set DISCORD_TOKEN with DISCORD_GATEWAY=false so that serve registers them at every start"

// registerAtStart registers the commands over REST when the settings
// carry a token (on shard 0), before the transports start, or warns
// when an HTTP-only bot has no token to do it with.
func registerAtStart(ctx context.Context, cfg config.Config, reg *commands.Registry, userAgent string, log *slog.Logger) error {
	if !cfg.Registers() {
		if cfg.Endpoint() && cfg.Token == "" {
			log.Warn(notRegistered)
		}
		return nil
	}
	ctx, cancel := context.WithTimeout(ctx, startTimeout)
	defer cancel()
	res, err := registration.Register(ctx, payload.Definitions(reg), registrationOptions(cfg, userAgent))
	if err != nil {
		return fmt.Errorf("registering the commands: %w", err)
	}
	log.Info("commands registered", "application", res.AppID, "scope", res.Scope, "commands", len(res.Names))
	return nil
}

// registrationOptions are the settings' options for package registration.
func registrationOptions(cfg config.Config, userAgent string) registration.Options {
	return registration.Options{Token: cfg.Token.Reveal(), AppID: cfg.AppID, GuildID: cfg.GuildID,
		APIBase: cfg.APIBase, UserAgent: userAgent}
}

// Register is alea register: one bulk overwrite of the commands over
// REST with the settings' token, to DISCORD_GUILD_ID or globally. It
// prints what was registered and returns the exit status: 0 when
// registered, 1 when Discord refused (with its reason), 2 without a
// token.
func Register(ctx context.Context, cfg config.Config, version string, stdout, stderr io.Writer) int {
	if cfg.Token == "" {
		fmt.Fprintln(stderr, "alea register: set DISCORD_TOKEN (the bot token, from the Developer Portal's Bot page)")
		return 2
	}
	reg := all.Registry(all.Loopback()) // the definitions alone
	res, err := registration.Register(ctx, payload.Definitions(reg), registrationOptions(cfg, rest.UserAgent(version)))
	if err != nil {
		fmt.Fprintln(stderr, "alea register:", err)
		return 1
	}
	where := "globally (every server the bot is in; clients may take a while to show changes)"
	if cfg.GuildID != "" {
		where = "to guild " + cfg.GuildID
	}
	names := make([]string, len(res.Names))
	for i, n := range res.Names {
		names[i] = "/" + n
	}
	fmt.Fprintf(stdout, "Registered %d commands for application %s %s:\n  %s\n", len(names), res.AppID, where, strings.Join(names, " "))
	o := registrationOptions(cfg, rest.UserAgent(version))
	o.AppID = res.AppID
	if err := uploadDiceEmojis(ctx, o, stdout); err != nil {
		fmt.Fprintln(stderr, "alea register: the dice emojis:", err)
		return 1
	}
	return 0
}

// uploadDiceEmojis uploads the twelve dice emojis the application does
// not have yet, and says how many it uploaded.
func uploadDiceEmojis(ctx context.Context, o registration.Options, stdout io.Writer) error {
	faces, err := yachtwords.FaceEmojis()
	if err != nil {
		return err
	}
	emojis := make([]registration.Emoji, len(faces))
	for i, f := range faces {
		emojis[i] = registration.Emoji{Name: f.Name, PNG: f.PNG}
	}
	res, err := registration.UploadEmojis(ctx, emojis, o)
	if err != nil {
		return err
	}
	if len(res.Uploaded) == 0 {
		fmt.Fprintf(stdout, "The %d dice emojis were already there.\n", len(emojis))
	} else {
		// "1 dice emoji", "1 was already there", as "1 box open".
		there := len(emojis) - len(res.Uploaded)
		noun, verb := "emojis", "were"
		if len(res.Uploaded) == 1 {
			noun = "emoji"
		}
		if there == 1 {
			verb = "was"
		}
		fmt.Fprintf(stdout, "Uploaded %d dice %s (%d %s already there).\n", len(res.Uploaded), noun, there, verb)
	}
	return nil
}

// emojiWait bounds how long the bot waits at start for the list of its
// emojis before writing dice as glyphs.
const emojiWait = 5 * time.Second

// diceFaces asks Discord, within emojiWait, for the application's emojis
// and returns the dice they draw; without a token, or when Discord does
// not answer in time, dice are written as glyphs (and it says so in the
// log, once).
func diceFaces(ctx context.Context, cfg config.Config, userAgent string, log *slog.Logger) yachtwords.DiceFaces {
	if cfg.Token == "" {
		return yachtwords.DiceFaces{}
	}
	ctx, cancel := context.WithTimeout(ctx, emojiWait)
	defer cancel()
	ids, err := registration.ListEmojis(ctx, registrationOptions(cfg, userAgent))
	if err != nil {
		log.Info("dice drawn as glyphs: the application's emojis could not be listed", "err", err)
		return yachtwords.DiceFaces{}
	}
	f := yachtwords.NewDiceFaces(ids)
	if !f.Emojis() {
		log.Info("dice drawn as glyphs: the dice emojis are not uploaded (alea register uploads them)")
	}
	return f
}
