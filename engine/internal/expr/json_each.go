package expr

import (
	"bytes"
	"encoding/json"
	"strings"
)

// jsonEachSource reads the top-level members of a json object from its
// text, as json_each / json_each_text / json_object_keys do on the json
// type: every member in order, duplicate keys included, values as their
// source text (json_each_text unquotes strings and maps null to NULL).
// ok is false when the text is not an object the decoder can walk.
func jsonEachSource(src string, text, keysOnly bool) (srfRows, bool) {
	dec := json.NewDecoder(strings.NewReader(src))
	dec.UseNumber()
	tok, err := dec.Token()
	if err != nil || tok != json.Delim('{') {
		return nil, false
	}
	var rows srfRows
	for dec.More() {
		kt, err := dec.Token()
		if err != nil {
			return nil, false
		}
		key, ok := kt.(string)
		if !ok {
			return nil, false
		}
		var raw json.RawMessage
		if err := dec.Decode(&raw); err != nil {
			return nil, false
		}
		if keysOnly {
			rows = append(rows, []any{key})
			continue
		}
		var val any = string(raw)
		if text {
			switch {
			case bytes.Equal(raw, []byte("null")):
				val = nil
			case len(raw) > 0 && raw[0] == '"':
				var s string
				if json.Unmarshal(raw, &s) != nil {
					return nil, false
				}
				val = s
			}
		}
		rows = append(rows, []any{key, val})
	}
	return rows, true
}

// SRFColumnCount is the number of output columns of a built-in
// set-returning function (1 for single-column ones, 0 when unknown).
func SRFColumnCount(name string) int {
	if cols, ok := srfColumns[name]; ok {
		return len(cols)
	}
	if IsSRF(name) {
		return 1
	}
	return 0
}
