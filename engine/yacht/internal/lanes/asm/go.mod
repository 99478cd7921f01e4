module github.com/alea-bot/alea/engine/yacht/internal/lanes/asm

go 1.26.0

require (
	github.com/alea-bot/alea v0.0.0-00010101000000-000000000000
	github.com/mmcloughlin/avo v0.5.0
)

require (
	golang.org/x/mod v0.6.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/tools v0.2.0 // indirect
)

// The generator reads the dice space (the keeps and their neighbours) from
// package yacht of this repository.
replace github.com/alea-bot/alea => ../../../../..
