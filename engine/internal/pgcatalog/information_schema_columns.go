package pgcatalog

import (
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// isColumns is information_schema.columns: tables' columns, then views'
// with the types they were created with.
var isColumns = &def{
	cols: []column{
		{"table_catalog", sqlIdentifier}, {"table_schema", sqlIdentifier}, {"table_name", sqlIdentifier},
		{"column_name", sqlIdentifier}, {"ordinal_position", cardinalNumber}, {"column_default", characterData},
		{"is_nullable", yesOrNo}, {"data_type", characterData}, {"character_maximum_length", cardinalNumber},
		{"character_octet_length", cardinalNumber}, {"numeric_precision", cardinalNumber},
		{"numeric_precision_radix", cardinalNumber}, {"numeric_scale", cardinalNumber},
		{"datetime_precision", cardinalNumber}, {"interval_type", characterData},
		{"interval_precision", cardinalNumber}, {"character_set_catalog", sqlIdentifier},
		{"character_set_schema", sqlIdentifier}, {"character_set_name", sqlIdentifier},
		{"collation_catalog", sqlIdentifier}, {"collation_schema", sqlIdentifier},
		{"collation_name", sqlIdentifier}, {"domain_catalog", sqlIdentifier}, {"domain_schema", sqlIdentifier},
		{"domain_name", sqlIdentifier}, {"udt_catalog", sqlIdentifier}, {"udt_schema", sqlIdentifier},
		{"udt_name", sqlIdentifier}, {"scope_catalog", sqlIdentifier}, {"scope_schema", sqlIdentifier},
		{"scope_name", sqlIdentifier}, {"maximum_cardinality", cardinalNumber},
		{"dtd_identifier", sqlIdentifier}, {"is_self_referencing", yesOrNo}, {"is_identity", yesOrNo},
		{"identity_generation", characterData}, {"identity_start", characterData},
		{"identity_increment", characterData}, {"identity_maximum", characterData},
		{"identity_minimum", characterData}, {"identity_cycle", yesOrNo}, {"is_generated", characterData},
		{"generation_expression", characterData}, {"is_updatable", yesOrNo},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			for i, col := range r.Table.Schema() {
				out = append(out, s.columnRow(r, i, col))
			}
		}
		for _, v := range s.Catalog.Views() {
			if len(v.Types) != len(v.Columns) {
				continue
			}
			updatable := viewColumnsUpdatable(v.Query, len(v.Columns), len(v.Tables) == 1)
			for i, name := range v.Columns {
				row := s.columnRow(Relation{Schema: v.Schema, Name: v.Name}, i, &sql.Column{Name: name, Type: v.Types[i], Nullable: true})
				row[len(row)-1] = yesNo(updatable[i])
				out = append(out, row)
			}
		}
		return out, nil
	},
}

// viewColumnsUpdatable tells which of a view's n columns an UPDATE can
// write: on an auto-updatable view (one table), those that are plain
// column references, as PostgreSQL reports them.
func viewColumnsUpdatable(query string, n int, autoUpdatable bool) []bool {
	out := make([]bool, n)
	if !autoUpdatable {
		return out
	}
	tree, err := pgtree.Parse(query)
	if err != nil || len(tree.Stmts) != 1 {
		return out
	}
	targets := tree.Stmts[0].Stmt.GetSelectStmt().GetTargetList()
	if len(targets) != n {
		// SELECT * and friends: the expansion is all plain columns.
		for i := range out {
			out[i] = true
		}
		return out
	}
	for i, t := range targets {
		out[i] = t.GetResTarget().GetVal().GetColumnRef() != nil
	}
	return out
}

func (s *State) columnRow(r Relation, i int, col *sql.Column) []any {
	t, _ := col.Type.(*types.Type)
	if t == nil {
		t = types.Unknown
	}
	var domCat, domSchema, domName any
	base := t
	if t.Domain != nil {
		domCat, domSchema, domName = s.Database, schemaOf(t), t.Name
		base = t.Base()
	}
	dataType, charLen, octetLen, prec, radix, scale, dtPrec := typeFacts(base)
	var def, gen, genExpr, ident, identGen, identStart, identInc, identMax, identMin, identCycle any = nil, "NEVER", nil, "NO", nil, nil, nil, nil, nil, "NO"
	if col.Default != nil && !nullDefault(col.Default, col.Type) {
		text := storedText(col.Default)
		if s.defaultNeedsDeparse(r.Schema, text) || foldedDefault(col.Default) {
			// as pg_attrdef prints it (wire_catalogs.go)
			if d, ok := s.DeparseDefault(text, r.Schema, r.Name, r.Table.Schema()); ok {
				text = d
			}
		}
		def = text
	}
	if col.Generated != nil {
		text := storedText(col.Generated)
		if d, ok := s.DeparseStored(text, r.Name, r.Table.Schema(), false); ok {
			text = d
		}
		gen, genExpr, def = "ALWAYS", text, nil
	}
	if seq, ok := s.Catalog.ColumnSequence(r.Schema, r.Name, col.Name); ok && seq.Identity != 0 {
		ident, def = "YES", nil
		identGen = "BY DEFAULT"
		if seq.Identity == 'a' {
			identGen = "ALWAYS"
		}
		identStart, identInc = itoa64(seq.Start), itoa64(seq.Increment)
		identMax, identMin, identCycle = itoa64(seq.Max), itoa64(seq.Min), yesNo(seq.Cycle)
	}
	udt := base
	// a NOT NULL domain makes its columns not nullable here, though not in
	// pg_attribute
	nullable := col.Nullable && t.CheckNull() == nil
	return []any{s.Database, r.Schema, r.Name, col.Name, int32(i + 1), def, yesNo(nullable), dataType,
		charLen, octetLen, prec, radix, scale, dtPrec, nil, nil, nil, nil, nil, nil, nil, nil,
		domCat, domSchema, domName, s.Database, schemaOf(udt), udt.Name, nil, nil, nil, nil,
		itoa(uint32(i + 1)), "NO", ident, identGen, identStart, identInc, identMax, identMin, identCycle,
		gen, genExpr, "YES"}
}

func schemaOf(t *types.Type) string {
	if t.Schema == "" {
		return "pg_catalog"
	}
	return t.Schema
}

// typeFacts returns information_schema's description of a column type:
// data_type and the length, precision and scale columns.
func typeFacts(t *types.Type) (dataType string, charLen, octetLen, prec, radix, scale, dtPrec any) {
	switch t.Kind {
	case types.KindArray:
		return "ARRAY", nil, nil, nil, nil, nil, nil
	case types.KindEnum, types.KindExt:
		return "USER-DEFINED", nil, nil, nil, nil, nil, nil
	case types.KindVarchar, types.KindBpchar:
		if t.Mod >= 4 {
			n := t.Mod - 4
			charLen, octetLen = n, n*4
		} else {
			octetLen = int32(1073741824)
		}
	case types.KindText:
		octetLen = int32(1073741824)
	case types.KindInt2, types.KindInt4, types.KindInt8:
		prec, radix, scale = int32(t.Len*8), int32(2), int32(0)
	case types.KindFloat4:
		prec, radix = int32(24), int32(2)
	case types.KindFloat8:
		prec, radix = int32(53), int32(2)
	case types.KindNumeric:
		radix = int32(10)
		if p, sc, ok := types.NumericPrecisionScale(t.Mod); ok {
			prec, scale = p, sc
		}
	case types.KindDate:
		dtPrec = int32(0)
	case types.KindBit:
		if t.Mod > 0 {
			charLen = t.Mod
		}
	case types.KindTime, types.KindTimestamp, types.KindTimestamptz, types.KindTimeTZ:
		dtPrec = int32(6)
		if t.Mod >= 0 {
			dtPrec = t.Mod
		}
	case types.KindInterval:
		dtPrec = int32(6)
		if p, ok := types.IntervalPrecision(t.Mod); ok {
			dtPrec = p
		}
	}
	return strings.TrimPrefix(t.FormatTypeNoMod(), "pg_catalog."), charLen, octetLen, prec, radix, scale, dtPrec
}

// storedText prints a column's default or generation expression as
// pg_get_expr does: the assignment coercion to the column type at its top
// is hidden (nextval('s'::regclass) for an integer serial column, not
// (nextval('s'::regclass))::integer); coercions inside it show.
// DefaultText is a column default as pg_get_expr prints it: SQL that
// reads back as the same expression (a rule's NEW of a column an INSERT
// leaves out substitutes it).
func DefaultText(d *sql.ColumnDefaultValue) string { return storedText(d) }

func storedText(d *sql.ColumnDefaultValue) string {
	e := d.Expr
	for {
		c, ok := e.(*expr.Cast)
		if !ok || c.Explicit {
			break
		}
		e = c.Child
	}
	if e == nil {
		return exprText(d.String())
	}
	if l, ok := e.(*expr.Literal); ok && l.Value == nil && l.Shown == "" {
		// a typed NULL (NULL::character varying) keeps its type, as
		// PostgreSQL's stored Const does
		// PostgreSQL's Const is of the base type without a typmod: the
		// length coercion or domain check above it does not print.
		if t := expr.TypeOf(l); t.Kind != types.KindUnknown {
			for t.Domain != nil {
				t = t.Domain
			}
			return "NULL::" + t.FormatTypeNoMod()
		}
	}
	return e.String()
}

// foldedDefault reports whether a default is an expression tinybase
// folded to a constant, its text kept as written (expr.Literal.Source):
// it prints analyzed, as PostgreSQL's stored expression does.
func foldedDefault(d *sql.ColumnDefaultValue) bool {
	l, ok := implicitlyCast(d.Expr).(*expr.Literal)
	return ok && l.Source
}

// implicitlyCast is e below the implicit casts a stored default wraps
// it in.
func implicitlyCast(e sql.Expression) sql.Expression {
	for {
		c, ok := e.(*expr.Cast)
		if !ok || c.Explicit {
			return e
		}
		e = c.Child
	}
}

// nullDefault reports whether a column default is a NULL of the column's
// own type or an untyped NULL, which PostgreSQL does not store at all, or
// the column's domain's default, which PostgreSQL takes from the type.
func nullDefault(d *sql.ColumnDefaultValue, col sql.Type) bool {
	if translate.IsDomainDefault(d) {
		return true // the domain's, applied from the type (translate's domainColumn)
	}
	l, ok := implicitlyCast(d.Expr).(*expr.Literal)
	if !ok || l.Value != nil || l.Shown != "" {
		return false
	}
	t := expr.TypeOf(l)
	ct, _ := col.(*types.Type)
	if ct != nil && (ct.Domain != nil || ct.Mod >= 0) {
		// PostgreSQL coerces a NULL to a typmod or a domain with a call
		// (numeric(NULL, 10,2), CoerceToDomain), so stores the default.
		return false
	}
	return t.Kind == types.KindUnknown || ct != nil && ct.Domain == nil && t.OID == ct.OID && t.Mod == ct.Mod
}

// exprText is a stored expression's text without the parentheses GMS
// wraps it in.
func exprText(s string) string {
	if strings.HasPrefix(s, "(") && strings.HasSuffix(s, ")") {
		return s[1 : len(s)-1]
	}
	return s
}

func itoa64(n int64) string { return strconv.FormatInt(n, 10) }
