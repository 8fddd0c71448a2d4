package realtime

import (
	"encoding/json"
	"testing"
)

// FuzzDecode: no frame, text or binary, in either protocol version makes
// the decoders panic, and a decoded text frame has JSON refs and payload.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`["1","2","realtime:room","phx_join",{"config":{}}]`), false)
	f.Add([]byte(`{"topic":"phoenix","event":"heartbeat","payload":{},"ref":"1"}`), false)
	f.Add([]byte{3, 1, 1, 4, 1, 0, 1, 'a', 'b', 't', 'o', 'p', 'c', 'e', '{', '}'}, true)
	f.Add([]byte{3, 255, 255, 255, 255, 255, 1}, true)
	f.Fuzz(func(t *testing.T, data []byte, binary bool) {
		if binary {
			if m, err := decodeBinary(data); err == nil && m.binary == nil {
				t.Fatal("binary frame without its broadcast")
			}
			return
		}
		for _, vsn := range []string{vsn1, vsn2} {
			m, err := decodeText(vsn, data)
			if err != nil {
				continue
			}
			for _, raw := range []json.RawMessage{m.Ref, m.JoinRef, m.Payload} {
				if !json.Valid(raw) {
					t.Fatalf("%s: invalid JSON %q in %+v", vsn, raw, m)
				}
			}
			_ = encode(vsn, m.JoinRef, m.Ref, m.Topic, m.Event, m.Payload)
		}
	})
}

func TestFilters(t *testing.T) {
	row := map[string]json.RawMessage{"id": json.RawMessage(`5`), "name": json.RawMessage(`"bob"`), "ok": json.RawMessage(`true`), "n": json.RawMessage(`null`)}
	for _, tc := range []struct {
		filter string
		want   bool
	}{
		{"id=eq.5", true}, {"id=eq.6", false}, {"id=neq.6", true}, {"id=lt.6", true}, {"id=lte.5", true},
		{"id=gt.5", false}, {"id=gte.5", true}, {"id=in.(1,5,7)", true}, {"id=in.(1,7)", false},
		{"name=eq.bob", true}, {"name=in.(alice,bob)", true}, {"name=gt.alice", true},
		{"ok=eq.true", true}, {"n=eq.null", false}, {"n=neq.1", false}, {"missing=eq.1", false},
	} {
		f, err := parseFilter(tc.filter)
		if err != nil {
			t.Fatalf("%s: %v", tc.filter, err)
		}
		if got := f.matches(row); got != tc.want {
			t.Errorf("%s: got %v", tc.filter, got)
		}
	}
	for _, bad := range []string{"id", "id=eq", "id=like.x", "=eq.1", "id=in.1,2"} {
		if _, err := parseFilter(bad); err == nil {
			t.Errorf("%s: no error", bad)
		}
	}
}
