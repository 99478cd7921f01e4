package fakediscord

import (
	"encoding/json"
	"fmt"
	"strings"
	"unicode/utf8"
)

// CheckPayload checks a JSON payload as Discord receives it (an interaction
// response {"type":…,"data":…} when response is true, else a webhook
// message body) against Discord's documented limits. It reads only the
// JSON, independently of commands.ValidateReply, so a conversion bug in
// package bot that breaks a limit is caught here. files are the names of
// the multipart files sent beside it.
func CheckPayload(raw []byte, response bool, files []string) error {
	var v map[string]any
	if err := json.Unmarshal(raw, &v); err != nil {
		return fmt.Errorf("not a JSON object: %v", err)
	}
	data := v
	if response {
		t, ok := v["type"].(float64)
		if !ok {
			return fmt.Errorf("response without a type")
		}
		switch int(t) {
		case 1, 5, 6:
			if d, ok := v["data"].(map[string]any); ok {
				return checkFlags(d)
			}
			return nil
		case 4, 7:
		case 8:
			d, _ := v["data"].(map[string]any)
			return checkChoices(d)
		case 9:
			d, _ := v["data"].(map[string]any)
			return checkModal(d)
		default:
			return fmt.Errorf("response type %v is not one Discord knows", t)
		}
		d, ok := v["data"].(map[string]any)
		if !ok {
			return fmt.Errorf("message response without data")
		}
		data = d
	}
	return checkMessage(data, files)
}

func runes(v any) int {
	s, _ := v.(string)
	return utf8.RuneCountInString(s)
}

func list(v any) []any {
	l, _ := v.([]any)
	return l
}

func obj(v any) map[string]any {
	m, _ := v.(map[string]any)
	return m
}

func checkFlags(d map[string]any) error {
	if f, ok := d["flags"].(float64); ok && int(f)&^(64|4) != 0 {
		return fmt.Errorf("flags %v: only EPHEMERAL (64) and SUPPRESS_EMBEDS (4) may be set", f)
	}
	return nil
}

func checkMessage(d map[string]any, files []string) error {
	if err := checkFlags(d); err != nil {
		return err
	}
	if n := runes(d["content"]); n > 2000 {
		return fmt.Errorf("content has %d characters, Discord allows 2000", n)
	}
	embeds := list(d["embeds"])
	if len(embeds) > 10 {
		return fmt.Errorf("%d embeds, Discord allows 10", len(embeds))
	}
	attached := map[string]bool{}
	for _, f := range files {
		attached[f] = true
	}
	for _, a := range list(d["attachments"]) {
		if name, ok := obj(a)["filename"].(string); ok && len(files) > 0 && !attached[name] {
			return fmt.Errorf("attachment %q is listed but not sent", name)
		}
		attached[fmt.Sprint(obj(a)["filename"])] = true
	}
	total := 0
	for i, e := range embeds {
		e := obj(e)
		limits := []struct {
			what string
			v    any
			max  int
		}{{"title", e["title"], 256}, {"description", e["description"], 4096},
			{"footer", obj(e["footer"])["text"], 2048}, {"author", obj(e["author"])["name"], 256}}
		for _, l := range limits {
			n := runes(l.v)
			total += n
			if n > l.max {
				return fmt.Errorf("embed %d %s has %d characters, Discord allows %d", i, l.what, n, l.max)
			}
		}
		fields := list(e["fields"])
		if len(fields) > 25 {
			return fmt.Errorf("embed %d has %d fields, Discord allows 25", i, len(fields))
		}
		for j, f := range fields {
			f := obj(f)
			nn, nv := runes(f["name"]), runes(f["value"])
			total += nn + nv
			if nn < 1 || nn > 256 || nv < 1 || nv > 1024 {
				return fmt.Errorf("embed %d field %d: name %d and value %d characters (1–256, 1–1024)", i, j, nn, nv)
			}
		}
		for _, img := range []any{obj(e["image"])["url"], obj(e["thumbnail"])["url"]} {
			if u, ok := img.(string); ok && strings.HasPrefix(u, "attachment://") && !attached[strings.TrimPrefix(u, "attachment://")] {
				return fmt.Errorf("embed %d shows %s, which is not attached", i, u)
			}
		}
	}
	if total > 6000 {
		return fmt.Errorf("embeds hold %d characters, Discord allows 6000", total)
	}
	return checkComponents(list(d["components"]))
}

func checkComponents(rows []any) error {
	if len(rows) > 5 {
		return fmt.Errorf("%d action rows, Discord allows 5", len(rows))
	}
	ids := map[string]bool{}
	for i, r := range rows {
		r := obj(r)
		if r["type"] != float64(1) {
			return fmt.Errorf("row %d is not an action row (type %v)", i, r["type"])
		}
		cs := list(r["components"])
		if len(cs) < 1 || len(cs) > 5 {
			return fmt.Errorf("row %d has %d components, Discord allows 1–5", i, len(cs))
		}
		for _, c := range cs {
			c := obj(c)
			switch c["type"] {
			case float64(2):
				if n := runes(c["label"]); n > 80 {
					return fmt.Errorf("button label has %d characters, Discord allows 80", n)
				}
				if c["label"] == nil && c["emoji"] == nil {
					return fmt.Errorf("button without label or emoji")
				}
				if c["style"] == float64(5) {
					if runes(c["url"]) == 0 {
						return fmt.Errorf("link button without url")
					}
					continue
				}
			case float64(3):
				if len(cs) != 1 {
					return fmt.Errorf("a select menu shares row %d", i)
				}
				opts := list(c["options"])
				if len(opts) < 1 || len(opts) > 25 {
					return fmt.Errorf("select menu has %d options, Discord allows 1–25", len(opts))
				}
				if runes(c["placeholder"]) > 150 {
					return fmt.Errorf("select placeholder over 150 characters")
				}
				for _, o := range opts {
					o := obj(o)
					if n, m := runes(o["label"]), runes(o["value"]); n < 1 || n > 100 || m < 1 || m > 100 || runes(o["description"]) > 100 {
						return fmt.Errorf("select option %v: label and value 1–100 characters", o["label"])
					}
				}
			default:
				return fmt.Errorf("component type %v in row %d", c["type"], i)
			}
			id, _ := c["custom_id"].(string)
			if n := len(id); n < 1 || n > 100 {
				return fmt.Errorf("custom_id %q has %d characters, Discord allows 1–100", id, n)
			}
			if ids[id] {
				return fmt.Errorf("custom_id %q repeats", id)
			}
			ids[id] = true
		}
	}
	return nil
}

func checkChoices(d map[string]any) error {
	cs, ok := d["choices"].([]any)
	if !ok {
		return fmt.Errorf("autocomplete result without a choices array")
	}
	if len(cs) > 25 {
		return fmt.Errorf("%d choices, Discord allows 25", len(cs))
	}
	for _, c := range cs {
		c := obj(c)
		if n := runes(c["name"]); n < 1 || n > 100 {
			return fmt.Errorf("choice name has %d characters, Discord allows 1–100", n)
		}
		if s, ok := c["value"].(string); ok && utf8.RuneCountInString(s) > 100 {
			return fmt.Errorf("choice value over 100 characters")
		}
	}
	return nil
}

func checkModal(d map[string]any) error {
	if n := runes(d["title"]); n < 1 || n > 45 {
		return fmt.Errorf("modal title has %d characters, Discord allows 1–45", n)
	}
	if n := runes(d["custom_id"]); n < 1 || n > 100 {
		return fmt.Errorf("modal custom_id has %d characters, Discord allows 1–100", n)
	}
	rows := list(d["components"])
	if len(rows) < 1 || len(rows) > 5 {
		return fmt.Errorf("modal has %d rows, Discord allows 1–5", len(rows))
	}
	for _, r := range rows {
		cs := list(obj(r)["components"])
		if len(cs) != 1 || obj(cs[0])["type"] != float64(4) {
			return fmt.Errorf("each modal row holds one text input")
		}
		in := obj(cs[0])
		if n := runes(in["label"]); n < 1 || n > 45 {
			return fmt.Errorf("text input label has %d characters, Discord allows 1–45", n)
		}
		if n := runes(in["custom_id"]); n < 1 || n > 100 {
			return fmt.Errorf("text input custom_id has %d characters", n)
		}
	}
	return nil
}
