package pgcatalog

import (
	"regexp"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// The catalogs below are what client tools (psql's \d family, drizzle-kit,
// pgbench) read beyond the core relation catalogs. Rows are generated
// from the engine's state; fixed rows are PostgreSQL 15's own.

// pgAm is pg_catalog.pg_am: PostgreSQL 15's access methods.
var pgAm = &def{
	// amhandler is regproc (pg_dump casts it), its value the name it
	// prints (types/regobjects.go)
	cols: []column{{"oid", types.Oid}, {"amname", types.Name}, {"amhandler", types.Regproc}, {"amtype", types.Char}},
	rows: func(s *State) ([][]any, error) {
		return append([][]any{
			{uint32(2), "heap", "heap_tableam_handler", "t"},
			{uint32(403), "btree", "bthandler", "i"},
			{uint32(405), "hash", "hashhandler", "i"},
			{uint32(783), "gist", "gisthandler", "i"},
			{uint32(2742), "gin", "ginhandler", "i"},
			{uint32(4000), "spgist", "spghandler", "i"},
			{uint32(3580), "brin", "brinhandler", "i"},
		}, extAmRows(s)...), nil // pg_am_ext.go
	},
}

// DatabaseOID is the OID of the one database, "postgres" (PostgreSQL
// gives it 5 in a fresh cluster).
const DatabaseOID = 5

// DatabaseName is the name of the one database an engine holds.
const DatabaseName = "postgres"

// pgDatabase is pg_catalog.pg_database: the engine's one database plus
// the two templates a cluster always has.
var pgDatabase = &def{
	cols: []column{
		{"oid", types.Oid}, {"datname", types.Name}, {"datdba", types.Oid}, {"encoding", types.Int4},
		{"datlocprovider", types.Char}, {"datistemplate", types.Bool}, {"datallowconn", types.Bool},
		{"datconnlimit", types.Int4}, {"datfrozenxid", types.Text}, {"datminmxid", types.Text},
		{"dattablespace", types.Oid}, {"datcollate", types.Text}, {"datctype", types.Text},
		{"daticulocale", types.Text}, {"datcollversion", types.Text}, {"datacl", aclitemArray},
	},
	rows: func(*State) ([][]any, error) {
		row := func(oid uint32, name string, template, conn bool, acl any) []any {
			return []any{oid, name, uint32(10), int32(6), "c", template, conn, int32(-1), "716", "1",
				uint32(1663), "C.UTF-8", "C.UTF-8", nil, nil, acl}
		}
		tacl := types.NewArray(types.ACLItem, []any{"=c/postgres", "postgres=CTc/postgres"})
		// template1 takes no connections here (datallowconn false, as
		// template0's), so pg_dumpall does not try to dump it
		return [][]any{
			row(DatabaseOID, DatabaseName, false, true, nil),
			row(1, "template1", true, false, tacl),
			row(4, "template0", true, false, tacl),
		}, nil
	},
}

// pgCollation is pg_catalog.pg_collation: the built-in collations and
// ucs_basic, which initdb creates for a UTF8 database (code point order:
// tinybase's byte order of UTF-8 text is the same; OID as PostgreSQL 15's
// initdb gives it, indexdef.go's collationOID).
var pgCollation = &def{
	cols: []column{
		{"oid", types.Oid}, {"collname", types.Name}, {"collnamespace", types.Oid}, {"collowner", types.Oid},
		{"collprovider", types.Char}, {"collisdeterministic", types.Bool}, {"collencoding", types.Int4},
		{"collcollate", types.Text}, {"collctype", types.Text}, {"colliculocale", types.Text}, {"collversion", types.Text},
	},
	rows: func(*State) ([][]any, error) {
		ns := NamespaceOID("pg_catalog")
		return [][]any{
			{uint32(100), "default", ns, uint32(10), "d", true, int32(-1), nil, nil, nil, nil},
			{uint32(950), "C", ns, uint32(10), "c", true, int32(-1), "C", "C", nil, nil},
			{uint32(951), "POSIX", ns, uint32(10), "c", true, int32(-1), "POSIX", "POSIX", nil, nil},
			{uint32(12340), "ucs_basic", ns, uint32(10), "c", true, int32(6), "C", "C", nil, nil},
		}, nil
	},
}

// pgTablespace is pg_catalog.pg_tablespace: the two built-in tablespaces.
var pgTablespace = &def{
	cols: []column{{"oid", types.Oid}, {"spcname", types.Name}, {"spcowner", types.Oid}, {"spcacl", aclitemArray}, {"spcoptions", types.ArrayOf(types.Text)}},
	rows: func(*State) ([][]any, error) {
		return [][]any{{uint32(1663), "pg_default", uint32(10), nil, nil}, {uint32(1664), "pg_global", uint32(10), nil, nil}}, nil
	},
}

// pgStatActivity is pg_catalog.pg_stat_activity: the engine's client
// sessions, what each runs or last ran and what it waits for.
var pgStatActivity = &def{
	cols: []column{
		{"datid", types.Oid}, {"datname", types.Name}, {"pid", types.Int4}, {"leader_pid", types.Int4},
		{"usesysid", types.Oid}, {"usename", types.Name}, {"application_name", types.Text},
		{"client_addr", types.Inet}, {"client_hostname", types.Text}, {"client_port", types.Int4},
		{"backend_start", types.Timestamptz}, {"xact_start", types.Timestamptz}, {"query_start", types.Timestamptz},
		{"state_change", types.Timestamptz}, {"wait_event_type", types.Text}, {"wait_event", types.Text},
		{"state", types.Text}, {"backend_xid", types.Text}, {"backend_xmin", types.Text}, {"query_id", types.Int8},
		{"query", types.Text}, {"backend_type", types.Text},
	},
	rows: func(s *State) ([][]any, error) { return activityRows(s), nil }, // pg_locks.go
}

// pgAttrdef is pg_catalog.pg_attrdef: one row per column default; adbin
// holds the default's SQL text (which pg_get_expr returns unchanged).
var pgAttrdef = &def{
	cols: []column{{"oid", types.Oid}, {"adrelid", types.Oid}, {"adnum", types.Int2}, {"adbin", types.Text}},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			relOID := RelationOID(r.Schema, r.Name)
			for i, c := range r.Table.Schema() {
				if c.Generated != nil {
					// a generated column's expression, as pg_get_expr prints it
					def := storedText(c.Generated)
					if d, ok := s.DeparseStored(def, r.Name, r.Table.Schema(), false); ok {
						def = d
					}
					out = append(out, []any{stableOID("ad:" + r.Schema + "." + r.Name + "." + c.Name), relOID, int16(i + 1), def})
					continue
				}
				if c.Default == nil || nullDefault(c.Default, c.Type) {
					continue
				}
				if seq, ok := s.Catalog.ColumnSequence(r.Schema, r.Name, c.Name); ok && seq.Identity != 0 {
					continue
				}
				def := storedText(c.Default)
				if s.defaultNeedsDeparse(r.Schema, def) || foldedDefault(c.Default) {
					// off the search path (pg_dump empties it) names print
					// qualified, as PostgreSQL's stored form does
					if d, ok := s.DeparseDefault(def, r.Schema, r.Name, r.Table.Schema()); ok {
						def = d
					}
				}
				out = append(out, []any{stableOID("ad:" + r.Schema + "." + r.Name + "." + c.Name), relOID, int16(i + 1), def})
			}
		}
		return out, nil
	},
}

// pgDepend is pg_catalog.pg_depend: the dependencies clients look for —
// a serial column's sequence owned by its column ('a'), an index on its
// table ('a'), which drizzle and psql read.
var pgDepend = &def{
	cols: []column{
		{"classid", types.Oid}, {"objid", types.Oid}, {"objsubid", types.Int4}, {"refclassid", types.Oid},
		{"refobjid", types.Oid}, {"refobjsubid", types.Int4}, {"deptype", types.Char},
	},
	rows: func(s *State) ([][]any, error) {
		rels, err := s.Tables()
		if err != nil {
			return nil, err
		}
		var out [][]any
		for _, r := range rels {
			relOID := RelationOID(r.Schema, r.Name)
			idx, err := s.Indexes(r)
			if err != nil {
				return nil, err
			}
			for _, ix := range idx {
				out = append(out, []any{uint32(pgClassOID), RelationOID(r.Schema, ix.Name), int32(0), uint32(pgClassOID), relOID, int32(0), "a"})
			}
			// a serial column's default (pg_attrdef) uses its sequence:
			// pg_dump then dumps the default after the sequence, which it
			// dumps after the table owning it
			for _, c := range r.Table.Schema() {
				if c.Default == nil || c.Generated != nil || translate.IsDomainDefault(c.Default) {
					continue
				}
				seq, ok := s.Catalog.ColumnSequence(r.Schema, r.Name, c.Name)
				if !ok {
					// nextval('seq') of a sequence the column does not own
					seq, ok = s.defaultSequence(storedText(c.Default), r.Schema)
				}
				if ok && seq.Identity == 0 {
					out = append(out, []any{uint32(pgAttrdefOID), stableOID("ad:" + r.Schema + "." + r.Name + "." + c.Name), int32(0),
						uint32(pgClassOID), seq.OID, int32(0), "n"})
				}
			}
		}
		for _, q := range s.Catalog.Sequences() {
			if q.OwnedBy == nil {
				continue
			}
			rel := Relation{Schema: q.OwnedBy.Schema, Name: q.OwnedBy.Table}
			t, ok, err := s.DB.Table(s.Ctx, rel.Schema, rel.Name)
			if err != nil || !ok {
				continue
			}
			n := t.Schema().IndexOfColName(q.OwnedBy.Column)
			if n < 0 {
				continue
			}
			// an identity column's sequence is an internal part of it
			// (pg_dump dumps it with the column, not as a serial's)
			deptype := "a"
			if q.Identity != 0 {
				deptype = "i"
			}
			out = append(out, []any{uint32(pgClassOID), q.OID, int32(0), uint32(pgClassOID), RelationOID(rel.Schema, rel.Name), int32(n + 1), deptype})
		}
		// a view's _RETURN rule uses the relations its query reads:
		// pg_dump dumps a view after them
		for _, v := range s.Catalog.Views() {
			seen := map[uint32]bool{}
			for _, t := range v.Tables {
				if !s.RelOIDIn(t.Schema, t.Name) {
					continue // a CTE's name
				}
				oid := s.RelOID(t.Schema, t.Name)
				if seen[oid] || oid == v.OID {
					continue
				}
				seen[oid] = true
				out = append(out, []any{uint32(pgRewriteOID), RuleOID(v.Schema, v.Name), int32(0), uint32(pgClassOID), oid, int32(0), "n"})
			}
		}
		have := map[[3]uint32]bool{}
		for _, r := range out {
			if r[5].(int32) == 0 {
				have[[3]uint32{r[0].(uint32), r[1].(uint32), r[4].(uint32)}] = true
			}
		}
		out = append(out, regclassDepends(s, rels, have)...) // regclass_depend.go
		links, err := s.indexLinks()                         // index_inherits.go
		if err != nil {
			return nil, err
		}
		out = append(out, indexLinkDepends(links)...)
		out = append(out, userCastDepends(s)...)        // builtin_opcasts.go
		return append(out, extensionDepends(s)...), nil // pg_extension.go
	},
}

// addWireCatalogs registers this file's relations.
func addWireCatalogs(m map[string]*def) {
	m["pg_am"] = pgAm
	m["pg_database"] = pgDatabase
	m["pg_collation"] = pgCollation
	m["pg_inherits"] = pgInherits
	m["pg_tablespace"] = pgTablespace
	m["pg_stat_activity"] = pgStatActivity
	m["pg_locks"] = pgLocks // pg_locks.go
	m["pg_attrdef"] = pgAttrdef
	m["pg_depend"] = pgDepend
	m["pg_opclass"] = pgOpclass
	m["pg_parameter_acl"] = pgParameterACL // pg_parameter_acl.go
}

// RoleByOID names the role with that OID.
func (s *State) RoleByOID(oid uint32) (string, bool) {
	if r, ok := s.Catalog.RoleByOID(oid); ok {
		return r.Name, true
	}
	return "", false
}

// IndexColumnDef is pg_get_indexdef(oid, column, pretty) for column > 0:
// that key's column name or expression, as the whole definition prints it.
func (s *State) IndexColumnDef(oid uint32, col int, pretty bool) (string, bool, error) {
	rel, ok, err := s.RelationByOID(oid)
	if err != nil || !ok || rel.Kind != 'i' {
		return "", false, err
	}
	t, ok, err := s.DB.Table(s.Ctx, rel.Schema, rel.Table)
	if err != nil || !ok {
		return "", false, err
	}
	idx, err := s.Indexes(Relation{Schema: rel.Schema, Name: rel.Table, Table: t})
	if err != nil {
		return "", false, err
	}
	for _, ix := range idx {
		if ix.Name != rel.Name {
			continue
		}
		keys, _, ok := s.indexKeys(Relation{Schema: rel.Schema, Name: rel.Table, Table: t}, ix, pretty) // indexdef.go
		if !ok || col < 1 {
			return "", false, nil
		}
		for _, c := range ix.AM.Include {
			keys = append(keys, QuoteIdent(c))
		}
		if col > len(keys) {
			return "", true, nil // PostgreSQL prints nothing for a column past the keys
		}
		return keys[col-1], true, nil
	}
	return "", false, nil
}

// nextvalArg is the sequence name of a default's nextval('name').
var nextvalArg = regexp.MustCompile(`nextval\('([^']+)'`)

// defaultSequence is the sequence a column default's nextval names,
// resolved through the search path, then the table's schema.
func (s *State) defaultSequence(text, schema string) (*catalog.Sequence, bool) {
	m := nextvalArg.FindStringSubmatch(text)
	if m == nil {
		return nil, false
	}
	name := strings.ReplaceAll(m[1], `"`, "")
	search := append(append([]string(nil), s.SearchPath...), schema)
	if sc, n, ok := strings.Cut(name, "."); ok {
		search, name = []string{sc}, n
	}
	for _, sc := range search {
		if q, ok := s.Catalog.Sequence(catalog.QName{Schema: sc, Name: name}); ok {
			return q, true
		}
	}
	return nil, false
}
