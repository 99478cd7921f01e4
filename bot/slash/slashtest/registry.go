// Package slashtest holds the command registry that the tests of the slash
// line parser and of the runner share: a command with subcommands and one
// with a string and an integer option, each named in English, Korean and
// Japanese.
package slashtest

import (
	"context"

	"github.com/alea-bot/alea/commands"
)

// Registry returns /coins (subcommands bw, with a string option position,
// and pile), /yacht-advise (options dice and roll) and /a; every command
// answers Reply("x").
func Registry() *commands.Registry {
	sub := &commands.Command{
		Name:        commands.T("coins", "동전", "コイン"),
		Description: commands.T("coin games", "동전 게임", "コインゲーム"),
		Subcommands: []commands.Subcommand{
			{Name: commands.T("bw", "흑백", "白黒"), Description: commands.T("bw", "bw", "bw"),
				Options: []commands.Option{{Name: commands.T("position", "배치", "配置"), Description: commands.T("p", "p", "p"), Type: commands.String}}},
			{Name: commands.T("pile", "더미", "山"), Description: commands.T("pile", "pile", "pile")}},
		Handle: Reply("x"),
	}
	adv := &commands.Command{
		Name: commands.T("yacht-advise", "요트-조언", "ヨット助言"), Description: commands.T("a", "a", "a"), Handle: Reply("x"),
		Options: []commands.Option{
			{Name: commands.T("dice", "주사위", "サイコロ"), Description: commands.T("d", "d", "d"), Type: commands.String},
			{Name: commands.T("roll", "굴림", "何投目"), Description: commands.T("r", "r", "r"), Type: commands.Integer},
		},
	}
	return commands.NewRegistry(sub, adv, &commands.Command{Name: commands.T("a", "", ""), Description: commands.T("a", "", ""), Handle: Reply("x")})
}

// Reply returns a handler that answers content.
func Reply(content string) commands.HandlerFunc {
	return func(context.Context, *commands.Request) (*commands.Reply, error) {
		return &commands.Reply{Content: content}, nil
	}
}
