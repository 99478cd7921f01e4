// Package yachttable is the game floor of the multiplayer Yacht table,
// between the engine and the /yacht start command: the table's rules,
// with no words and no Discord. A table (Table) is a state; every change
// a press can make is a Move (join, leave, start, roll, hold, enter dice,
// score, undo, play for an idle player, bring the board down, record
// again), which Authorise lets its presser make and Apply makes, owning
// the step counter, Alea's turns, Undo, the end and its time, and
// returning the Events the command narrates and the store records. The
// state's versioned binary form (state.go) travels sealed in the board's
// message with the state Undo returns to (EncodeBoard, OpenBoard); it
// keeps the game's identity and start time, the compact log of the
// decisions that cost points, and the last move as a board tells it
// (Told). The virtual dice come from a Roller (Dice: derived under the
// bot's secret, so that nobody can foresee them). A table marked Daily is
// a daily challenge's (package game/daily): one player, the day's dice,
// and only the dice, Roll and the score menu.
package yachttable
