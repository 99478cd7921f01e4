package bot_test

import "github.com/alea-bot/alea/internal/fakediscord"

// checkPayload is the independent limit checker of the fake Discord, under
// the name the transports' tests have used since it lived here.
var checkPayload = fakediscord.CheckPayload
