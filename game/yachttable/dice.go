package yachttable

import "github.com/alea-bot/alea/game/yachtdice"

// Bound returns what g's fresh dice are bound to (its Source; its ID for
// yachtdice.Game, its Rules and Daily for yachtdice.Daily), for
// yachtdice.Dice.For.
func (g *Table) Bound() yachtdice.Bound {
	b := yachtdice.Bound{Source: g.Source, ID: g.ID.String(), Rules: g.Rules.Key}
	if g.Daily != nil {
		b.Day, b.HasDay = g.Daily.Day, true
	}
	return b
}
