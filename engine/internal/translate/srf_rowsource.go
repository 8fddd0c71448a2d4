package translate

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/expr"
)

// builtinFuncSource describes a FROM item that is one built-in
// set-returning function, such as `jsonb_array_elements(x) e`,
// `generate_series(1, 3) AS g(n)` or `jsonb_each(j) WITH ORDINALITY kv`,
// so that its alias can be used as a value (PostgreSQL docs 7.2.1.4 and
// 8.16.5). A function returning a base type, without ORDINALITY, has one
// column and its whole-row value is that column's value, not a record:
// `SELECT json_agg(e) FROM jsonb_array_elements(j) e` aggregates the
// elements. alias is the item's alias ("" when none); nil when the item
// is anything else.
func builtinFuncSource(rf *pg.RangeFunction, alias string) *rowSource {
	if len(rf.Functions) != 1 || rf.IsRowsfrom || len(rf.Coldeflist) > 0 {
		return nil
	}
	list := rf.Functions[0].GetList().GetItems()
	if len(list) == 0 || (len(list) > 1 && list[1] != nil && len(list[1].GetList().GetItems()) > 0) {
		return nil
	}
	fc := list[0].GetFuncCall()
	if fc == nil {
		return nil
	}
	parts := names(fc.Funcname)
	if len(parts) > 1 && parts[0] != "pg_catalog" {
		return nil
	}
	name := strings.ToLower(parts[len(parts)-1])
	if name == "unnest" && len(fc.Args) != 1 {
		return nil // ROWS FROM (unnest(a), unnest(b), ...)
	}
	cols, scalar, ok := expr.SRFColumnNames(name)
	if !ok {
		return nil
	}
	if scalar && cols[0] == name && alias != "" {
		cols = []string{alias} // a column named for its function takes the alias
	}
	if rf.Ordinality {
		cols, scalar = append(cols, "ordinality"), false
	}
	src := &rowSource{cols: cols, scalar: scalar}
	if rf.Alias != nil && len(rf.Alias.Colnames) > 0 {
		src = &rowSource{cols: renamed(cols, rf.Alias.Colnames), scalar: scalar}
	}
	return src
}

// isRecordRow reports whether n is a FROM-item alias used as a record
// value (wholeRow), not as the value of a function returning a base type.
func (t *Translator) isRecordRow(n *pg.Node) bool {
	alias, _, ok := wholeRowAlias(n)
	if !ok {
		return false
	}
	src, ok := t.rowRef(alias)
	return ok && !src.scalar
}
