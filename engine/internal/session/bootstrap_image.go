package session

import (
	"fmt"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/go-mysql-server/sql/expression"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/bootstrap"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/ddl"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgtree"
)

//go:generate go test -run ^TestBootstrapImage$ -update-image .

// The bootstrap image: the first Open of a process builds the bootstrapped
// template from bootstrapImage (bootstrap_image_gen.go, data written by
// `go generate`) instead of running engine/internal/bootstrap's 235 statements,
// which costs ~30 ms of parsing and planning in a fresh process. What the
// image cannot hold as data (column defaults, generated columns, the keys
// of expression and partial indexes) it holds as the engine's text of the
// expression, translated back on the table's first use with the
// translator entry points CREATE TABLE and CREATE INDEX use (tableExprs).
// TestBootstrapImage fails when the image is stale or does not build back
// into itself; TestBootstrapImageEquivalent and
// TestBootstrapImageExpressions compare an image-built engine with a
// SQL-built one.

// imageEnv is the environment row values are printed and read in.
var imageEnv = &types.Env{Loc: time.UTC}

// imageOf writes e's committed state down as a bootstrap image.
func imageOf(e *Engine) (bootstrap.Image, error) {
	si, err := e.store.Image()
	if err != nil {
		return bootstrap.Image{}, err
	}
	cat, err := catalog.Of(si.Meta).Image()
	if err != nil {
		return bootstrap.Image{}, err
	}
	img := bootstrap.Image{Schemas: si.Schemas, SchemaSeqs: si.SchemaSeqs, Seq: si.Seq, RelSeqs: relSeqsOut(si.RelSeqs), Catalog: cat}
	for _, t := range si.Tables {
		it, err := tableImageOf(t)
		if err != nil {
			return bootstrap.Image{}, fmt.Errorf("engine: image of %s.%s: %w", t.Schema, t.Name, err)
		}
		img.Tables = append(img.Tables, it)
	}
	e.seqs.mu.Lock()
	for oid, v := range e.seqs.m {
		img.Sequences = append(img.Sequences, bootstrap.SequenceValue{OID: oid, Last: v.last, Called: v.called})
	}
	e.seqs.mu.Unlock()
	sort.Slice(img.Sequences, func(i, j int) bool { return img.Sequences[i].OID < img.Sequences[j].OID })
	return img, nil
}

func typeRef(t sql.Type) (catalog.TypeRef, error) {
	pt, ok := t.(*types.Type)
	if !ok || pt.OID == 0 {
		return catalog.TypeRef{}, fmt.Errorf("type %s has no PostgreSQL OID", t)
	}
	return catalog.TypeRef{OID: pt.OID, Mod: pt.Mod}, nil
}

func tableImageOf(t storage.TableImage) (bootstrap.Table, error) {
	it := bootstrap.Table{Schema: t.Schema, Name: t.Name, PKOrds: t.PKOrds, PKName: t.PKName, PKInclude: t.PKInclude,
		Comment: t.Comment, Collation: uint16(t.Collation), Seq: t.Seq, NextRowID: t.NextRowID}
	for _, c := range t.Columns {
		if c.AutoIncrement || c.Virtual || c.OnUpdate != nil {
			return it, fmt.Errorf("column %s: AUTO_INCREMENT, virtual and ON UPDATE columns cannot be imaged", c.Name)
		}
		ic := bootstrap.Column{Name: c.Name, Nullable: c.Nullable, Comment: c.Comment, Extra: c.Extra}
		var err error
		if ic.Type, err = typeRef(c.Type); err != nil {
			return it, err
		}
		if ic.Default, err = storedOf(c.Default, false); err != nil {
			return it, fmt.Errorf("column %s default: %w", c.Name, err)
		}
		if ic.Generated, err = storedOf(c.Generated, true); err != nil {
			return it, fmt.Errorf("column %s generated: %w", c.Name, err)
		}
		it.Columns = append(it.Columns, ic)
	}
	it.NotValid = t.NotValid
	for _, ix := range t.Indexes {
		if (ix.Key != nil) != (len(ix.KeyText) > 0) || (ix.Where != nil) != (ix.WhereText != "") {
			return it, fmt.Errorf("index %s: its expressions have no text", ix.Name)
		}
		ii := bootstrap.Index{Name: ix.Name, Unique: ix.Unique, Columns: ix.Columns, KeyText: ix.KeyText,
			WhereText: ix.WhereText, Source: ix.Source, WhereSource: ix.WhereSource, Comment: ix.Comment, ForFK: ix.ForFK,
			Method: ix.AM.Method, Opclass: ix.AM.Opclass, Ordering: ix.AM.Ordering, Options: ix.AM.Options,
			Collation: ix.AM.Collation, Include: ix.AM.Include}
		// The texts translated back on load are PostgreSQL's source of the
		// key parts and predicate when known: the engine's text of an
		// expression abbreviates some calls (coalesce(...)).
		if len(ix.Source) == len(ix.KeyText) {
			ii.KeyText = ix.Source
		}
		if ix.WhereSource != "" && ix.WhereText != "" {
			ii.WhereText = ix.WhereSource
		}
		for _, kt := range ix.KeyTypes {
			r, err := typeRef(kt)
			if err != nil {
				return it, err
			}
			ii.KeyTypes = append(ii.KeyTypes, r)
		}
		it.Indexes = append(it.Indexes, ii)
	}
	for _, c := range t.Checks {
		it.Checks = append(it.Checks, bootstrap.Check{Name: c.Name, Expression: c.CheckExpression, Enforced: c.Enforced})
	}
	for _, f := range t.ForeignKeys {
		it.ForeignKeys = append(it.ForeignKeys, bootstrap.ForeignKey{Name: f.Name, Database: f.Database, SchemaName: f.SchemaName,
			Table: f.Table, Columns: f.Columns, ParentDatabase: f.ParentDatabase, ParentSchema: f.ParentSchema,
			ParentTable: f.ParentTable, ParentColumns: f.ParentColumns, OnUpdate: string(f.OnUpdate), OnDelete: string(f.OnDelete),
			IsResolved: f.IsResolved})
	}
	for _, row := range t.Rows {
		ir := make([]bootstrap.Value, len(row))
		for i, v := range row {
			if v == nil {
				ir[i].Null = true
				continue
			}
			ir[i].Text = types.Output(t.Columns[i].Type.(*types.Type), v, imageEnv)
		}
		it.Rows = append(it.Rows, ir)
	}
	return it, nil
}

// storedOf writes down a column's default or generated expression: the
// text CREATE TABLE was given for a generated column, and for a default
// the expression under the assignment coercion CREATE TABLE put on top.
func storedOf(d *sql.ColumnDefaultValue, generated bool) (bootstrap.Stored, error) {
	if d == nil {
		return bootstrap.Stored{}, nil
	}
	s := bootstrap.Stored{Set: true, Literal: d.Literal, ReturnNil: d.ReturnNil, Parenthesized: d.Parenthesized}
	if d.OutType != nil {
		r, err := typeRef(d.OutType)
		if err != nil {
			return s, err
		}
		s.OutType = r
	}
	if generated {
		st, ok := d.Expr.(*translate.SourceText)
		if !ok {
			return s, fmt.Errorf("expression %s has no source text", d.Expr)
		}
		s.Text = st.Text
		return s, nil
	}
	// The default as written: under the assignment coercion CREATE TABLE
	// adds (and translating the text adds again), as pg_get_expr prints it.
	e := d.Expr
	if dd, ok := e.(*translate.DomainDefault); ok {
		s.Domain, e = true, dd.Child
	}
	for {
		c, ok := e.(*expr.Cast)
		if !ok || c.Explicit {
			break
		}
		e = c.Child
	}
	s.Text = e.String()
	if l, ok := e.(*expr.Literal); ok {
		s.Shown = l.Shown
	}
	return s, nil
}

// openImage builds an engine holding img's state: the catalog and the
// tables' definitions and rows as data, no SQL run. Each table's stored
// expressions are translated back on its first use (tableExprs), so Open
// parses nothing; the engine built here is the process's template, whose
// tables every snapshot shares, and the translation happens once.
func openImage(img *bootstrap.Image) (*Engine, error) { return buildImage(img, nil, nil) }

// buildImage is openImage; rows, when not nil, gives table n's rows
// (img's own text rows are then empty; finish then runs in the loading
// transaction, see loadRows), inserted once the engine exists:
// inserting into a table with expression or partial indexes translates
// its stored expressions, which needs the engine (a checkpoint,
// durable.go).
func buildImage(img *bootstrap.Image, rows rowSource, finish func(*Session, *storage.Txn, *sql.Context) error) (*Engine, error) {
	cat, err := catalog.FromImage(img.Catalog)
	if err != nil {
		return nil, err
	}
	resolve := typeResolver(cat)
	var e *Engine // set below, before any table is used
	x := &imageExprs{}
	var ctx *sql.Context // for inserting rows; a new context costs ~100 µs
	si := storage.Image{Schemas: img.Schemas, SchemaSeqs: img.SchemaSeqs, Seq: img.Seq, RelSeqs: relSeqsIn(img.RelSeqs), Meta: cat, Tables: make([]storage.TableImage, len(img.Tables))}
	for n := range img.Tables {
		it := &img.Tables[n]
		t := storage.TableImage{Schema: it.Schema, Name: it.Name, PKOrds: it.PKOrds, PKName: it.PKName, PKInclude: it.PKInclude,
			Comment: it.Comment, Collation: sql.CollationID(it.Collation), Seq: it.Seq, NextRowID: it.NextRowID,
			Columns: make(sql.Schema, len(it.Columns))}
		stored := false
		for i, ic := range it.Columns {
			typ, err := resolve(ic.Type)
			if err != nil {
				return nil, err
			}
			t.Columns[i] = &sql.Column{Name: ic.Name, Type: typ, Nullable: ic.Nullable, Comment: ic.Comment, Extra: ic.Extra,
				Source: it.Name, DatabaseSource: dbName}
			stored = stored || ic.Default.Set || ic.Generated.Set
		}
		for _, ix := range it.Indexes {
			ii := storage.IndexImage{Name: ix.Name, Unique: ix.Unique, Columns: ix.Columns,
				KeyText: ix.KeyText, WhereText: ix.WhereText, Source: ix.Source, WhereSource: ix.WhereSource,
				Comment: ix.Comment, ForFK: ix.ForFK, AM: storage.IndexAM{Method: ix.Method, Opclass: ix.Opclass, Ordering: ix.Ordering, Options: ix.Options,
					Collation: ix.Collation, Include: ix.Include}}
			for _, r := range ix.KeyTypes {
				kt, err := resolve(r)
				if err != nil {
					return nil, err
				}
				ii.KeyTypes = append(ii.KeyTypes, kt)
			}
			t.Indexes = append(t.Indexes, ii)
			stored = stored || len(ix.KeyText) > 0 || ix.WhereText != ""
		}
		if stored {
			if len(it.Rows) > 0 {
				return nil, fmt.Errorf("engine: image: %s.%s: a table with rows and stored expressions is not supported yet", it.Schema, it.Name)
			}
			cols := t.Columns
			t.Lazy = func() (storage.LazyParts, error) { return x.tableExprs(e, it, cols, resolve) }
		}
		for _, c := range it.Checks {
			t.Checks = append(t.Checks, sql.CheckDefinition{Name: c.Name, CheckExpression: c.Expression, Enforced: c.Enforced})
		}
		t.NotValid = it.NotValid
		for _, f := range it.ForeignKeys {
			t.ForeignKeys = append(t.ForeignKeys, sql.ForeignKeyConstraint{Name: f.Name, Database: f.Database, SchemaName: f.SchemaName,
				Table: f.Table, Columns: f.Columns, ParentDatabase: f.ParentDatabase, ParentSchema: f.ParentSchema,
				ParentTable: f.ParentTable, ParentColumns: f.ParentColumns, OnUpdate: sql.ForeignKeyReferentialAction(f.OnUpdate),
				OnDelete: sql.ForeignKeyReferentialAction(f.OnDelete), IsResolved: f.IsResolved})
		}
		if len(it.Rows) > 0 && ctx == nil {
			ctx = sql.NewEmptyContext()
		}
		for _, ir := range it.Rows {
			row := make(sql.Row, len(ir))
			for i, v := range ir {
				if v.Null {
					continue
				}
				if row[i], err = types.Input(t.Columns[i].Type.(*types.Type), v.Text, imageEnv); err != nil {
					return nil, fmt.Errorf("engine: image: %s.%s: %w", it.Schema, it.Name, err)
				}
			}
			t.Rows = append(t.Rows, row)
		}
		si.Tables[n] = t
	}
	store, err := storage.NewStoreFromImage(ctx, dbName, si)
	if err != nil {
		return nil, err
	}
	seqs := newSequenceValues()
	for _, v := range img.Sequences {
		seqs.m[v.OID] = seqValue{last: v.Last, called: v.Called}
	}
	e = newEngine(store, seqs)
	if err := compileDomains(e, cat); err != nil {
		return nil, err
	}
	if rows != nil {
		if err := loadRows(e, si.Tables, rows, finish); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// typeResolver resolves image type references: built-in types, then
// cat's user types.
func typeResolver(cat *catalog.Catalog) func(catalog.TypeRef) (*types.Type, error) {
	return func(r catalog.TypeRef) (*types.Type, error) {
		if t, ok := types.ByOID(r.OID); ok {
			return t.WithMod(r.Mod), nil
		}
		if t, ok := cat.TypeByOID(r.OID); ok {
			return t.WithMod(r.Mod), nil
		}
		return nil, fmt.Errorf("engine: image: unknown type OID %d", r.OID)
	}
}

// imageExprs holds the session an image-built template translates its
// tables' stored expressions in: one for all tables (a session costs
// ~1,000 allocations), used by one table at a time.
type imageExprs struct {
	mu sync.Mutex
	s  *Session
}

// tableExprs translates an image table's stored expressions back, as
// CREATE TABLE and CREATE INDEX translated them, in a session of the
// template engine e (parsed in one pg_query call). cols are the table's
// columns without them. While another table holds the shared session, a
// table uses a session of its own.
func (x *imageExprs) tableExprs(e *Engine, it *bootstrap.Table, cols sql.Schema, resolve func(catalog.TypeRef) (*types.Type, error)) (storage.LazyParts, error) {
	var texts []string
	for _, ic := range it.Columns {
		for _, s := range []bootstrap.Stored{ic.Default, ic.Generated} {
			if s.Set {
				texts = append(texts, s.Text)
			}
		}
	}
	for _, ix := range it.Indexes {
		texts = append(texts, ix.KeyText...)
		if ix.WhereText != "" {
			texts = append(texts, ix.WhereText)
		}
	}
	nodes, err := parseExprs(texts)
	if err != nil {
		return storage.LazyParts{}, err
	}
	var s *Session
	if x.mu.TryLock() {
		defer x.mu.Unlock()
		if x.s == nil {
			if x.s, err = e.Connect(SessionOptions{User: "postgres"}); err != nil {
				return storage.LazyParts{}, err
			}
		}
		s = x.s
	} else {
		if s, err = e.Connect(SessionOptions{User: "postgres"}); err != nil {
			return storage.LazyParts{}, err
		}
		defer s.Close()
	}
	env := s.env
	env.Relations = &imageRelations{}
	tr := &translate.Translator{Env: &env, Catalog: s.translatorCatalog()}
	next := func() *pg.Node { n := nodes[0]; nodes = nodes[1:]; return n }
	parts := storage.LazyParts{Columns: make(sql.Schema, len(cols)), Indexes: make([]storage.IndexImage, len(it.Indexes))}
	for i, ic := range it.Columns {
		col := *cols[i]
		typ := col.Type.(*types.Type)
		if ic.Default.Set {
			dt := typ
			if ic.Default.Domain {
				dt = typ.Base().WithMod(-1) // translate's domainDefault
			}
			v, err := tr.ColumnDefault(next(), dt, col.Name)
			if col.Default, err = storedValue(ic.Default, v, err, cols, resolve); err != nil {
				return parts, fmt.Errorf("column %s default: %w", col.Name, err)
			}
			if l, ok := col.Default.Expr.(*expr.Literal); ok && ic.Default.Shown != "" {
				l.Shown = ic.Default.Shown
			}
			if ic.Default.Domain {
				col.Default.Expr = &translate.DomainDefault{Child: col.Default.Expr, Domain: typ}
			}
		}
		if ic.Generated.Set {
			v, err := tr.GeneratedColumn(next(), typ)
			if col.Generated, err = storedValue(ic.Generated, v, err, cols, resolve); err != nil {
				return parts, fmt.Errorf("column %s generated: %w", col.Name, err)
			}
		}
		parts.Columns[i] = &col
	}
	for k, ii := range it.Indexes {
		if err := indexClosures(tr, &parts.Indexes[k], ii, cols, next); err != nil {
			return parts, fmt.Errorf("index %s: %w", ii.Name, err)
		}
	}
	return parts, nil
}

// imageRelations resolves the regclass constants of image expressions
// (nextval('s'::regclass) of a serial column). The image holds each as
// the name regclass output printed when the SQL built it, so it is kept
// as written rather than looked up: a lookup builds the session's whole
// pg_class. TestBootstrapImage checks every expression prints back as
// it was.
type imageRelations struct{ names []string }

func (r *imageRelations) RelationOID(name string) (uint32, error) {
	r.names = append(r.names, name)
	return uint32(len(r.names)), nil
}

func (r *imageRelations) RelationName(oid uint32) string { return r.names[oid-1] }

// parseExprs parses expression texts with one pg_query call.
func parseExprs(texts []string) ([]*pg.Node, error) {
	if len(texts) == 0 {
		return nil, nil
	}
	tree, err := pgtree.Parse("SELECT " + strings.Join(texts, ", "))
	if err != nil {
		return nil, fmt.Errorf("engine: image: %w", err)
	}
	targets := tree.Stmts[0].Stmt.GetSelectStmt().GetTargetList()
	if len(targets) != len(texts) {
		return nil, fmt.Errorf("engine: image: %d expressions parsed as %d", len(texts), len(targets))
	}
	out := make([]*pg.Node, len(targets))
	for i, t := range targets {
		out[i] = t.GetResTarget().GetVal()
	}
	return out, nil
}

func storedValue(s bootstrap.Stored, v sqlparser.Expr, err error, sch sql.Schema, resolve func(catalog.TypeRef) (*types.Type, error)) (*sql.ColumnDefaultValue, error) {
	if err != nil {
		return nil, err
	}
	e, err := resolveOverWith(sch, v, storedField)
	if err != nil {
		return nil, err
	}
	d := &sql.ColumnDefaultValue{Expr: e, Literal: s.Literal, ReturnNil: s.ReturnNil, Parenthesized: s.Parenthesized}
	if s.OutType.OID != 0 {
		if d.OutType, err = resolve(s.OutType); err != nil {
			return nil, err
		}
	}
	return d, nil
}

// storedField reads column i in a stored expression (a generated
// column's) as go-mysql-server leaves it after CREATE TABLE: planned as
// column i+1 of the statement's one table, executed as field i, its name
// quoted by the column-default analysis.
func storedField(i int, c *sql.Column) sql.Expression {
	gf := expression.NewGetFieldWithTable(i+1, 1, c.Type, dbName, "", c.Name, c.Nullable).WithIndex(i).(*expression.GetField)
	return gf.WithQuotedNames(sql.GlobalSchemaFormatter, true)
}

// indexClosures rebuilds an expression or partial index's key and
// predicate functions as createIndex builds them.
func indexClosures(tr *translate.Translator, ix *storage.IndexImage, ii bootstrap.Index, sch sql.Schema, next func() *pg.Node) error {
	if len(ii.KeyText) > 0 {
		keys := make([]sql.Expression, len(ii.KeyText))
		for i := range ii.KeyText {
			v, err := tr.Scalar(next())
			if err != nil {
				return err
			}
			if keys[i], err = resolveOver(sch, v); err != nil {
				return err
			}
			ix.KeyText = append(ix.KeyText, keys[i].String())
		}
		ix.Key = indexKey(keys)
	}
	if ii.WhereText != "" {
		v, err := tr.IndexPredicate(next())
		if err != nil {
			return err
		}
		where, err := resolveOver(sch, v)
		if err != nil {
			return err
		}
		ix.Where, ix.WhereText = indexWhere(where), where.String()
	}
	return nil
}

// compileDomains builds the checks of cat's domains with constraints,
// which an image holds as their text, in a session of e (ddl.CompileDomain)
// before anything reads or writes a value of them.
func compileDomains(e *Engine, cat *catalog.Catalog) error {
	var s *Session
	for _, d := range cat.Types() {
		if d.Type.Domain == nil || !cat.DomainConstrained(d) {
			continue
		}
		if s == nil {
			var err error
			if s, err = e.Connect(SessionOptions{User: "postgres"}); err != nil {
				return err
			}
			defer s.Close()
		}
		if err := ddl.CompileDomain(ddlHost{s}, d); err != nil {
			return fmt.Errorf("engine: image: domain %s.%s: %w", d.Type.Schema, d.Type.Name, err)
		}
	}
	return nil
}

// relSeqsOut and relSeqsIn convert the catalog-order numbers of
// non-table relations between storage's image and the bootstrap image.
func relSeqsOut(in []storage.RelationSeq) []bootstrap.RelSeq {
	var out []bootstrap.RelSeq
	for _, r := range in {
		out = append(out, bootstrap.RelSeq{Schema: r.Schema, Name: r.Name, Seq: r.Seq})
	}
	return out
}

func relSeqsIn(in []bootstrap.RelSeq) []storage.RelationSeq {
	var out []storage.RelationSeq
	for _, r := range in {
		out = append(out, storage.RelationSeq{Schema: r.Schema, Name: r.Name, Seq: r.Seq})
	}
	return out
}
