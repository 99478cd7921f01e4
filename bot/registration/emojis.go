package registration

import (
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/alea-bot/alea/bot/rest"
)

// Emoji is an application emoji to upload: its name and its PNG.
type Emoji struct {
	Name string
	PNG  []byte
}

// EmojiResult is what UploadEmojis found and did.
type EmojiResult struct {
	AppID string
	// IDs are the application's emojis by name, the uploaded ones included.
	IDs map[string]string
	// Uploaded names the emojis uploaded now (the others were there).
	Uploaded []string
}

// UploadEmojis uploads those of emojis the application does not have yet
// (GET /applications/{id}/emojis first, then one POST per missing one;
// an emoji already there under its name is kept, so running it again
// uploads nothing) and returns the ids of all of them. The calls go
// through package rest's client with the retries of Register.
func UploadEmojis(ctx context.Context, emojis []Emoji, o Options) (EmojiResult, error) {
	c, appID, err := o.caller(ctx)
	res := EmojiResult{AppID: appID}
	if err != nil {
		return res, err
	}
	res.IDs, err = c.emojis(ctx, appID)
	if err != nil {
		return res, err
	}
	path := "/applications/" + url.PathEscape(appID) + "/emojis"
	for _, e := range emojis {
		if res.IDs[e.Name] != "" {
			continue
		}
		body, _ := json.Marshal(map[string]string{"name": e.Name,
			"image": "data:image/png;base64," + base64.StdEncoding.EncodeToString(e.PNG)})
		var got struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		}
		if err := c.do(ctx, http.MethodPost, path, body, &got); err != nil {
			return res, err
		}
		res.IDs[got.Name] = got.ID
		res.Uploaded = append(res.Uploaded, e.Name)
	}
	return res, nil
}

// ListEmojis returns the application's emojis, id by name, with one
// try of each call: it is asked at start, where a missing answer only
// means plainer dice.
func ListEmojis(ctx context.Context, o Options) (map[string]string, error) {
	o.attempts = 1
	c, appID, err := o.caller(ctx)
	if err != nil {
		return nil, err
	}
	return c.emojis(ctx, appID)
}

// emojis lists the application's emojis, id by name.
func (c caller) emojis(ctx context.Context, appID string) (map[string]string, error) {
	var list struct {
		Items []struct {
			ID   string `json:"id"`
			Name string `json:"name"`
		} `json:"items"`
	}
	if err := c.do(ctx, http.MethodGet, "/applications/"+url.PathEscape(appID)+"/emojis", nil, &list); err != nil {
		return nil, err
	}
	ids := make(map[string]string, len(list.Items))
	for _, e := range list.Items {
		ids[e.Name] = e.ID
	}
	return ids, nil
}

// caller returns the caller of o's calls and the application id (o's,
// or asked from Discord).
func (o Options) caller(ctx context.Context) (caller, string, error) {
	o.Token = strings.TrimPrefix(strings.TrimSpace(o.Token), "Bot ")
	if o.Token == "" {
		return caller{}, "", errors.New("the application's emojis need the bot token (DISCORD_TOKEN)")
	}
	if o.Client == nil {
		o.Client = &http.Client{Timeout: 20 * time.Second}
	}
	if o.Backoff <= 0 {
		o.Backoff = time.Second
	}
	n := attempts
	if o.attempts > 0 {
		n = o.attempts
	}
	c := caller{rest: rest.NewClient(o.APIBase, o.Client, o.UserAgent, nil), token: o.Token,
		policy: rest.RetryPolicy{Attempts: n, FirstBackoff: o.Backoff, MaxWait: maxRetryAfter}}
	if o.AppID != "" {
		return c, o.AppID, nil
	}
	id, err := c.appID(ctx)
	return c, id, err
}
