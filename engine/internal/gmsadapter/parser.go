package gmsadapter

import (
	"context"
	"strings"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// Parser is GMS's parser for text GMS stores and re-parses itself: CHECK
// constraint expressions and column defaults ("select <expr>"). It parses
// PostgreSQL with pg_query and translates like a session does, in UTC.
// Text GMS generated in MySQL syntax (defaults it printed itself) still
// goes to the MySQL parser when PostgreSQL's grammar rejects it.
type Parser struct {
	mysql sql.Parser
	// lookup answers first, with a statement the engine translated itself
	// (row security WITH CHECK expressions, by token: GMS asks for
	// "select <token>" when it loads a table's checks).
	lookup func(query string) (sqlparser.Statement, bool)
}

var _ sql.Parser = (*Parser)(nil)

// NewParser returns a parser that asks lookup (if not nil) first.
func NewParser(lookup func(query string) (sqlparser.Statement, bool)) *Parser {
	return &Parser{mysql: sql.NewMysqlParser(), lookup: lookup}
}

// ParseSimple implements sql.Parser.
func (p *Parser) ParseSimple(query string) (sqlparser.Statement, error) {
	st, err := p.parse(query)
	if err != nil {
		if st2, merr := p.mysql.ParseSimple(query); merr == nil {
			return st2, nil
		}
		return nil, err
	}
	return st, nil
}

// Parse implements sql.Parser.
func (p *Parser) Parse(_ *sql.Context, query string, _ bool) (sqlparser.Statement, string, string, error) {
	st, err := p.ParseSimple(query)
	return st, query, "", err
}

// ParseWithOptions implements sql.Parser.
func (p *Parser) ParseWithOptions(_ context.Context, query string, _ rune, _ bool, _ sqlparser.ParserOptions) (sqlparser.Statement, string, string, error) {
	st, err := p.ParseSimple(query)
	return st, query, "", err
}

// ParseOneWithOptions implements sql.Parser.
func (p *Parser) ParseOneWithOptions(_ context.Context, query string, _ sqlparser.ParserOptions) (sqlparser.Statement, int, error) {
	st, err := p.ParseSimple(query)
	return st, len(query), err
}

func (p *Parser) parse(query string) (sqlparser.Statement, error) {
	if p.lookup != nil {
		if st, ok := p.lookup(query); ok {
			return st, nil
		}
	}
	tree, err := pgtree.Parse(query)
	if err != nil {
		return nil, pgtree.SyntaxError(err)
	}
	if len(tree.Stmts) == 0 {
		return nil, sqlparser.ErrEmpty
	}
	tr := &translate.Translator{Env: &types.Env{Loc: time.UTC}}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil {
		return nil, err
	}
	if res.Stmt == nil {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "statement cannot be planned: %s", query)
	}
	// "select <expr>": keep <expr>'s PostgreSQL text on the expression so
	// GMS stores it again verbatim.
	if sel, ok := res.Stmt.(*sqlparser.Select); ok && len(sel.SelectExprs) == 1 && len(sel.From) == 0 {
		if ae, ok := sel.SelectExprs[0].(*sqlparser.AliasedExpr); ok {
			if text, ok := cutSelect(query); ok {
				ae.Expr = translate.WithSourceText(ae.Expr, text)
			}
		}
	}
	return res.Stmt, nil
}

// cutSelect returns the text after a leading "select " keyword.
func cutSelect(q string) (string, bool) {
	q = strings.TrimSpace(q)
	if len(q) > 7 && strings.EqualFold(q[:7], "select ") {
		return strings.TrimSpace(q[7:]), true
	}
	return "", false
}
