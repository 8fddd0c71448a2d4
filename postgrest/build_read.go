package postgrest

import (
	"fmt"
	"strconv"
	"strings"
)

// builder accumulates bound parameters while SQL is generated.
type builder struct {
	args []any
	n    int
	// nullsLow: the executor's indexes order NULLs below every value
	// (see IndexOrder), so NOT NULL order keys are spelt to match it.
	nullsLow bool
}

// IndexOrder is implemented by executors that say how their indexes
// order NULLs. PostgreSQL's btree (the default when an executor does not
// say) puts them last ascending; tinybase's engine puts them first.
type IndexOrder interface {
	IndexNullsLow() bool
}

func (s *Server) builder() *builder {
	io, ok := s.cfg.Executor.(IndexOrder)
	return &builder{nullsLow: ok && io.IndexNullsLow()}
}

func (b *builder) bind(v string) string {
	b.args = append(b.args, v)
	return "$" + strconv.Itoa(len(b.args))
}

// bindAs binds a value that stands where PostgreSQL types an unknown
// parameter as the column type typ (a value stored in the column):
// executors that can use the type (the engine, whose
// plan cache keys on typed arguments) get a colArg, the others a string.
func (b *builder) bindAs(v, typ string) string {
	b.args = append(b.args, colArg{Text: v, Type: typ})
	return "$" + strconv.Itoa(len(b.args))
}

func (b *builder) tmp() string {
	b.n++
	return "pgrst_" + strconv.Itoa(b.n)
}

// fieldSQL renders a column of t (or a computed field of t) under alias,
// with its JSON path.
func fieldSQL(alias string, t *Table, f field) string {
	s := qi(alias) + "." + qi(f.Name)
	if fn := t.computedField(f.Name); fn != nil {
		s = fn.call(alias)
	}
	for _, st := range f.Path {
		if st.Index {
			s += st.Arrow + st.Key
		} else {
			s += st.Arrow + ql(st.Key)
		}
	}
	return s
}

func (b *builder) filterSQL(alias string, t *Table, f *filter) string {
	lhs := fieldSQL(alias, t, f.Field)
	var s string
	switch f.Op {
	case "in":
		s = lhs + " = any(" + b.bind(pgArray(f.List)) + ")"
	case "is":
		s = lhs + " is " + strings.ReplaceAll(f.Value, "_", " ")
	case "isdistinct":
		s = lhs + " is distinct from " + b.bind(f.Value)
	case "fts", "plfts", "phfts", "wfts":
		fn := map[string]string{"fts": "to_tsquery", "plfts": "plainto_tsquery", "phfts": "phraseto_tsquery", "wfts": "websearch_to_tsquery"}[f.Op]
		if c := t.Column(f.Field.Name); c == nil || c.Type != "tsvector" || len(f.Field.Path) > 0 {
			if f.Lang != "" {
				lhs = "to_tsvector(" + b.bind(f.Lang) + ", " + lhs + ")"
			} else {
				lhs = "to_tsvector(" + lhs + ")"
			}
		}
		if f.Lang != "" {
			s = lhs + " @@ " + fn + "(" + b.bind(f.Lang) + ", " + b.bind(f.Value) + ")"
		} else {
			s = lhs + " @@ " + fn + "(" + b.bind(f.Value) + ")"
		}
	default:
		op := operators[f.Op]
		if f.Mod != "" {
			list := f.List
			if f.Op == "like" || f.Op == "ilike" {
				list = make([]string, len(f.List))
				for i, v := range f.List {
					list[i] = strings.ReplaceAll(v, "*", "%")
				}
			}
			s = lhs + " " + op + " " + f.Mod + "(" + b.bind(pgArray(list)) + ")"
		} else {
			v := f.Value
			if f.Op == "like" || f.Op == "ilike" {
				v = strings.ReplaceAll(v, "*", "%")
			}
			s = lhs + " " + op + " " + b.bind(v)
		}
	}
	if f.Not {
		return "not (" + s + ")"
	}
	return s
}

func (b *builder) treeSQL(alias string, t *Table, tr *logicTree) string {
	var parts []string
	for _, c := range tr.Children {
		if c.Filter != nil {
			parts = append(parts, b.filterSQL(alias, t, c.Filter))
		} else {
			parts = append(parts, b.treeSQL(alias, t, c.Tree))
		}
	}
	s := "(" + strings.Join(parts, " "+tr.Op+" ") + ")"
	if len(parts) == 0 {
		s = "true"
	}
	if tr.Not {
		return "not " + s
	}
	return s
}

// conds are the node's own filters plus the EXISTS tests its !inner and
// is.null embeds impose.
func (b *builder) conds(n *readNode) []string {
	var out []string
	for _, f := range n.filters {
		out = append(out, b.filterSQL(n.alias, n.table, f))
	}
	for _, t := range n.trees {
		out = append(out, b.treeSQL(n.alias, n.table, t))
	}
	for _, k := range n.kids {
		switch {
		case k.isNull == "null":
			out = append(out, "not "+b.exists(k, n.alias))
		case k.inner || k.isNull == "not_null":
			out = append(out, b.exists(k, n.alias))
		}
	}
	return out
}

func (b *builder) exists(k *readNode, parent string) string {
	j := b.tmp()
	w := append([]string{k.rel.joinCond(k.alias, parent, j)}, b.conds(k)...)
	return "exists (select 1 from " + k.rel.from(k.alias, parent, j) + " where " + strings.Join(w, " and ") + ")"
}

// selectList renders the node's output columns and the GROUP BY that
// aggregates imply.
func (b *builder) selectList(n *readNode) (cols, groupBy, laterals []string, err error) {
	hasAgg := false
	for _, it := range n.items {
		if it.Agg != "" {
			hasAgg = true
		}
	}
	kid := 0
	for _, it := range n.items {
		switch {
		case it.Embed != nil:
			k := n.kids[kid]
			kid++
			if k.hidden {
				continue
			}
			if k.spread {
				if hasAgg && k.rel.ToOne {
					// beside aggregates, a to-one spread is a lateral join
					// whose columns are grouped by, as PostgREST builds it
					lat, names, err := b.spreadLateral(k, n.alias)
					if err != nil {
						return nil, nil, nil, err
					}
					laterals = append(laterals, lat.join)
					for _, name := range names {
						cols = append(cols, qi(lat.alias)+"."+qi(name)+" as "+qi(name))
						groupBy = append(groupBy, qi(lat.alias)+"."+qi(name))
					}
					continue
				}
				cs, err := b.spread(k, n.alias)
				if err != nil {
					return nil, nil, nil, err
				}
				cols = append(cols, cs...)
				continue
			}
			e, err := b.embed(k, n.alias)
			if err != nil {
				return nil, nil, nil, err
			}
			cols = append(cols, e+" as "+qi(k.key))
		case it.Star:
			cols = append(cols, qi(n.alias)+".*")
		case it.Agg != "":
			var e string
			if it.Field.Name == "" {
				e = "count(*)"
			} else {
				e = it.Agg + "(" + fieldSQL(n.alias, n.table, it.Field) + ")"
			}
			if it.Cast != "" {
				e = "cast(" + e + " as " + it.Cast + ")"
			}
			cols = append(cols, e+" as "+qi(it.outputName()))
		default:
			e := fieldSQL(n.alias, n.table, it.Field)
			if hasAgg {
				groupBy = append(groupBy, e)
			}
			if it.Cast != "" {
				e = "cast(" + e + " as " + it.Cast + ")"
			}
			cols = append(cols, e+" as "+qi(it.outputName()))
		}
	}
	if len(cols) == 0 {
		cols = []string{"null as " + qi("pgrst_empty")}
	}
	return cols, groupBy, laterals, nil
}

// nodeSelect is SELECT list FROM from WHERE … ORDER BY … LIMIT … OFFSET ….
func (b *builder) nodeSelect(n *readNode, from string, extra []string, limit int) (string, error) {
	cols, groupBy, laterals, err := b.selectList(n)
	if err != nil {
		return "", err
	}
	s := "select " + strings.Join(cols, ", ") + " from " + from + strings.Join(laterals, "")
	if w := append(extra, b.conds(n)...); len(w) > 0 {
		s += " where " + strings.Join(w, " and ")
	}
	if len(groupBy) > 0 {
		s += " group by " + strings.Join(groupBy, ", ")
	}
	o, err := b.orderSQL(n)
	if err != nil {
		return "", err
	}
	s += o
	if limit >= 0 {
		s += " limit " + strconv.Itoa(limit)
	}
	if n.offset > 0 {
		s += " offset " + strconv.Itoa(n.offset)
	}
	return s, nil
}

func (b *builder) orderSQL(n *readNode) (string, error) {
	if len(n.order) == 0 {
		return "", nil
	}
	var terms []string
	for _, o := range n.order {
		var e string
		if o.Rel != "" {
			k := n.byKey[o.Rel]
			if k == nil {
				h := fmt.Sprintf("Verify that '%s' is included in the 'select' query parameter.", o.Rel)
				return "", newErr(400, "PGRST108", fmt.Sprintf("'%s' is not an embedded resource in this request", o.Rel), nil, &h)
			}
			if !k.rel.ToOne {
				return "", newErr(400, "PGRST118", fmt.Sprintf("A related order on '%s' is not possible", k.table.Name),
					fmt.Sprintf("'%s' and '%s' do not form a many-to-one or one-to-one relationship", n.table.Name, k.table.Name), nil)
			}
			j := b.tmp()
			e = "(select " + fieldSQL(k.alias, k.table, o.Field) + " from " + k.rel.from(k.alias, n.alias, j) + " where " + k.rel.joinCond(k.alias, n.alias, j) + ")"
		} else {
			e = fieldSQL(n.alias, n.table, o.Field)
		}
		if o.Desc {
			e += " desc"
		} else {
			e += " asc"
		}
		if nulls := o.Nulls; nulls != "" {
			e += " nulls " + nulls
		} else if b.nullsLow && o.Rel == "" && notNullColumn(n.table, o.Field) {
			e += naturalNulls(o.Desc)
		}
		terms = append(terms, e)
	}
	return " order by " + strings.Join(terms, ", "), nil
}

// notNullColumn reports whether f is a plain NOT NULL column of t (no
// JSON path), whose order cannot depend on where NULLs sort.
func notNullColumn(t *Table, f field) bool {
	if len(f.Path) > 0 || t == nil {
		return false
	}
	c := t.Column(f.Name)
	return c != nil && c.NotNull
}

// naturalNulls is the NULLS clause for a NOT NULL column on an executor
// whose indexes order NULLs low: any placement gives the same rows in the
// same order, so the one the index order already satisfies (first
// ascending, last descending) is spelt out, and ORDER BY <primary key>
// LIMIT n reads the key's first rows instead of sorting every row that
// passes the filters. (PostgreSQL's planner does not treat the clause as
// redundant on a NOT NULL column, so it is not added there: its default
// is its btree order.)
func naturalNulls(desc bool) string {
	if desc {
		return " nulls last"
	}
	return " nulls first"
}

func (b *builder) kidSelect(k *readNode, parent string) (string, error) {
	j := b.tmp()
	return b.nodeSelect(k, k.rel.from(k.alias, parent, j), []string{k.rel.joinCond(k.alias, parent, j)}, k.limit)
}

// embed renders an embedded resource as a correlated subquery: an object
// (to-one) or an array (to-many).
func (b *builder) embed(k *readNode, parent string) (string, error) {
	inner, err := b.kidSelect(k, parent)
	if err != nil {
		return "", err
	}
	x := b.tmp()
	if k.rel.ToOne {
		return "(select row_to_json(" + qi(x) + ") from (" + inner + ") as " + qi(x) + ")", nil
	}
	return "coalesce((select json_agg(" + qi(x) + ") from (" + inner + ") as " + qi(x) + "), '[]')", nil
}

// spread merges a spread embed's columns into the parent: values for a
// to-one relationship, arrays of values for a to-many one.
func (b *builder) spread(k *readNode, parent string) ([]string, error) {
	var out []string
	var items []selectItem
	for _, it := range k.items {
		if it.Star {
			for _, c := range k.table.Columns {
				items = append(items, selectItem{Field: field{Name: c.Name}})
			}
			continue
		}
		items = append(items, it)
	}
	kids := k.kids
	kid := 0
	for _, it := range items {
		one := *k
		one.items = []selectItem{it}
		one.kids = nil
		name := it.outputName()
		if it.Embed != nil {
			one.kids = []*readNode{kids[kid]}
			kid++
			name = one.kids[0].key
		}
		inner, err := b.kidSelect(&one, parent)
		if err != nil {
			return nil, err
		}
		x := b.tmp()
		if k.rel.ToOne {
			out = append(out, "(select "+qi(x)+"."+qi(name)+" from ("+inner+") as "+qi(x)+") as "+qi(name))
		} else {
			out = append(out, "coalesce((select json_agg("+qi(x)+"."+qi(name)+") from ("+inner+") as "+qi(x)+"), '[]') as "+qi(name))
		}
	}
	return out, nil
}

// lateral is a LEFT JOIN LATERAL clause and the alias of its subquery.
type lateral struct {
	join, alias string
}

// spreadLateral renders a to-one spread as a lateral subquery joined to
// the parent, with the names of the columns it adds.
func (b *builder) spreadLateral(k *readNode, parent string) (lateral, []string, error) {
	one := *k
	one.items = nil
	var names []string
	kid := 0
	for _, it := range k.items {
		if it.Star {
			for _, c := range k.table.Columns {
				one.items = append(one.items, selectItem{Field: field{Name: c.Name}})
				names = append(names, c.Name)
			}
			continue
		}
		one.items = append(one.items, it)
		if it.Embed != nil {
			if kk := k.kids[kid]; !kk.hidden {
				names = append(names, kk.key)
			}
			kid++
			continue
		}
		names = append(names, it.outputName())
	}
	inner, err := b.kidSelect(&one, parent)
	if err != nil {
		return lateral{}, nil, err
	}
	x := b.tmp()
	return lateral{join: " left join lateral (" + inner + ") as " + qi(x) + " on true", alias: x}, names, nil
}
