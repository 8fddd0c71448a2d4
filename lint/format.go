package lint

import (
	"encoding/json"
	"fmt"
	"io"
)

// FormatText prints findings for people: grouped by level (ERROR, WARN,
// INFO), one line each — lint name, object, detail — then a count line.
func FormatText(w io.Writer, findings []Finding) error {
	if len(findings) == 0 {
		_, err := fmt.Fprintln(w, "No issues found")
		return err
	}
	counts := map[Level]int{}
	for _, f := range findings {
		counts[f.Level]++
	}
	for _, lv := range []Level{LevelError, LevelWarn, LevelInfo} {
		if counts[lv] == 0 {
			continue
		}
		if _, err := fmt.Fprintf(w, "%s (%d)\n", lv, counts[lv]); err != nil {
			return err
		}
		for _, f := range findings {
			if f.Level != lv {
				continue
			}
			obj := f.Metadata.Name
			if f.Metadata.Schema != "" {
				obj = f.Metadata.Schema + "." + obj
			}
			if _, err := fmt.Fprintf(w, "  %s  %s  %s\n", f.Name, obj, f.Detail); err != nil {
				return err
			}
		}
	}
	_, err := fmt.Fprintf(w, "%d errors, %d warnings, %d info\n", counts[LevelError], counts[LevelWarn], counts[LevelInfo])
	return err
}

// FormatJSON prints findings as a JSON array (an empty array when clean),
// indented, one Finding per element.
func FormatJSON(w io.Writer, findings []Finding) error {
	if findings == nil {
		findings = []Finding{}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(findings)
}
