package conformance

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"unicode"
)

// Known is the list of cases expected to fail on tinybase, with the reason
// each one failed when the list was written. The file format is one case
// per line, "<case id>  # <reason>"; blank lines and lines starting with '#'
// are ignored.
type Known map[CaseID]string

// ParseKnown reads a known-failures list.
func ParseKnown(r io.Reader) (Known, error) {
	k := Known{}
	sc := bufio.NewScanner(r)
	sc.Buffer(nil, 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := strings.TrimSpace(sc.Text())
		if text == "" || strings.HasPrefix(text, "#") {
			continue
		}
		idText, reason := text, ""
		if i := strings.IndexFunc(text, unicode.IsSpace); i >= 0 {
			idText, reason = text[:i], text[i:]
		}
		id, err := ParseCaseID(idText)
		if err != nil {
			return nil, fmt.Errorf("line %d: %w", line, err)
		}
		if _, dup := k[id]; dup {
			return nil, fmt.Errorf("line %d: %s listed twice", line, id)
		}
		reason = strings.TrimSpace(reason)
		reason = strings.TrimSpace(strings.TrimPrefix(reason, "#"))
		k[id] = reason
	}
	return k, sc.Err()
}

// ReadKnown reads a known-failures file; a missing file is an empty list.
func ReadKnown(path string) (Known, error) {
	data, err := os.ReadFile(path)
	if os.IsNotExist(err) {
		return Known{}, nil
	}
	if err != nil {
		return nil, err
	}
	k, err := ParseKnown(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("conformance: %s: %w", path, err)
	}
	return k, nil
}

// knownHeader opens every written list.
const knownHeader = `# Conformance cases known to fail on tinybase: "<case id>  # <reason>".
# Rewrite with: go test ./engine -run TestConformance -update-known
`

// Format renders the list sorted by file, then statement number.
func (k Known) Format() []byte {
	ids := make([]CaseID, 0, len(k))
	for id := range k {
		ids = append(ids, id)
	}
	sort.Slice(ids, func(i, j int) bool { return ids[i].Less(ids[j]) })
	var buf bytes.Buffer
	buf.WriteString(knownHeader)
	for _, id := range ids {
		buf.WriteString(id.String())
		if r := clip(k[id]); r != "" {
			buf.WriteString("  # ")
			buf.WriteString(r)
		}
		buf.WriteByte('\n')
	}
	return buf.Bytes()
}

// Write writes the list to path.
func (k Known) Write(path string) error {
	return os.WriteFile(path, k.Format(), 0o644)
}
