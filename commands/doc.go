// Package commands is the seam between Discord and the mathematics.
//
// A slash command is a [Command]: its definition (typed, bounded options
// with English, Korean and Japanese names and descriptions) and a
// [HandlerFunc] that turns a parsed [Request] into a [Reply]. Handlers never
// see a transport: package bot adapts the Discord gateway, the HTTP
// interactions endpoint, the local runner (alea run) and the playground to
// this one interface, so every command runs and is tested without Discord.
//
// Components (buttons, select menus) and modals are routed by their
// custom_id like HTTP paths: a [Route] with the pattern "orbs/1/{state}"
// receives "orbs/1/AbC9" with Params["state"] == "AbC9". A game's live
// state lives in its custom_ids or the bot's own message, sealed with the
// kit of package game/seal, never in server memory; a finished game is
// recorded in the store.
//
// Strings shown to people are [Text] values (en, ko, ja) chosen by the
// interaction's [Locale]. Bad input is reported by returning a [*UserError],
// which every transport shows as an ephemeral, localised message.
package commands
