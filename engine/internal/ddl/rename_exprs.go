package ddl

import (
	"fmt"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/go-mysql-server/sql/transform"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// renameInStoredExprs follows a column rename in t's generated columns and
// expression or partial indexes, as PostgreSQL's stored expressions do
// (they hold attribute numbers): their PostgreSQL text (pg_get_expr,
// pg_get_indexdef, a checkpoint) names the column by its new name, and so
// do the engine's expressions, which GMS resolves by name on every write.
func renameInStoredExprs(h Host, ctx *sql.Context, t *storage.Table, from, to string) error {
	for _, col := range t.Schema() {
		if col.Generated == nil {
			continue
		}
		g, changed, err := renameInExpr(col.Generated.Expr, from, to)
		if err != nil {
			return err
		}
		if !changed {
			continue
		}
		nc := col.Copy()
		gd := *col.Generated
		gd.Expr = g
		nc.Generated = &gd
		if err := t.ModifyColumn(ctx, col.Name, nc, nil); err != nil {
			return err
		}
	}
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	return rewriteIndexTexts(ctx, tr, t, func(src, index string) (string, bool, error) {
		ns, err := renamedText(src, from, to, index)
		return ns, ns != src, err
	})
}

// rewriteIndexTexts passes the key and predicate texts of t's expression
// and partial indexes through rename (the new text, whether it changed)
// and gives the indexes it changed their new texts (setIndexTexts).
func rewriteIndexTexts(ctx *sql.Context, tr *translate.Translator, t *storage.Table, rename func(src, index string) (string, bool, error)) error {
	infos, err := t.Indexes(ctx)
	if err != nil {
		return err
	}
	sch := t.Schema()
	for _, ix := range infos {
		if !ix.Expression && !ix.Partial || ix.Expression && len(ix.Source) != len(ix.KeyText) {
			continue
		}
		e := storage.IndexExprs{WhereSource: ix.WhereSource}
		changed := false
		for _, src := range ix.Source {
			ns, ch, err := rename(src, ix.Name)
			if err != nil {
				return err
			}
			changed = changed || ch
			e.Source = append(e.Source, ns)
		}
		if ix.WhereSource != "" {
			ns, ch, err := rename(ix.WhereSource, ix.Name)
			if err != nil {
				return err
			}
			e.WhereSource, changed = ns, changed || ch
		}
		if !changed {
			continue
		}
		if err := setIndexTexts(ctx, tr, t, sch, ix, e); err != nil {
			return err
		}
	}
	return nil
}

// setIndexTexts gives index ix of t the key and predicate texts of e
// (Source, WhereSource), written differently for the same keys: its
// engine expressions are translated anew from them.
func setIndexTexts(ctx *sql.Context, tr *translate.Translator, t *storage.Table, sch sql.Schema, ix storage.IndexInfo, e storage.IndexExprs) error {
	if ix.Expression {
		keys := make([]sql.Expression, len(e.Source))
		for i, src := range e.Source {
			v, err := tr.ScalarSource(src)
			if err != nil {
				return err
			}
			if keys[i], err = ResolveOver(sch, v); err != nil {
				return err
			}
			e.KeyText = append(e.KeyText, keys[i].String())
		}
		e.Key = IndexKey(keys)
	}
	if ix.Partial {
		v, err := tr.IndexPredicateSource(e.WhereSource)
		if err != nil {
			return err
		}
		where, err := ResolveOver(sch, v)
		if err != nil {
			return err
		}
		e.Where, e.WhereText = IndexWhere(where), where.String()
	}
	return t.SetIndexExprs(ctx, ix.Name, e)
}

// renameInExpr renames the column in a generated column's expression:
// the fields GMS resolves by name and the PostgreSQL text it keeps.
func renameInExpr(e sql.Expression, from, to string) (sql.Expression, bool, error) {
	var failed error
	out, same, err := transform.Expr(e, func(e sql.Expression) (sql.Expression, transform.TreeIdentity, error) {
		switch x := e.(type) {
		case *expression.GetField:
			if x.Name() == from {
				return x.WithName(to), transform.NewTree, nil
			}
		case *translate.SourceText:
			text, err := renamedText(x.Text, from, to, "")
			if err != nil {
				failed = err
				return e, transform.SameTree, nil
			}
			if text != x.Text {
				return &translate.SourceText{Child: x.Child, Text: text}, transform.NewTree, nil
			}
		}
		return e, transform.SameTree, nil
	})
	if failed != nil {
		return nil, false, failed
	}
	return out, same == transform.NewTree, err
}

func renamedText(text, from, to, index string) (string, error) {
	nt, ok := translate.RenameColumnRef(text, from, to)
	if !ok {
		what := "a generated column"
		if index != "" {
			what = fmt.Sprintf("index %q", index)
		}
		return "", pgerror.New(pgerror.FeatureNotSupported, "cannot rename column %q used by %s yet", from, what)
	}
	return nt, nil
}
