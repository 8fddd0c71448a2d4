package ddl

import (
	"fmt"
	"math"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// maxStatsTarget is the largest statistics target (PostgreSQL's
// MAX_STATISTICS_TARGET); a larger one is lowered to it with a warning.
const maxStatsTarget = 10000

// ColumnStats runs ALTER TABLE / INDEX ... ALTER COLUMN ... SET
// STATISTICS, SET (...) and RESET (...) with PostgreSQL's checks
// (tablecmds.c ATExecSetStatistics, ATExecSetOptions): the settings go
// to the catalog (catalog/column_stats.go) for pg_attribute and pg_dump;
// the planner has no per-column targets to use them.
func ColumnStats(h Host, c *translate.ColumnStats) error {
	ctx := h.SQLContext()
	if t, ok := h.Table(ctx, c.Rel.Schema, c.Rel.Name); ok {
		if c.Index {
			return pgerror.New(pgerror.WrongObjectType, "%q is not an index", c.Rel.Name)
		}
		return tableColumnStats(h, ctx, c, t)
	}
	if _, ok := findView(h, c.Rel); ok {
		return pgerror.New(pgerror.WrongObjectType, "ALTER action %s cannot be performed on relation %q", statsAction(c.Cmds[0]), c.Rel.Name).
			WithDetail("This operation is not supported for views.")
	}
	t, _ := findIndex(h, ctx, c.Rel.Schema, c.Rel.Name)
	if t == nil {
		if c.MissingOK {
			h.Notice("NOTICE", "00000", fmt.Sprintf("relation %q does not exist, skipping", c.Rel.Name))
			return nil
		}
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Rel.Name)
	}
	ix, _ := indexNamed(ctx, t, c.Rel.Name)
	return indexColumnStats(h, t, ix, c)
}

func statsAction(cmd translate.ColumnStatsCmd) string {
	switch {
	case cmd.Target != nil:
		return "ALTER COLUMN ... SET STATISTICS"
	case cmd.Set != nil:
		return "ALTER COLUMN ... SET"
	}
	return "ALTER COLUMN ... RESET"
}

// findView finds a view named q (schema "" walks the search path).
func findView(h Host, q catalog.QName) (*catalog.View, bool) {
	schemas := h.SearchPath()
	if q.Schema != "" {
		schemas = []string{q.Schema}
	}
	for _, s := range schemas {
		if v, ok := h.Catalog().View(catalog.QName{Schema: s, Name: q.Name}); ok {
			return v, true
		}
	}
	return nil, false
}

// statsTarget checks a SET STATISTICS target: below -1 is an error,
// above the maximum is lowered with a warning, as each table it reaches
// warns in PostgreSQL.
func statsTarget(h Host, v int32) (int32, error) {
	if v < -1 {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "statistics target %d is too low", v)
	}
	if v > maxStatsTarget {
		h.Notice("WARNING", pgerror.InvalidParameterValue, fmt.Sprintf("lowering statistics target to %d", maxStatsTarget))
		return maxStatsTarget, nil
	}
	return v, nil
}

func tableColumnStats(h Host, ctx *sql.Context, c *translate.ColumnStats, t *storage.Table) error {
	q := tableQName(t)
	cat := h.Catalog()
	tables := []catalog.QName{q}
	for _, cmd := range c.Cmds {
		if cmd.Target != nil && c.Recurse {
			tables = append(tables, cat.Descendants(q)...) // SET STATISTICS recurses, SET (...) does not
			break
		}
	}
	for _, cmd := range c.Cmds {
		targets := tables
		if cmd.Target == nil {
			targets = tables[:1]
		}
		for _, tq := range targets {
			tt, ok := h.Table(ctx, tq.Schema, tq.Name)
			if !ok {
				continue
			}
			if err := setColumnStats(h, tt, cmd); err != nil {
				return err
			}
		}
	}
	return nil
}

// setColumnStats applies one subcommand to a table's column.
func setColumnStats(h Host, t *storage.Table, cmd translate.ColumnStatsCmd) error {
	if cmd.Num != 0 {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot refer to non-index column by number")
	}
	var target int32
	if cmd.Target != nil {
		var err error
		if target, err = statsTarget(h, *cmd.Target); err != nil {
			return err
		}
	}
	if t.Schema().IndexOfColName(cmd.Column) < 0 {
		if translate.IsSystemColumn(cmd.Column) {
			return pgerror.New(pgerror.FeatureNotSupported, "cannot alter system column %q", cmd.Column)
		}
		return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", cmd.Column, t.Name())
	}
	k := catalog.ColumnKey(tableQName(t), cmd.Column)
	cur, opts := h.Catalog().ColumnStats(k)
	if cmd.Target != nil {
		cur = target
	} else {
		var err error
		if opts, err = columnOptions(opts, cmd); err != nil {
			return err
		}
	}
	h.SetCatalog(h.Catalog().SetColumnStats(k, cur, opts))
	return nil
}

// columnOptions is opts with cmd's SET or RESET applied, checked as
// PostgreSQL's attribute options are (n_distinct, n_distinct_inherited:
// floats of at least -1).
func columnOptions(opts []string, cmd translate.ColumnStatsCmd) ([]string, error) {
	drop := map[string]bool{}
	for _, r := range cmd.Reset {
		drop[r] = true
	}
	for _, p := range cmd.Set {
		if p.Name != "n_distinct" && p.Name != "n_distinct_inherited" {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter %q", p.Name)
		}
		v, err := strconv.ParseFloat(p.Value, 64)
		if err != nil || !p.HasValue {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid value for floating point option %q: %s", p.Name, p.Value)
		}
		if v < -1 {
			return nil, pgerror.New(pgerror.InvalidParameterValue, "value %s out of bounds for option %q", p.Value, p.Name).
				WithDetail("Valid values are between \"%s\" and \"%s\".", "-1.000000", strconv.FormatFloat(math.MaxFloat64, 'f', 6, 64))
		}
		drop[p.Name] = true
	}
	var out []string
	for _, o := range opts {
		name, _, _ := strings.Cut(o, "=")
		if !drop[name] {
			out = append(out, o)
		}
	}
	for _, p := range cmd.Set {
		out = append(out, p.Name+"="+p.Value)
	}
	return out, nil
}

// indexColumnStats applies SET STATISTICS to an index's expression
// columns, named by number or by their names in the index.
func indexColumnStats(h Host, t *storage.Table, ix storage.IndexInfo, c *translate.ColumnStats) error {
	type col struct {
		name string
		expr bool
	}
	var cols []col
	var taken []string
	name := func(n string) string {
		cur := n
		for i := 1; containsString(taken, cur); i++ {
			cur = n + strconv.Itoa(i)
		}
		taken = append(taken, cur)
		return cur
	}
	if !ix.Expression {
		for _, c := range ix.Columns {
			cols = append(cols, col{name(c), false})
		}
	} else {
		sch := t.Schema()
		for _, src := range ix.Source {
			if plain := strings.Trim(src, `"`); sch.IndexOfColName(plain) >= 0 {
				cols = append(cols, col{name(plain), false})
				continue
			}
			cols = append(cols, col{name(translate.IndexColname(src)), true})
		}
	}
	for _, c := range ix.AM.Include {
		cols = append(cols, col{name(c), false})
	}
	for _, cmd := range c.Cmds {
		if cmd.Target == nil {
			return pgerror.New(pgerror.WrongObjectType, "ALTER action %s cannot be performed on relation %q", statsAction(cmd), ix.Name).
				WithDetail("This operation is not supported for indexes.")
		}
		target, err := statsTarget(h, *cmd.Target)
		if err != nil {
			return err
		}
		num := int(cmd.Num)
		if num == 0 {
			for i, c := range cols {
				if c.name == cmd.Column {
					num = i + 1
				}
			}
			if num == 0 {
				return pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", cmd.Column, ix.Name)
			}
		}
		if num > len(cols) {
			return pgerror.New(pgerror.UndefinedColumn, "column number %d of relation %q does not exist", num, ix.Name)
		}
		if !cols[num-1].expr {
			return pgerror.New(pgerror.FeatureNotSupported, "cannot alter statistics on non-expression column %q of index %q", cols[num-1].name, ix.Name).
				WithHint("Alter statistics on table column instead.")
		}
		h.SetCatalog(h.Catalog().SetColumnStats(catalog.IndexColumnKey(tableQName(t), ix.Name, num), target, nil))
	}
	return nil
}

func containsString(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}
