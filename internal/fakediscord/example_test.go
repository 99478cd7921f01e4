package fakediscord_test

import (
	"fmt"
	"strings"

	"github.com/alea-bot/alea/internal/fakediscord"
)

// A fake Discord runs on loopback; the bot under test gets its URL as
// DISCORD_API_BASE and finds the gateway websocket there. In a test, New
// closes it at the end, and Interact, Await, Reconnect and Drop drive it.
func Example() {
	fake := fakediscord.Start(fakediscord.Options{Token: "bot-token"})
	defer fake.Close()
	fmt.Println(strings.HasPrefix(fake.URL, "http://127.0.0.1:"))
	fmt.Println(fake.GatewayURL() == "ws"+strings.TrimPrefix(fake.URL, "http"))
	// Output:
	// true
	// true
}

// CheckPayload reads an interaction response as Discord would and names
// the limit it breaks.
func ExampleCheckPayload() {
	long := `{"type":4,"data":{"content":"` + strings.Repeat("6", 2001) + `"}}`
	fmt.Println(fakediscord.CheckPayload([]byte(long), true, nil))
	fmt.Println(fakediscord.CheckPayload([]byte(`{"type":4,"data":{"content":"⚀ 1/6"}}`), true, nil))
	// Output:
	// content has 2001 characters, Discord allows 2000
	// <nil>
}
