package migrations

import "encoding/json"

func decodeJSONStrings(s string) ([]string, error) {
	var out []string
	if s == "" {
		return nil, nil
	}
	err := json.Unmarshal([]byte(s), &out)
	return out, err
}
