package ddl

import (
	"fmt"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
	"github.com/tinybase/tinybase/internal/pgtree"
)

// constraintUsingIndex is ALTER TABLE ... ADD CONSTRAINT ... PRIMARY KEY |
// UNIQUE USING INDEX: PostgreSQL's checks on the index (unique, plain
// columns, no predicate), then the index replaced by the constraint's
// own over the same columns (and INCLUDE columns), under the
// constraint's name.
func constraintUsingIndex(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	t, err := mustTable(h, ctx, c.Schema, c.Table)
	if err != nil {
		return err
	}
	infos, err := t.Indexes(ctx)
	if err != nil {
		return err
	}
	found := false
	var cols, include []string
	for _, ix := range infos {
		if ix.Name != c.From || ix.PrimaryKey {
			continue
		}
		found = true
		detail := "Cannot create a primary key or unique constraint using such an index."
		switch {
		case !ix.Unique:
			return pgerror.New(pgerror.WrongObjectType, "%q is not a unique index", ix.Name).WithDetail("%s", detail)
		case ix.Expression:
			return pgerror.New(pgerror.WrongObjectType, "index %q contains expressions", ix.Name).WithDetail("%s", detail)
		case ix.Partial:
			return pgerror.New(pgerror.WrongObjectType, "%q is a partial index", ix.Name).WithDetail("%s", detail)
		}
		cols, include = ix.Columns, ix.AM.Include
	}
	if !found {
		return pgerror.New(pgerror.UndefinedObject, "index %q does not exist", c.From)
	}
	name := c.To
	if name == "" {
		name = c.From
	}
	if name != c.From {
		h.Notice("NOTICE", "00000", fmt.Sprintf("ALTER TABLE / ADD CONSTRAINT USING INDEX will rename index %q to %q", c.From, name))
	}
	if err := t.DropIndex(ctx, c.From); err != nil {
		return h.MapError(err)
	}
	quoted := make([]string, len(cols))
	for i, col := range cols {
		quoted[i] = quoteIdent(col)
	}
	word := "UNIQUE"
	if c.Contype == 'p' {
		word = "PRIMARY KEY"
	}
	stmt := fmt.Sprintf("ALTER TABLE %s.%s ADD CONSTRAINT %s %s (%s)", quoteIdent(c.Schema), quoteIdent(c.Table), quoteIdent(name), word, strings.Join(quoted, ", "))
	if len(include) > 0 {
		// the index's INCLUDE columns stay the constraint's
		inc := make([]string, len(include))
		for i, col := range include {
			inc[i] = quoteIdent(col)
		}
		stmt += " INCLUDE (" + strings.Join(inc, ", ") + ")"
	}
	tree, err := pgtree.Parse(stmt)
	if err != nil {
		return h.SyntaxError(err, stmt)
	}
	tr := &translate.Translator{Env: h.Env(), Tables: h.TableLookup(), Catalog: h.TranslatorCatalog()}
	res, err := tr.Statement(tree.Stmts[0].Stmt)
	if err != nil {
		return err
	}
	if td, ok := res.Cmd.(*translate.TableDDL); ok {
		_, err = TableDDL(h, ctx, td, res.Tag)
		return err
	}
	if res.Stmt == nil {
		return pgerror.New(pgerror.InternalError, "ADD CONSTRAINT translated to no statement")
	}
	if err := runSequence(h, ctx, []sqlparser.Statement{res.Stmt}); err != nil {
		return h.MapError(err)
	}
	return nil
}
