package yachtgame

import (
	"context"

	"github.com/alea-bot/alea/commands"
	"github.com/alea-bot/alea/commands/yachtboard"
	"github.com/alea-bot/alea/commands/yachtcoach"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/game/record"
	"github.com/alea-bot/alea/game/yachttable"
	"github.com/alea-bot/alea/store"
)

// The presses that change no table: the form for real dice, the private
// hint, and a new game of a finished one (and how a new game opens).

// enterPress opens the modal for real dice.
func enterPress(_ context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if !g.Presser(g.Cur, p.req.UserID) {
		return nil, p.notYourTurn()
	}
	if !g.Allowed(yachttable.MoveEnter) {
		return nil, commands.Rejectf(msgNotNow, g.Roll)
	}
	r := diceModal(p.req.Locale, g)
	sealReply(p.d.Key, r, p.c, false)
	return r, nil
}

// hintPress answers the player whose turn it is, privately; Show all
// edits the private hint it was pressed on to show every option.
func hintPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if !g.Presser(g.Cur, p.req.UserID) {
		return nil, p.notYourTurn()
	}
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	all := p.req.Params["action"] == string(actHintAll)
	r, err := hint(p.req.Locale, p.d.Faces, t, g, all)
	if err != nil {
		return nil, err
	}
	if g.Roll > 0 {
		// The decision its player takes on these dice is assisted.
		p.d.asker().Ask(store.Advice{User: p.req.UserID, Rules: yachttable.PresetKeys[g.Preset],
			Position: yachttable.Position(g.Current().Sheet, g.Dice, g.Roll), Game: g.ID.String()})
	}
	r.Update = all
	if line := p.d.Breakdowns.HintWhy(p.req.Locale, p.d.Faces, t, yachtcoach.Before(g), func(a strategy.Action) string {
		return yachtboard.Move(p.req.Locale, p.d.Faces, g.Rules, a)
	}); line != "" && len(r.Embeds[0].Description)+len(line) <= commands.MaxEmbedDescription-hintReserve {
		r.Embeds[0].Description += "\n\n" + line
	}
	if line := beatHint(ctx, p.d, p.req.Locale, t, g); line != "" {
		r.Embeds[0].Description += "\n\n" + line
	}
	sealReply(p.d.Key, r, p.c, true)
	return r, nil
}

// sheetsPress shows every sheet of a finished game, privately.
func sheetsPress(_ context.Context, p *pressing) (*commands.Reply, error) {
	return sheets(p.req.Locale, p.g, p.req), nil
}

// againPress starts a new game with the same seats and rules and a fresh
// seed, in a new message; the final board stays.
func againPress(ctx context.Context, p *pressing) (*commands.Reply, error) {
	g := p.g
	if !g.AtTable(p.req.UserID) {
		return nil, commands.Rejectf(msgNotSeated)
	}
	t, err := p.table(ctx)
	if err != nil {
		return nil, err
	}
	ng, err := g.Rematch(randomSeed())
	if err != nil {
		return nil, err
	}
	p.d.begin(ng, false)
	return p.d.opening(ctx, p.loc, t, ng, p.req)
}

// opening draws a game that begins now: Alea's first turns, if its seats
// come first (all of them in a game of Alea alone, which is recorded),
// then the board.
func (d *Deps) opening(ctx context.Context, loc commands.Locale, t *strategy.Table, g *game, req *commands.Request) (*commands.Reply, error) {
	now := d.now()
	events, err := g.Begin(t, now)
	if err != nil {
		return nil, err
	}
	rec := record.Report{Outcome: record.Off}
	if yachttable.Ended(events) {
		rec = d.record(ctx, t, g, req)
	}
	r, err := render(ctx, d, loc, t, g, rec, req, narrate(loc, d.Faces, g, req, yachttable.Told(events)), now)
	if err != nil {
		return nil, err
	}
	sealReply(d.Key, r, sealGame(d.Key, g, loc, false), true)
	return r, nil
}
