package session

import (
	"strings"
	"unicode/utf8"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// maxFuzzyDistance is PostgreSQL's MAX_FUZZY_DISTANCE: the most edits
// (column and alias together) a suggested column may be away.
const maxFuzzyDistance = 3

// hintMissingColumn adds PostgreSQL's errorMissingColumn hint to an
// undefined column error: "Perhaps you meant to reference the column
// "t.name"." for the closest column of the tables the reference could
// see, by edit distance (searchRangeTableForCol). Only tables are
// searched; when one of them has the column after all (the error came
// from elsewhere), no hint is given.
func (s *Session) hintMissingColumn(pe *pgerror.Error, stmt *pg.Node) {
	if pe.Code != pgerror.UndefinedColumn || pe.Hint != "" || stmt == nil {
		return
	}
	sm := reColumn().FindStringSubmatch(pe.Message)
	if sm == nil || strings.Contains(pe.Message, " of relation ") {
		return
	}
	parts := strings.Split(sm[1], ".")
	col, qual := parts[len(parts)-1], ""
	if len(parts) > 1 {
		qual = parts[len(parts)-2]
	}
	var found [][]hintRTE
	var visit func(m any, levels [][]hintRTE) bool
	visit = func(m any, levels [][]hintRTE) bool {
		switch x := m.(type) {
		case *pg.SelectStmt:
			levels = withLevel(levels, s.hintRTEs(x.FromClause))
		case *pg.UpdateStmt:
			levels = withLevel(levels, s.hintRTEs(append([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: x.Relation}}}, x.FromClause...)))
		case *pg.DeleteStmt:
			levels = withLevel(levels, s.hintRTEs(append([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: x.Relation}}}, x.UsingClause...)))
		case *pg.CreatePolicyStmt:
			levels = withLevel(levels, s.hintRTEs([]*pg.Node{{Node: &pg.Node_RangeVar{RangeVar: x.Table}}}))
		case *pg.ColumnRef:
			if names := pgtree.Names(x.Fields); len(names) == len(parts) && strings.Join(names, ".") == sm[1] {
				found = levels
				return true
			}
		}
		stop := false
		pgtree.Children(m, func(c any) bool {
			stop = visit(c, levels)
			return !stop
		})
		return stop
	}
	if !visit(stmt, nil) {
		return
	}
	pe.Hint = fuzzyColumnHint(found, qual, col)
}

// withLevel returns levels with one more, innermost, level.
func withLevel(levels [][]hintRTE, l []hintRTE) [][]hintRTE {
	return append(append([][]hintRTE(nil), levels...), l)
}

// hintRTE is a FROM item as the hint sees it: its name and columns.
type hintRTE struct {
	alias string
	cols  []string
}

// hintRTEs lists the tables among FROM items, joins looked into; a
// subquery, function or unknown relation is left out.
func (s *Session) hintRTEs(items []*pg.Node) []hintRTE {
	var out []hintRTE
	for _, n := range items {
		switch x := n.Node.(type) {
		case *pg.Node_JoinExpr:
			out = append(out, s.hintRTEs([]*pg.Node{x.JoinExpr.Larg, x.JoinExpr.Rarg})...)
		case *pg.Node_RangeVar:
			rv := x.RangeVar
			t, ok := s.table(s.sqlContext(), rv.Schemaname, rv.Relname)
			if !ok {
				continue
			}
			r := hintRTE{alias: rv.Relname}
			if rv.Alias != nil {
				r.alias = rv.Alias.Aliasname
			}
			for _, c := range t.Schema() {
				r.cols = append(r.cols, c.Name)
			}
			if rv.Alias != nil {
				for i, a := range rv.Alias.Colnames {
					if i < len(r.cols) {
						r.cols[i] = a.GetString_().GetSval()
					}
				}
			}
			out = append(out, r)
		}
	}
	return out
}

// fuzzyColumnHint is searchRangeTableForCol and errorMissingColumn's
// hint over levels (outermost first): the innermost level is searched
// first; a qualifier adds its distance from each item's name.
func fuzzyColumnHint(levels [][]hintRTE, qual, col string) string {
	distance := maxFuzzyDistance + 1
	var first, second *hintRTE
	var firstCol, secondCol string
	for i := len(levels) - 1; i >= 0; i-- {
		for k := range levels[i] {
			rte := &levels[i][k]
			penalty := 0
			if qual != "" {
				penalty = editDistance(qual, rte.alias)
			}
			for _, c := range rte.cols {
				if c == col && penalty == 0 {
					return "" // it is there: the error is about something else
				}
				if penalty > distance || c == "" {
					continue
				}
				d := editDistance(c, col)
				if d > len(col)/2 {
					continue
				}
				d += penalty
				switch {
				case d < distance:
					distance, first, firstCol, second = d, rte, c, nil
				case d == distance && second != nil:
					// more than two equally close: none is suggested
					first, second, distance = nil, nil, d-1
				case d == distance && first != nil:
					second, secondCol = rte, c
				case d == distance:
					first, firstCol = rte, c
				}
			}
		}
	}
	switch {
	case first == nil:
		return ""
	case second == nil:
		return `Perhaps you meant to reference the column "` + first.alias + "." + firstCol + `".`
	}
	return `Perhaps you meant to reference the column "` + first.alias + "." + firstCol +
		`" or the column "` + second.alias + "." + secondCol + `".`
}

// editDistance is the Levenshtein distance between a and b in characters,
// each insertion, deletion and substitution costing 1.
func editDistance(a, b string) int {
	ra, rb := []rune(a), []rune(b)
	prev := make([]int, len(rb)+1)
	cur := make([]int, len(rb)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(ra); i++ {
		cur[0] = i
		for j := 1; j <= len(rb); j++ {
			sub := prev[j-1]
			if ra[i-1] != rb[j-1] {
				sub++
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, sub)
		}
		prev, cur = cur, prev
	}
	return prev[len(rb)]
}

// missingFromEntry rewrites "relation "x" does not exist", raised for a
// column reference x.col whose qualifier names no FROM item, as
// PostgreSQL's errorMissingRTE reports it, at the reference: "missing
// FROM-clause entry for table "x"", or, when x is a table the FROM clause
// renamed, "invalid reference to FROM-clause entry for table "x"" with
// the alias to use. It reports whether it did.
func missingFromEntry(pe *pgerror.Error, stmt *pg.Node, sqlText string) bool {
	sm := reRelation().FindStringSubmatch(pe.Message)
	if pe.Code != pgerror.UndefinedTable || sm == nil || strings.Contains(sm[1], ".") {
		return false
	}
	name := sm[1]
	var ref *pg.ColumnRef
	var renamed *pg.RangeVar
	named := false
	pgtree.Walk(stmt, func(m any) bool {
		switch x := m.(type) {
		case *pg.ColumnRef:
			if ref == nil && len(x.Fields) >= 2 && x.Fields[0].GetString_().GetSval() == name {
				ref = x
			}
		case *pg.RangeVar:
			switch {
			case x.Alias != nil && x.Alias.Aliasname == name, x.Alias == nil && x.Relname == name:
				named = true
			case x.Alias != nil && x.Relname == name && renamed == nil:
				renamed = x
			}
		case *pg.RangeSubselect:
			named = named || x.Alias != nil && x.Alias.Aliasname == name
		case *pg.RangeFunction:
			named = named || x.Alias != nil && x.Alias.Aliasname == name
		case *pg.CommonTableExpr:
			named = named || x.Ctename == name
		}
		return true
	})
	if ref == nil || named {
		return false
	}
	if renamed != nil {
		pe.Message = `invalid reference to FROM-clause entry for table "` + name + `"`
		pe.Hint = `Perhaps you meant to reference the table alias "` + renamed.Alias.Aliasname + `".`
	} else {
		pe.Message = `missing FROM-clause entry for table "` + name + `"`
	}
	if loc := int(ref.Location); loc >= 0 && loc <= len(sqlText) {
		pe.Position = utf8.RuneCountInString(sqlText[:loc]) + 1
	}
	return true
}
