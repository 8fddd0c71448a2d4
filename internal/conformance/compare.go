package conformance

import (
	"encoding/json"
	"fmt"
	"sort"
	"strings"
)

// Compare checks got against want and returns "" when they match, or a
// short one-line reason. Outcomes match when both succeed with the same
// command tag, column names and types, and rows (in order when want is
// ordered, as a multiset otherwise), or when both fail with the same
// SQLSTATE; error messages are not compared. Row values compare exactly
// except for the object numbers inside the names PostgreSQL generates for
// internal foreign-key triggers (maskGeneratedNames).
func Compare(got, want *Result) string {
	if got.Failure != "" {
		return got.Failure
	}
	switch {
	case want.Error != nil && got.Error == nil:
		return fmt.Sprintf("success want error %s", want.Error.Code)
	case want.Error == nil && got.Error != nil:
		return fmt.Sprintf("error %s want success: %s", got.Error.Code, clip(got.Error.Message))
	case want.Error != nil:
		if got.Error.Code != want.Error.Code {
			return fmt.Sprintf("error %s want %s: %s", got.Error.Code, want.Error.Code, clip(got.Error.Message))
		}
		if want.Error.Where != "" && got.Error.Where != want.Error.Where {
			return fmt.Sprintf("error context %q want %q", got.Error.Where, want.Error.Where)
		}
		return ""
	}
	if got.Tag != want.Tag {
		return fmt.Sprintf("tag %q want %q", got.Tag, want.Tag)
	}
	if g, w := formatColumns(got.Columns), formatColumns(want.Columns); g != w {
		return fmt.Sprintf("columns differ: got %s want %s", clip(g), clip(w))
	}
	gotRows, wantRows := maskGeneratedNames(got.Rows), maskGeneratedNames(want.Rows)
	if want.Ordered {
		return compareOrdered(gotRows, wantRows, want.Columns)
	}
	return compareMultiset(gotRows, wantRows, want.Columns)
}

func compareOrdered(got, want [][]*string, cols []Column) string {
	for i := 0; i < len(got) && i < len(want); i++ {
		if g, w := formatRow(got[i]), formatRow(want[i]); g != w {
			return fmt.Sprintf("row %d differs: %s", i+1, rowDiff(got[i], want[i], cols))
		}
	}
	switch {
	case len(got) > len(want):
		return fmt.Sprintf("got %d rows want %d: unexpected %s", len(got), len(want), clip(formatRow(got[len(want)])))
	case len(got) < len(want):
		return fmt.Sprintf("got %d rows want %d: missing %s", len(got), len(want), clip(formatRow(want[len(got)])))
	}
	return ""
}

func compareMultiset(got, want [][]*string, cols []Column) string {
	extra, missing := multisetDiff(formatRows(got), formatRows(want))
	switch {
	case len(extra) > 0 && len(missing) > 0:
		return "rows differ: " + rowDiff(parseRow(extra[0]), parseRow(missing[0]), cols)
	case len(extra) > 0:
		return fmt.Sprintf("got %d rows want %d: unexpected %s", len(got), len(want), clip(extra[0]))
	case len(missing) > 0:
		return fmt.Sprintf("got %d rows want %d: missing %s", len(got), len(want), clip(missing[0]))
	}
	return ""
}

// multisetDiff returns the elements of got not in want and of want not in
// got, counting duplicates; both results are sorted.
func multisetDiff(got, want []string) (extra, missing []string) {
	sort.Strings(got)
	sort.Strings(want)
	i, j := 0, 0
	for i < len(got) || j < len(want) {
		switch {
		case j == len(want) || (i < len(got) && got[i] < want[j]):
			extra = append(extra, got[i])
			i++
		case i == len(got) || want[j] < got[i]:
			missing = append(missing, want[j])
			j++
		default:
			i++
			j++
		}
	}
	return extra, missing
}

// rowDiff describes how two rows differ: whole rows when they have one
// column or different widths, otherwise the first column that differs, so
// the reason stays short for wide rows.
func rowDiff(got, want []*string, cols []Column) string {
	if len(got) != len(want) || len(want) < 2 {
		return fmt.Sprintf("got %s want %s", clip(formatRow(got)), clip(formatRow(want)))
	}
	for i := range want {
		g, w := mustJSON(got[i]), mustJSON(want[i])
		if g == w {
			continue
		}
		name := ""
		if i < len(cols) {
			name = fmt.Sprintf(" %q", cols[i].Name)
		}
		return fmt.Sprintf("column %d%s: got %s want %s", i+1, name, clip(g), clip(w))
	}
	return ""
}

// parseRow inverts formatRow.
func parseRow(s string) []*string {
	var row []*string
	if err := json.Unmarshal([]byte(s), &row); err != nil {
		panic(fmt.Sprintf("conformance: bad formatted row %q: %v", s, err))
	}
	return row
}

func formatRows(rows [][]*string) []string {
	out := make([]string, len(rows))
	for i, r := range rows {
		out[i] = formatRow(r)
	}
	return out
}

// formatRow renders a row as a JSON array, which tells NULL from "NULL".
func formatRow(row []*string) string { return mustJSON(row) }

func formatColumns(cols []Column) string {
	parts := make([]string, len(cols))
	for i, c := range cols {
		parts[i] = fmt.Sprintf("%q %s", c.Name, c.Type)
	}
	return "(" + strings.Join(parts, ", ") + ")"
}

// clip keeps reasons on one short line.
func clip(s string) string {
	s = strings.Join(strings.Fields(s), " ")
	const max = 100
	if r := []rune(s); len(r) > max {
		return string(r[:max]) + "…"
	}
	return s
}

// CompareContext compares what a context file (File.Context) records of
// an error beside its code, exactly: CONTEXT lines, detail, hint, cursor
// position, internal query and position. "" when both succeeded.
func CompareContext(got, want *Result) string {
	g, w := got.Error, want.Error
	if g == nil || w == nil {
		return ""
	}
	switch {
	case g.Where != w.Where:
		return fmt.Sprintf("error context %q want %q", g.Where, w.Where)
	case g.Detail != w.Detail:
		return fmt.Sprintf("error detail %q want %q", g.Detail, w.Detail)
	case g.Hint != w.Hint:
		return fmt.Sprintf("error hint %q want %q", g.Hint, w.Hint)
	case g.Position != w.Position:
		return fmt.Sprintf("error position %d want %d", g.Position, w.Position)
	case g.InternalQuery != w.InternalQuery || g.InternalPosition != w.InternalPosition:
		return fmt.Sprintf("error internal query %q at %d want %q at %d", g.InternalQuery, g.InternalPosition, w.InternalQuery, w.InternalPosition)
	}
	return ""
}
