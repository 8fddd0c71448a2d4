package ddl

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// partitionIndexes gives each partition of a partitioned table the index
// CREATE INDEX just made on it (docs 5.11.2.3): the same keys, named for
// the partition as PostgreSQL chooses a name, so a unique index holds
// per partition; a unique index must include the partition key.
func partitionIndexes(h Host, ctx *sql.Context, c *translate.TableDDL) error {
	cat := h.Catalog()
	q := catalog.QName{Schema: c.Schema, Name: c.Table}
	key, ok := cat.Partitioned(q)
	if !ok {
		return nil
	}
	def := c.Index
	if def.Unique {
		if err := translate.PartitionedUniqueExprs(key, "UNIQUE"); err != nil {
			return err
		}
		for _, k := range key.Columns {
			found := false
			for _, col := range def.Columns {
				found = found || col == k
			}
			for _, src := range def.Source {
				found = found || src == k // a plain column among expressions
			}
			if !found {
				return pgerror.New(pgerror.FeatureNotSupported, "unique constraint on partitioned table must include all partitioning columns").
					WithDetail("UNIQUE constraint on table %q lacks column %q which is part of the partition key.", c.Table, k)
			}
		}
	}
	pk := catalog.IndexKey(q, def.Name)
	if def.Only {
		// ON ONLY: invalid until each partition has one attached
		// (index_attach.go)
		if len(cat.Children(q)) > 0 {
			h.SetCatalog(cat.SetIndexValid(pk, false))
		}
		return nil
	}
	pt, ok := h.Table(ctx, q.Schema, q.Name)
	if !ok {
		return nil
	}
	pix, ok := indexNamed(ctx, pt, def.Name)
	if !ok {
		return nil
	}
	for _, child := range cat.Children(q) {
		// a partition's matching index is attached rather than made again
		if found, err := attachMatching(h, ctx, q, pix, child); err != nil || found {
			if err != nil {
				return err
			}
			continue
		}
		cd := *def
		cd.Name, cd.IfNotExists = childIndexName(h, ctx, child, append(indexNameParts(def.Columns, def.Source), def.Include...), "idx"), false
		if err := createIndex(h, ctx, &translate.TableDDL{Kind: "create_index", Schema: child.Schema, Table: child.Name, Index: &cd}); err != nil {
			return err
		}
		ck := catalog.IndexKey(child, cd.Name)
		h.SetCatalog(h.Catalog().AttachIndex(ck, pk))
		if !h.Catalog().IndexValid(ck) {
			h.SetCatalog(h.Catalog().SetIndexValid(pk, false))
		}
	}
	return nil
}

// childIndexName is the name PostgreSQL gives a partition's copy of an
// index on columns cols: partition_cols_idx, numbered when taken.
func childIndexName(h Host, ctx *sql.Context, child catalog.QName, cols []string, kind string) string {
	label := strings.Join(cols, "_")
	if label == "" {
		label = "expr"
	}
	for i := 0; ; i++ {
		suffix := kind
		if i > 0 {
			suffix += strconv.Itoa(i)
		}
		name := pgident.MakeObjectName(child.Name, label, suffix)
		if other, _ := findIndex(h, ctx, child.Schema, name); other == nil {
			return name
		}
	}
}

// clonePartitionIndexes gives a new partition the plain-column indexes
// of its partitioned table it lacks (CREATE TABLE ... PARTITION OF does
// in PostgreSQL); the primary key comes with the table's definition.
func clonePartitionIndexes(h Host, ctx *sql.Context, schema, name string) error {
	child, pq, ok, err := newPartitionParent(h, schema, name)
	if err != nil || !ok {
		return err
	}
	schema = child.Schema
	parent, ok := h.Table(ctx, pq.Schema, pq.Name)
	if !ok {
		return nil
	}
	ct, ok := h.Table(ctx, schema, name)
	if !ok {
		return nil
	}
	pinfos, err := parent.Indexes(ctx)
	if err != nil {
		return err
	}
	cinfos, err := ct.Indexes(ctx)
	if err != nil {
		return err
	}
	parentInfo := TableInfo(ctx, parent)
	have := map[string]bool{}
	for _, ix := range cinfos {
		have[indexShape(ix)] = true
	}
	for _, ix := range pinfos {
		if ix.ForFK {
			continue
		}
		// the partition's own matching index is attached (index_attach.go)
		if found, err := attachMatching(h, ctx, pq, ix, child); err != nil || found {
			if err != nil {
				return err
			}
			continue
		}
		if ix.PrimaryKey {
			// an attached table without the key gets one (AttachPartitionEnsureIndexes)
			if err := clonePrimaryKey(h, ctx, ct, child, ix); err != nil {
				return err
			}
			if _, err := attachMatching(h, ctx, pq, ix, child); err != nil {
				return err
			}
			continue
		}
		if have[indexShape(ix)] {
			continue
		}
		if ix.Expression && len(ix.Source) == 0 || ix.Partial && ix.WhereSource == "" {
			continue // made before key texts were kept
		}
		if !ix.Expression && len(ix.Columns) == 0 {
			continue
		}
		// a UNIQUE constraint's copy is the partition's constraint,
		// named as one (m1_a_key)
		constraint := ix.Unique && parentInfo.Constraints[ix.Name] == 'u'
		kind := "idx"
		if constraint {
			kind = "key"
		}
		def := &translate.IndexDef{Name: childIndexName(h, ctx, child, append(indexNameParts(ix.Columns, ix.Source), ix.AM.Include...), kind), Unique: ix.Unique,
			Method: ix.AM.Method, Opclass: ix.AM.Opclass, Ordering: ix.AM.Ordering, Collation: ix.AM.Collation,
			Include: ix.AM.Include, Constraint: constraint}
		for _, o := range ix.AM.Options {
			name, val, _ := strings.Cut(o, "=")
			def.Params = append(def.Params, translate.TableParam{Name: name, Value: val, HasValue: true})
		}
		if err := indexKeys(h, def, ix); err != nil {
			return err
		}
		if err := createIndex(h, ctx, &translate.TableDDL{Kind: "create_index", Schema: schema, Table: name, Index: def}); err != nil {
			return err
		}
		if _, err := attachMatching(h, ctx, pq, ix, child); err != nil {
			return err
		}
	}
	return nil
}

// indexShape identifies an index by what it indexes, to tell whether a
// partition already has its partitioned table's index.
func indexShape(ix storage.IndexInfo) string {
	if ix.Expression {
		return fmt.Sprint(ix.Unique, ix.Source, ix.WhereSource, ix.AM.Include, ix.AM.Collation)
	}
	return fmt.Sprint(ix.Unique, ix.Columns, ix.WhereSource, ix.AM.Include, ix.AM.Collation)
}

// indexNameParts are the parts of the name PostgreSQL chooses for an
// index: its columns, or for an expression index each key part's name.
func indexNameParts(cols, source []string) []string {
	if len(cols) > 0 || len(source) == 0 {
		return cols
	}
	out := make([]string, len(source))
	for i, s := range source {
		out[i] = translate.IndexColname(s)
	}
	return out
}

// indexKeys fills def's key parts and predicate from a partitioned
// table's index ix, translating its PostgreSQL source texts again.
func indexKeys(h Host, def *translate.IndexDef, ix storage.IndexInfo) error {
	def.Source, def.WhereSource = ix.Source, ix.WhereSource
	if len(def.Source) == 0 {
		def.Source = append([]string(nil), ix.Columns...)
	}
	tr := &translate.Translator{Env: h.Env(), Catalog: h.TranslatorCatalog()}
	if !ix.Expression {
		def.Columns = ix.Columns
	} else {
		for _, src := range ix.Source {
			v, err := tr.ScalarSource(src)
			if err != nil {
				return err
			}
			def.Exprs = append(def.Exprs, v)
		}
	}
	if ix.Partial {
		v, err := tr.IndexPredicateSource(ix.WhereSource)
		if err != nil {
			return err
		}
		def.Where = v
	}
	return nil
}

// newPartitionParent resolves a table just created (schema as written)
// and, when it is a partition, its partitioned table (ok false when not).
func newPartitionParent(h Host, schema, name string) (child, parent catalog.QName, ok bool, err error) {
	if schema, err = CreationSchema(h, schema); err != nil {
		return child, parent, false, err
	}
	child = catalog.QName{Schema: schema, Name: name}
	parent, ok = h.Catalog().PartitionParent(child)
	return child, parent, ok, nil
}

// clonePrimaryKey gives partition child (table ct), which has no primary
// key, its partitioned table's primary key ix, named as PostgreSQL names
// it (<child>_pkey); its key columns are already NOT NULL (ATTACH
// checks them), a duplicated key fails as CREATE UNIQUE INDEX does.
func clonePrimaryKey(h Host, ctx *sql.Context, ct *storage.Table, child catalog.QName, ix storage.IndexInfo) error {
	if len(ct.PrimaryKeySchema().PkOrdinals) > 0 || ix.Expression {
		return nil
	}
	name := pgident.MakeObjectName(child.Name, "", "pkey")
	for i := 1; ; i++ {
		if other, _ := findIndex(h, ctx, child.Schema, name); other == nil {
			break
		}
		name = pgident.MakeObjectName(child.Name, "", "pkey"+strconv.Itoa(i))
	}
	cols := make([]sql.IndexColumn, len(ix.Columns))
	for i, c := range ix.Columns {
		cols[i] = sql.IndexColumn{Name: c}
	}
	if err := ct.CreatePrimaryKey(ctx, cols); err != nil {
		if uv, ok := storage.AsUniqueViolation(err); ok {
			return &pgerror.Error{Severity: "ERROR", Code: pgerror.UniqueViolation,
				Message: fmt.Sprintf("could not create unique index %q", name), Detail: duplicatedDetail(uv),
				Schema: child.Schema, Table: child.Name, Constraint: name}
		}
		return err
	}
	if err := ct.SetPrimaryKeyName(ctx, name); err != nil {
		return err
	}
	if len(ix.AM.Include) > 0 {
		return ct.SetIndexInclude(ctx, name, ix.AM.Include)
	}
	return nil
}
