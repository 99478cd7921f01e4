// Package yachttable is the floor of the multiplayer Yacht table, between
// the engine and the /yacht start command: what a table is made of that
// needs no words and no Discord. So far: the virtual dice, derived under
// the bot's secret so that nobody can foresee them; the game's identity
// and start time; and the compact log of the decisions that cost points,
// kept in the state so that a finished game can be recorded and reviewed.
package yachttable
