package gateway

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"testing"
)

// serverFrame is a websocket frame as a server sends it (unmasked),
// built here by the RFC 6455 layout, independently of the scanner.
func serverFrame(opcode byte, payload []byte) []byte {
	b := []byte{0x80 | opcode}
	switch n := len(payload); {
	case n < 126:
		b = append(b, byte(n))
	case n < 1<<16:
		b = append(b, 126)
		b = binary.BigEndian.AppendUint16(b, uint16(n))
	default:
		b = append(b, 127)
		b = binary.BigEndian.AppendUint64(b, uint64(n))
	}
	return append(b, payload...)
}

// The scanner finds op 9 and the close code in Discord's stream, after
// the upgrade's HTTP response, however the reads cut it, and skips big
// frames (a READY of 70 KB) without keeping them.
func TestFrameScanner(t *testing.T) {
	var stream bytes.Buffer
	stream.WriteString("HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n")
	stream.Write(serverFrame(0x1, []byte(`{"op":10,"d":{"heartbeat_interval":41250}}`)))
	stream.Write(serverFrame(0x1, append([]byte(`{"op":0,"t":"READY","d":"`), append(bytes.Repeat([]byte("x"), 70000), '"', '}')...)))
	stream.Write(serverFrame(0x1, []byte(`{"op":9,"d":false}`)))
	stream.Write(serverFrame(0x1, bytes.Repeat([]byte("y"), 300))) // not JSON
	stream.Write(serverFrame(0x8, binary.BigEndian.AppendUint16(nil, 4004)))
	want := "[1:op10 1:op9 1:y300 8:4004]"
	for _, chunk := range []int{1, 7, 4096, stream.Len()} {
		var s frameScanner
		var got []string
		b := stream.Bytes()
		for len(b) > 0 {
			n := min(chunk, len(b))
			s.feed(b[:n], func(op byte, p []byte) {
				switch {
				case op == 0x8:
					got = append(got, fmt.Sprintf("8:%d", binary.BigEndian.Uint16(p)))
				case bytes.HasPrefix(p, []byte("y")):
					got = append(got, fmt.Sprintf("1:y%d", len(p)))
				default:
					got = append(got, fmt.Sprintf("1:op%d", gatewayOp(p)))
				}
			})
			b = b[n:]
		}
		// The READY frame is too big to keep: it is skipped, not handed.
		if g := fmt.Sprint(got); g != want {
			t.Errorf("chunks of %d: %s, want %s without the READY", chunk, g, want)
		}
	}
}

// isIdentify recognises a masked client frame carrying op 2, and nothing
// else.
func TestIsIdentify(t *testing.T) {
	mask := func(payload string) []byte {
		key := []byte{0x12, 0x34, 0x56, 0x78}
		b := []byte{0x81}
		if n := len(payload); n < 126 {
			b = append(b, 0x80|byte(n))
		} else {
			b = append(b, 0x80|126)
			b = binary.BigEndian.AppendUint16(b, uint16(n))
		}
		b = append(b, key...)
		for i := range len(payload) {
			b = append(b, payload[i]^key[i%4])
		}
		return b
	}
	long := `{"op":2,"d":{"token":"t","properties":{"os":"` + string(bytes.Repeat([]byte("l"), 300)) + `"}}}`
	for _, c := range []struct {
		frame []byte
		want  bool
	}{
		{mask(`{"op":2,"d":{"token":"t"}}`), true},
		{mask(long), true},
		{mask(`{"op":6,"d":{"token":"t"}}`), false},
		{mask(`{"op":1,"d":5}`), false},
		{mask(`{"op":2,"d":{}}`)[:10], false},         // cut short
		{serverFrame(0x1, []byte(`{"op":2}`)), false}, // unmasked
	} {
		if got := isIdentify(c.frame); got != c.want {
			t.Errorf("isIdentify(% x…) = %v, want %v", c.frame[:6], got, c.want)
		}
	}
}
