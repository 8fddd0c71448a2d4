package session

import (
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"

	"github.com/tinybase/tinybase/internal/pgtree"

	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// statementError maps an error raised while planning or running the
// current statement (relationError) and, when the error has no cursor
// position, finds the position PostgreSQL would report from the statement's
// parse tree: the relation, column, function, operator or literal the
// message names. Agents turn this position into a line and column.
func (s *Session) statementError(raw error, kind string) error {
	err := s.relationError(raw, kind, s.curSQL)
	pe, ok := pgerror.As(err)
	if ok && pe.Position < 0 {
		pe.Position = 0 // it has none
		return err
	}
	if !ok || s.curStmt == nil {
		return err
	}
	s.hintMissingColumn(pe, s.curStmt) // column_hint.go
	if pe.Position == 0 && missingFromEntry(pe, s.curStmt, s.curSQL) {
		return err
	}
	if pe.Code == pgerror.UndefinedTable && relationAsWritten(pe, s.curStmt) {
		pe.Position = 0
		return err
	}
	if pe.Position == 0 {
		if loc := locateError(pe, s.curStmt); loc >= 0 && loc <= len(s.curSQL) {
			pe.Position = utf8.RuneCountInString(s.curSQL[:loc]) + 1
		}
	}
	if pe.Position > 0 && inColumnExpression(s.curStmt, byteOffset(s.curSQL, pe.Position)) {
		pe.Position = 0
	}
	return err
}

// viewQueryError gives an error raised while planning CREATE VIEW's query
// PostgreSQL's cursor position in the statement (the missing column or
// relation), as statementError does for statements GMS runs.
func (s *Session) viewQueryError(err error) error {
	pe, ok := pgerror.As(err)
	if !ok || pe.Position != 0 || s.curStmt == nil || s.curStmt.GetViewStmt() == nil {
		return err
	}
	s.hintMissingColumn(pe, s.curStmt) // column_hint.go
	if loc := locateError(pe, s.curStmt); loc >= 0 && loc <= len(s.curSQL) {
		pe.Position = utf8.RuneCountInString(s.curSQL[:loc]) + 1
	}
	return err
}

// byteOffset converts a 1-based character position into a byte offset.
func byteOffset(sql string, pos int) int {
	n := 1
	for i := range sql {
		if n == pos {
			return i
		}
		n++
	}
	return len(sql)
}

// inColumnExpression reports whether byte offset off is the location of a
// node inside an expression ALTER TABLE adds to a column or table: ADD
// COLUMN's DEFAULT / CHECK / generated expression, SET DEFAULT, ADD
// CONSTRAINT ... CHECK. PostgreSQL transforms those without the
// statement's text (AddRelationNewConstraints gets no query string from
// ALTER TABLE, unlike CREATE TABLE), so their errors carry no position.
func inColumnExpression(stmt *pg.Node, off int) bool {
	at := stmt.GetAlterTableStmt()
	if at == nil {
		return false
	}
	var exprs []*pg.Node
	for _, n := range at.Cmds {
		cmd := n.GetAlterTableCmd()
		if cmd == nil || cmd.Def == nil {
			continue
		}
		switch cmd.Subtype {
		case pg.AlterTableType_AT_AddColumn:
			if cd := cmd.Def.GetColumnDef(); cd != nil {
				exprs = append(exprs, cd.RawDefault)
				for _, c := range cd.Constraints {
					exprs = append(exprs, c.GetConstraint().GetRawExpr())
				}
			}
		case pg.AlterTableType_AT_ColumnDefault:
			exprs = append(exprs, cmd.Def)
		case pg.AlterTableType_AT_AddConstraint:
			exprs = append(exprs, cmd.Def.GetConstraint().GetRawExpr())
		}
	}
	found := false
	for _, e := range exprs {
		if e == nil {
			continue
		}
		walkMessages(e, func(m any) bool {
			if loc, ok := pgtree.Location(m); ok && int(loc) == off {
				found = true
			}
			return !found
		})
	}
	return found
}

var (
	reRelation = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^relation "([^"]+)" does not exist`) })
	reColumn   = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^column "?([^" ]+)"?(?: of relation "[^"]+")? does not exist`)
	})
	reFunction   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^function ([^(]+)\(`) })
	reOperator   = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^operator does not exist: (?:.+ )?(\S+) \S+$`) })
	reUnsafeEnum = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^unsafe use of new value "(.*)" of enum type `) })
	reInput      = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(?:invalid input syntax for type [^:]+|invalid input value for enum [^:]+|date/time field value out of range|malformed array literal|value "[^"]*" is out of range for type \w+): "(.*)"$`)
	})
)

// locateError returns the byte offset of the node an error is about, or -1.
func locateError(pe *pgerror.Error, stmt *pg.Node) int {
	var match func(m any) (int32, bool)
	switch {
	case pe.Code == pgerror.UndefinedTable:
		sm := reRelation().FindStringSubmatch(pe.Message)
		if sm == nil {
			return -1
		}
		parts := strings.Split(sm[1], ".")
		name := parts[len(parts)-1]
		match = func(m any) (int32, bool) {
			rv, ok := m.(*pg.RangeVar)
			return rvLoc(rv), ok && rv.Relname == name
		}
	case pe.Code == pgerror.UndefinedColumn:
		sm := reColumn().FindStringSubmatch(pe.Message)
		if sm == nil {
			return -1
		}
		parts := strings.Split(sm[1], ".")
		name := parts[len(parts)-1]
		match = func(m any) (int32, bool) {
			switch x := m.(type) {
			case *pg.ColumnRef:
				if len(x.Fields) == 0 {
					return 0, false
				}
				return x.Location, x.Fields[len(x.Fields)-1].GetString_().GetSval() == name
			case *pg.ResTarget:
				// INSERT column lists and UPDATE SET targets
				return x.Location, x.Name == name && len(x.Indirection) == 0 && isTarget(x)
			}
			return 0, false
		}
	case pe.Code == pgerror.UndefinedFunction && reFunction().MatchString(pe.Message):
		name := strings.TrimSpace(reFunction().FindStringSubmatch(pe.Message)[1])
		match = func(m any) (int32, bool) {
			fc, ok := m.(*pg.FuncCall)
			if !ok || len(fc.Funcname) == 0 {
				return 0, false
			}
			return fc.Location, fc.Funcname[len(fc.Funcname)-1].GetString_().GetSval() == name
		}
	case pe.Code == pgerror.UndefinedFunction && reOperator().MatchString(pe.Message):
		op := reOperator().FindStringSubmatch(pe.Message)[1]
		match = func(m any) (int32, bool) {
			ae, ok := m.(*pg.A_Expr)
			if !ok || len(ae.Name) == 0 {
				return 0, false
			}
			return ae.Location, ae.Name[len(ae.Name)-1].GetString_().GetSval() == op
		}
	case pe.Code == pgerror.UnsafeNewEnumValueUsage:
		sm := reUnsafeEnum().FindStringSubmatch(pe.Message)
		if sm == nil {
			return -1
		}
		match = stringConstant(sm[1])
	case pe.Code == pgerror.InvalidTextRepresentation || pe.Code == pgerror.InvalidDatetimeFormat:
		sm := reInput().FindStringSubmatch(pe.Message)
		if sm == nil {
			return -1
		}
		match = stringConstant(sm[1])
	default:
		return -1
	}
	loc := int32(-1)
	walkMessages(stmt, func(m any) bool {
		if l, ok := match(m); ok && l >= 0 {
			loc = l
			return false
		}
		return true
	})
	return int(loc)
}

// stringConstant matches the string literal lit, the input a 22P02 or
// 55P04 error quotes.
func stringConstant(lit string) func(m any) (int32, bool) {
	return func(m any) (int32, bool) {
		c, ok := m.(*pg.A_Const)
		return c.GetLocation(), ok && c.GetSval() != nil && c.GetSval().Sval == lit
	}
}

// relationAsWritten names the missing relation of a 42P01 message as the
// statement wrote it (schema-qualified when it was), as PostgreSQL reports
// a RangeVar it cannot open. It reports true when that relation is the
// referenced table of a foreign key, which PostgreSQL opens outside the
// parser and so reports without a cursor position.
func relationAsWritten(pe *pgerror.Error, stmt *pg.Node) (fkTarget bool) {
	sm := reRelation().FindStringSubmatch(pe.Message)
	if sm == nil || strings.Contains(sm[1], ".") {
		return false
	}
	pktables := map[*pg.RangeVar]bool{}
	var found *pg.RangeVar
	walkMessages(stmt, func(m any) bool {
		switch x := m.(type) {
		case *pg.Constraint:
			if x.Pktable != nil {
				pktables[x.Pktable] = true
			}
		case *pg.RangeVar:
			if x.Relname == sm[1] {
				found = x
				return false
			}
		}
		return true
	})
	if found == nil {
		return false
	}
	if found.Schemaname != "" {
		written := found.Schemaname + "." + found.Relname
		if found.Catalogname != "" {
			written = found.Catalogname + "." + written
		}
		pe.Message = strings.Replace(pe.Message, `"`+sm[1]+`"`, `"`+written+`"`, 1)
	}
	return pktables[found]
}

func rvLoc(rv *pg.RangeVar) int32 {
	if rv == nil {
		return -1
	}
	return rv.Location
}

// walkMessages visits every message of a parse tree depth first, in field
// order (which follows the statement text closely), until visit says stop.
func walkMessages(m any, visit func(any) bool) bool {
	return pgtree.Walk(m, visit)
}

// isTarget reports whether a ResTarget names a column being written (an
// INSERT column or an UPDATE SET target) rather than a select-list item.
func isTarget(rt *pg.ResTarget) bool { return rt.Val == nil || rt.Name != "" }
