// Package yachttest gives the tests of the Yacht commands the tables they
// share.
package yachttest

import (
	"context"
	"sync"

	"github.com/alea-bot/alea/engine/yacht"
	"github.com/alea-bot/alea/engine/yacht/strategy"
	"github.com/alea-bot/alea/internal/race"
)

// EndGameOpen is how many open categories the Yacht table covers under the
// race detector.
const EndGameOpen = 3

var (
	once   sync.Once
	tables *strategy.Tables
)

// Tables returns the tables shared by one test binary, each built when
// first asked for. Under the race detector, where a full build takes tens
// of seconds, the Yacht table holds only the end game (at most EndGameOpen
// open categories), so tests start from end-game sheets there.
func Tables() *strategy.Tables {
	once.Do(func() {
		tables = &strategy.Tables{}
		if race.Enabled {
			r, err := yacht.Preset(yacht.Yacht)
			if err != nil {
				panic(err)
			}
			tb, err := strategy.BuildEndGame(context.Background(), r, EndGameOpen)
			if err != nil {
				panic(err)
			}
			tables.Put(tb)
		}
	})
	return tables
}
