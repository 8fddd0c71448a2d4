package pgcatalog

import (
	"strings"

	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/types"
)

// The printer follows ruleutils.c's get_rule_expr for the node kinds
// deparse.go builds. Non-pretty output (pg_get_expr, pg_policies,
// pg_get_constraintdef(oid)) parenthesizes every operator, boolean and
// null test and every coercion's argument; pretty output
// (pg_get_constraintdef(oid, true)) parenthesizes only where precedence
// needs it (isSimpleNode).

type printer struct {
	b      strings.Builder
	pretty bool
	indent int // indentLevel: pg_get_expr always indents (PRETTYFLAG_INDENT)
	// varPrefix qualifies columns, as inside a sub-select
	varPrefix bool
	// state, when set, decides which user types print schema-qualified:
	// those the search path does not find by their bare name, as
	// format_type qualifies a type that is not TypeIsVisible (public's
	// too when pg_dump empties the path)
	state *State
}

// keyword starts str on a new line at the current indentation (plus
// plus), after trimming trailing spaces (appendContextKeyword).
func (p *printer) keyword(str string, before, after, plus int) {
	p.indent += before
	cur := strings.TrimRight(p.b.String(), " ")
	p.b.Reset()
	p.b.WriteString(cur)
	p.b.WriteByte('\n')
	p.b.WriteString(strings.Repeat(" ", max(p.indent, 0)+plus))
	p.b.WriteString(str)
	p.indent = max(p.indent+after, 0)
}

// atTimeZone marks a dFunc call of timezone written as x AT TIME ZONE zone.
const atTimeZone = "AT TIME ZONE"

// printExpr prints an analyzed expression at the top of pg_get_expr:
// an implicit coercion there is not shown.
func printExpr(d dnode, pretty bool) string {
	p := &printer{pretty: pretty}
	p.expr(d, false)
	return p.b.String()
}

// printExprIn is printExpr under the search path of s.
func printExprIn(s *State, d dnode, pretty bool) string {
	p := &printer{pretty: pretty, state: s}
	p.expr(d, false)
	return p.b.String()
}

// typeName is formatTypeMod, qualified as format_type qualifies a user
// type: when the search path does not find it by its bare name.
func (p *printer) typeName(t *types.Type) string {
	out := formatTypeMod(t)
	if p.state == nil {
		return out
	}
	e := t
	for e.Kind == types.KindArray && e.Elem != nil && e.Domain == nil {
		e = e.Elem
	}
	if e.Schema == "" || e.Schema == "pg_catalog" || e.Kind == types.KindExt {
		return out
	}
	visible := p.state.typeVisible(e)
	switch {
	case e.Schema == "public" && !visible:
		return "public." + out
	case e.Schema != "public" && visible:
		// formatTypeMod spells a type of public bare
		bare := *e
		bare.Schema = "public"
		if e == t {
			return formatTypeMod(&bare)
		}
		return formatTypeMod(bare.WithMod(t.Mod)) + "[]"
	}
	return out
}

// paren prints d as an operand of parent, in parentheses when pretty
// printing needs them (get_rule_expr_paren).
func (p *printer) paren(d, parent dnode, showImplicit bool) {
	need := p.pretty && !isSimpleNode(d, parent)
	if need {
		p.b.WriteByte('(')
	}
	p.expr(d, showImplicit)
	if need {
		p.b.WriteByte(')')
	}
}

func (p *printer) open() {
	if !p.pretty {
		p.b.WriteByte('(')
	}
}

func (p *printer) close() {
	if !p.pretty {
		p.b.WriteByte(')')
	}
}

func (p *printer) expr(d dnode, showImplicit bool) {
	switch n := d.(type) {
	case *dVar:
		if n.keyword {
			p.b.WriteString(n.name)
			return
		}
		if n.name == "" {
			p.b.WriteString(QuoteIdent(n.qual) + ".*") // ruleutils prints a whole-row Var's refname always
			return
		}
		if p.varPrefix {
			p.b.WriteString(QuoteIdent(n.qual) + ".")
		}
		p.b.WriteString(QuoteIdent(n.name))
	case *dConst:
		p.constant(n, 0)
	case *dCoerce:
		if !n.explicit && !showImplicit {
			p.paren(n.arg, n, false)
			return
		}
		p.coercion(n)
	case *dOp:
		p.open()
		if n.l != nil {
			p.paren(n.l, n, true)
			p.b.WriteString(" " + n.op + " ")
		} else {
			p.b.WriteString(n.op + " ")
		}
		p.paren(n.r, n, true)
		p.close()
	case *dBool:
		p.open()
		if n.kind == boolNot {
			p.b.WriteString("NOT ")
			p.paren(n.args[0], n, false)
		} else {
			sep := " AND "
			if n.kind == boolOr {
				sep = " OR "
			}
			for i, a := range n.args {
				if i > 0 {
					p.b.WriteString(sep)
				}
				p.paren(a, n, false)
			}
		}
		p.close()
	case *dNullTest:
		p.open()
		p.paren(n.arg, n, true)
		if n.not {
			p.b.WriteString(" IS NOT NULL")
		} else {
			p.b.WriteString(" IS NULL")
		}
		p.close()
	case *dFunc:
		if n.trim == atTimeZone && len(n.args) == 2 {
			// get_func_sql_syntax: the arguments the other way round
			p.b.WriteByte('(')
			p.paren(n.args[1], n, false)
			p.b.WriteString(" AT TIME ZONE ")
			p.paren(n.args[0], n, false)
			p.b.WriteByte(')')
			return
		}
		if n.trim != "" && len(n.args) >= 1 && len(n.args) <= 2 {
			// get_func_sql_syntax: TRIM(BOTH [chars] FROM string)
			p.b.WriteString("TRIM(" + n.trim)
			if len(n.args) == 2 {
				p.b.WriteByte(' ')
				p.expr(n.args[1], true)
			}
			p.b.WriteString(" FROM ")
			p.expr(n.args[0], true)
			p.b.WriteByte(')')
			return
		}
		p.b.WriteString(n.name + "(")
		for i, a := range n.args {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.expr(a, true)
		}
		p.b.WriteByte(')')
	case *dSQLFunc:
		p.b.WriteString(n.keyword)
	case *dArray:
		p.b.WriteString("ARRAY[")
		for i, e := range n.elems {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.expr(e, true)
		}
		p.b.WriteByte(']')
	case *dScalarArrayOp:
		p.open()
		p.paren(n.l, n, true)
		quant := "ALL"
		if n.useOr {
			quant = "ANY"
		}
		p.b.WriteString(" " + n.op + " " + quant + " (")
		p.paren(n.r, n, true)
		p.b.WriteByte(')')
		p.close()
	case *dCase:
		// get_rule_expr's T_CaseExpr, PRETTYINDENT_VAR = 4
		p.keyword("CASE", 0, 4, 0)
		if n.arg != nil {
			p.b.WriteByte(' ')
			p.expr(n.arg, true)
		}
		for i, c := range n.conds {
			p.keyword("WHEN ", 0, 0, 0)
			p.expr(c, false)
			p.b.WriteString(" THEN ")
			p.expr(n.results[i], true)
		}
		p.keyword("ELSE ", 0, 0, 0)
		p.expr(n.results[len(n.results)-1], true)
		p.keyword("END", -4, 0, 0)
	case *dBoolTest:
		p.open()
		p.paren(n.arg, n, false)
		p.b.WriteString(n.word)
		p.close()
	case *dAgg:
		p.printAgg(n) // viewquery.go
	case *dQSub:
		p.printSub(n)
	case *dCoalesce:
		p.b.WriteString("COALESCE(")
		for i, a := range n.args {
			if i > 0 {
				p.b.WriteString(", ")
			}
			p.expr(a, true)
		}
		p.b.WriteByte(')')
	case *dSubLink:
		// get_sublink_expr over get_basic_select_query (PRETTYINDENT_STD
		// = 8); the sub-select prints with its own indentation level
		// and qualified columns
		switch {
		case n.exists:
			p.b.WriteString("(EXISTS (")
		case n.in != nil:
			p.b.WriteByte('(')
			p.expr(n.in, true)
			p.b.WriteString(" IN (")
		default:
			p.b.WriteByte('(')
		}
		indent, prefix := p.indent, p.varPrefix
		p.indent += 8
		p.varPrefix = true
		p.b.WriteString(" SELECT ")
		p.expr(n.target, true)
		// a sub-select's column names are not visible: AS shows only a
		// name other than what the column would be called anyway
		if v, isVar := n.target.(*dVar); !(isVar && v.name == n.name) && n.name != "?column?" {
			p.b.WriteString(" AS " + QuoteIdent(n.name))
		}
		if n.from != "" {
			p.keyword(" FROM ", -8, 8, 2)
			p.b.WriteString(n.from)
		}
		if n.where != nil {
			p.keyword(" WHERE ", -8, 8, 1)
			p.expr(n.where, false)
		}
		p.indent, p.varPrefix = indent, prefix
		if n.exists || n.in != nil {
			p.b.WriteString("))")
		} else {
			p.b.WriteByte(')')
		}
	}
}

// coercion prints arg::type (get_coercion_expr): a constant already of
// the type (and without typmod) shows bare.
func (p *printer) coercion(n *dCoerce) {
	if c, ok := n.arg.(*dConst); ok && c.t.OID == n.t.OID && c.t.Mod < 0 {
		p.constant(c, -1)
	} else {
		p.open()
		p.paren(n.arg, n, false)
		p.close()
	}
	p.b.WriteString("::" + p.typeName(n.t))
}

// constant prints a constant as get_const_expr does; showType -1 leaves
// off the ::type label.
func (p *printer) constant(c *dConst, showType int) {
	t := c.t
	if c.val == nil {
		p.b.WriteString("NULL")
		if showType >= 0 {
			p.b.WriteString("::" + p.typeName(t))
		}
		return
	}
	text := c.text
	needLabel := false
	switch t.Kind {
	case types.KindInt4:
		if !strings.HasPrefix(text, "-") {
			p.b.WriteString(text)
		} else {
			p.b.WriteString(quoteLiteral(text))
			needLabel = true
		}
	case types.KindNumeric:
		// unquoted only when it reads back as a numeric constant: a
		// float-looking literal without a sign
		if text != "" && text[0] >= '0' && text[0] <= '9' && strings.ContainsAny(text, "eE.") {
			p.b.WriteString(text)
		} else {
			p.b.WriteString(quoteLiteral(text))
			needLabel = true
		}
	case types.KindBool:
		if c.val.(bool) {
			p.b.WriteString("true")
		} else {
			p.b.WriteString("false")
		}
	default:
		p.b.WriteString(quoteLiteral(text))
	}
	if showType < 0 {
		return
	}
	switch t.Kind {
	case types.KindBool, types.KindUnknown:
		needLabel = false
	case types.KindInt4:
	case types.KindNumeric:
		needLabel = needLabel || t.Mod >= 0
	default:
		needLabel = true
	}
	if needLabel || showType > 0 {
		p.b.WriteString("::" + p.typeName(t))
	}
}

func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

const (
	boolAnd = pg.BoolExprType_AND_EXPR
	boolOr  = pg.BoolExprType_OR_EXPR
	boolNot = pg.BoolExprType_NOT_EXPR
)

// isSimpleNode is ruleutils' test of whether node needs no parentheses
// as an argument of parent in pretty output.
func isSimpleNode(node, parent dnode) bool {
	switch n := node.(type) {
	case *dVar, *dConst, *dFunc, *dSQLFunc, *dArray, *dCoalesce, *dCase, *dAgg:
		return true
	case *dQSub:
		return simpleUnderParent(parent)
	case *dCoerce:
		// a cast function call is function-like; a relabel or I/O
		// coercion looks through to its argument, and either way it
		// prints as arg::type
		return true
	case *dSubLink:
		return simpleUnderParent(parent)
	case *dOp:
		if po, ok := parent.(*dOp); ok {
			lo, hi := strings.Contains("+-", n.op) && len(n.op) == 1, strings.Contains("*/%", n.op) && len(n.op) == 1
			if !lo && !hi || n.l == nil {
				return false
			}
			plo, phi := strings.Contains("+-", po.op) && len(po.op) == 1, strings.Contains("*/%", po.op) && len(po.op) == 1
			if !plo && !phi || po.l == nil {
				return false
			}
			if hi && plo {
				return true
			}
			if lo && phi {
				return false
			}
			return po.l == node
		}
		return simpleUnderParent(parent)
	case *dNullTest, *dBoolTest:
		return simpleUnderParent(parent)
	case *dBool:
		if pb, ok := parent.(*dBool); ok {
			switch n.kind {
			case boolNot, boolAnd:
				return pb.kind == boolAnd || pb.kind == boolOr
			case boolOr:
				return pb.kind == boolOr
			}
			return false
		}
		return simpleUnderParent(parent)
	}
	return false
}

// simpleUnderParent is isSimpleNode's rule for operators, sublinks and
// tests under a parent of another kind: a regular function call gives
// them parentheses of its own, a cast does not.
func simpleUnderParent(parent dnode) bool {
	switch parent.(type) {
	case *dFunc, *dArray, *dCoalesce, *dCase, *dAgg:
		return true
	case *dCoerce:
		return false
	case *dBool:
		return true
	}
	return false
}

// formatTypeMod is format_type_with_typemod: as FormatType, except that
// bpchar without a typmod is "bpchar" (character alone means char(1)).
func formatTypeMod(t *types.Type) string {
	if t.Kind == types.KindBpchar && t.Mod < 0 && t.Domain == nil {
		return "bpchar"
	}
	return t.FormatType()
}
