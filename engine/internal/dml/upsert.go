package dml

import (
	"slices"
	"sort"
	"strconv"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/expr"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// upsert runs INSERT ... ON CONFLICT row by row (PostgreSQL docs, INSERT,
// "ON CONFLICT Clause"): each proposed row is inserted under its own
// savepoint; a unique violation of an arbiter index rolls that row back
// and either skips it (DO NOTHING) or updates the existing row (DO
// UPDATE), with EXCLUDED reading the proposed row. A violation of any other
// index is an error, as in PostgreSQL.
// upsertReturningProbe reads nothing through u's RETURNING list: its
// columns, known even when no row is returned.
func upsertReturningProbe(tbl *storage.Table, u *translate.Upsert) *sqlparser.Select {
	tn := sqlparser.TableName{Name: sqlparser.NewTableIdent(tbl.Name()), SchemaQualifier: sqlparser.NewTableIdent(tbl.SchemaName())}
	probe := &sqlparser.Select{SelectExprs: u.Returning,
		From: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: tn, As: sqlparser.NewTableIdent(tbl.Name())}}}
	probe.Where = emptySelect(nil, nil).(*sqlparser.Select).Where
	return probe
}

func upsert(h Host, gctx *sql.Context, u *translate.Upsert) (Result, error) {
	tbl, err := lookupTable(h, gctx, u.Target)
	if err != nil {
		return Result{}, err
	}
	sch := tbl.Schema()
	n := len(sch)
	colIdx, err := insertColumns(tbl, u.Columns, u.Values)
	if err != nil {
		return Result{}, err
	}
	arbiters, err := arbiterIndexes(h, gctx, tbl, u)
	if err != nil {
		return Result{}, err
	}
	proposed, defaults, err := proposedRows(h, gctx, tbl, colIdx, u)
	if err != nil {
		return Result{}, err
	}
	name := tbl.Name()
	tn := sqlparser.TableName{Name: sqlparser.NewTableIdent(tbl.Name()), SchemaQualifier: sqlparser.NewTableIdent(tbl.SchemaName())}
	out := Result{OK: len(u.Returning) == 0}
	if len(u.Returning) > 0 {
		// the RETURNING columns, known even when no row is returned
		pr, err := Step(h, gctx, upsertReturningProbe(tbl, u))
		if err != nil {
			return Result{}, err
		}
		out.Schema, out.Types = pr.Schema, pr.Types
	}
	if u.Update {
		u.Excluded.Columns = make([]string, n)
		u.Excluded.Types = make([]*types.Type, n)
		for i, c := range sch {
			u.Excluded.Columns[i] = c.Name
			u.Excluded.Types[i] = expr.FromGMSType(c.Type)
		}
	}
	ords := keyOrdinals(tbl)
	touched := map[string]bool{}
	returning := append(sqlparser.SelectExprs{&sqlparser.StarExpr{}}, u.Returning...)
	txn := h.StorageTxn()
	for r, row := range proposed {
		ins := &sqlparser.Insert{Action: sqlparser.InsertStr, Table: tn, Returning: returning}
		var tuple sqlparser.ValTuple
		full := make([]any, n)
		given := make([]bool, n)
		for i, ci := range colIdx {
			if defaults[r][i] {
				continue
			}
			given[ci] = true
			full[ci] = row[i]
			ins.Columns = append(ins.Columns, sqlparser.NewColIdent(sch[ci].Name))
			tuple = append(tuple, literal(expr.FromGMSType(sch[ci].Type), row[i]))
		}
		if u.Update {
			// the proposed row's defaults are computed once, as PostgreSQL
			// does: the insert and EXCLUDED share them (a serial's nextval
			// is not drawn a second time on conflict)
			for ci, c := range sch {
				if given[ci] || c.Default == nil || c.Generated != nil {
					continue
				}
				if full[ci], err = columnDefault(gctx, c); err != nil {
					return Result{}, err
				}
				given[ci] = true
				ins.Columns = append(ins.Columns, sqlparser.NewColIdent(c.Name))
				tuple = append(tuple, literal(expr.FromGMSType(c.Type), full[ci]))
			}
		}
		ins.Rows = &sqlparser.AliasedValues{Values: sqlparser.Values{tuple}}
		mark := txn.Savepoint()
		res, err := Step(h, gctx, ins)
		if err == nil {
			touched[rowKey(h, sch, ords, res.Rows[0][:n])] = true
			out.Affected++
			if len(u.Returning) > 0 {
				out.Rows = append(out.Rows, res.Rows[0][n:])
			}
			continue
		}
		uv, ok := storage.AsUniqueViolation(err)
		if !ok {
			if exclusionArbiter(err, arbiters) { // upsert_exclusion.go
				txn.RollbackTo(mark)
				continue
			}
			return Result{}, err
		}
		target := tbl
		if uv.Table != tbl.Name() || uv.Schema != tbl.SchemaName() {
			// a row routed to a partition conflicts there (partition_route.go)
			leaf, arbiter, perr := partitionConflict(h, gctx, tbl, arbiters, uv)
			if perr != nil {
				return Result{}, perr
			}
			if !arbiter {
				return Result{}, err
			}
			target = leaf
		} else if arbiters != nil && !arbiters[uv.Index] {
			return Result{}, err
		}
		txn.RollbackTo(mark)
		if !u.Update {
			continue
		}
		key := rowKey(h, sch, ords, uv.Existing)
		if touched[key] {
			e := pgerror.New(pgerror.CardinalityViolation, "ON CONFLICT DO UPDATE command cannot affect row a second time")
			e.Hint = "Ensure that no rows proposed for insertion within the same command have duplicate constrained values."
			return Result{}, e
		}
		for ci := range sch {
			if !given[ci] {
				if full[ci], err = columnDefault(gctx, sch[ci]); err != nil {
					return Result{}, err
				}
			}
		}
		u.Excluded.Values = full
		where := keyIn(h, sch, ords, name, map[string]bool{key: true})
		if pk := tbl.PrimaryKeySchema().PkOrdinals; len(pk) > 0 {
			// equalities on the key let GMS look the row up by index
			for _, o := range pk {
				eq := &sqlparser.ComparisonExpr{Operator: sqlparser.EqualStr,
					Left:  &sqlparser.ColName{Name: sqlparser.NewColIdent(sch[o].Name), Qualifier: sqlparser.TableName{Name: sqlparser.NewTableIdent(name)}},
					Right: literal(expr.FromGMSType(sch[o].Type), uv.Existing[o])}
				where = &sqlparser.AndExpr{Left: eq, Right: where}
			}
		}
		if u.Where != nil {
			where = &sqlparser.AndExpr{Left: where, Right: u.Where}
		}
		utn := tn
		if target != tbl {
			utn = sqlparser.TableName{Name: sqlparser.NewTableIdent(target.Name()), SchemaQualifier: sqlparser.NewTableIdent(target.SchemaName())}
		}
		set := u.Set
		if u.SetCycle {
			// the new values over the existing row first: GMS would
			// evaluate each item over the row the items before it left
			if set, err = oldRowValues(h, gctx, u.Set, utn, name, where); err != nil {
				return Result{}, err
			}
			if set == nil {
				continue // DO UPDATE ... WHERE left the row alone
			}
		}
		upd := &sqlparser.Update{
			TableExprs: sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: utn, As: sqlparser.NewTableIdent(name)}},
			Exprs:      set,
			Where:      &sqlparser.Where{Type: sqlparser.WhereStr, Expr: where},
			Returning:  append(sqlparser.SelectExprs{&sqlparser.StarExpr{TableName: sqlparser.TableName{Name: sqlparser.NewTableIdent(name)}}}, u.Returning...),
		}
		uctx := gctx
		if len(u.Returning) > 0 {
			// RETURNING xmax reads the updating transaction's id here, 0
			// for the rows inserted above (the upsert idiom)
			uctx = expr.WithUpdatedXmax(gctx, txn.XID())
		}
		res, err = Step(h, uctx, upd)
		if err != nil {
			return Result{}, err
		}
		for _, nr := range res.Rows {
			touched[rowKey(h, sch, ords, nr[:n])] = true
			out.Affected++
			if len(u.Returning) > 0 {
				out.Rows = append(out.Rows, nr[n:])
			}
		}
	}
	return out, nil
}

// insertColumns maps the INSERT column list to table ordinals; without a
// list, the leading columns the VALUES rows fill.
func insertColumns(tbl *storage.Table, cols []string, values [][]sqlparser.Expr) ([]int, error) {
	sch := tbl.Schema()
	if len(cols) == 0 {
		width := len(sch)
		if values != nil {
			width = 0
			for _, v := range values {
				width = max(width, len(v))
			}
			if width > len(sch) {
				return nil, pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns")
			}
		}
		idx := make([]int, width)
		for i := range idx {
			idx[i] = i
		}
		return idx, nil
	}
	idx := make([]int, len(cols))
	seen := map[int]bool{}
	for i, c := range cols {
		j := sch.IndexOfColName(c)
		if j < 0 || sch[j].Name != c {
			j = -1
			for k, col := range sch {
				if col.Name == c {
					j = k
				}
			}
		}
		if j < 0 {
			return nil, pgerror.New(pgerror.UndefinedColumn, "column %q of relation %q does not exist", c, tbl.Name())
		}
		if seen[j] {
			return nil, pgerror.New(pgerror.DuplicateColumn, "column %q specified more than once", c)
		}
		seen[j] = true
		idx[i] = j
	}
	return idx, nil
}

// arbiterIndexes finds the unique indexes the conflict target names; nil
// means every unique index (DO NOTHING without a target).
func arbiterIndexes(h Host, gctx *sql.Context, tbl *storage.Table, u *translate.Upsert) (map[string]bool, error) {
	if u.Constraint == "" && len(u.TargetColumns) == 0 && len(u.TargetExprs) == 0 {
		return nil, nil
	}
	infos, err := tbl.Indexes(gctx)
	if err != nil {
		return nil, err
	}
	out := map[string]bool{}
	if u.Constraint != "" {
		for _, ix := range infos {
			if ix.Name == u.Constraint && ix.Unique {
				out[ix.Name] = true
			}
		}
		if len(out) == 0 {
			if err := exclusionConstraint(h, tbl, u, out); err != nil { // upsert_exclusion.go
				return nil, err
			}
		}
		if len(out) == 0 {
			return nil, pgerror.New(pgerror.UndefinedObject, "constraint %q for table %q does not exist", u.Constraint, tbl.Name())
		}
		return out, nil
	}
	if len(u.TargetExprs) > 0 {
		return exprArbiters(h, tbl, infos, u)
	}
	want := append([]string(nil), u.TargetColumns...)
	sort.Strings(want)
	for _, ix := range infos {
		if !ix.Unique || ix.Expression || (ix.Partial && !u.TargetPartial) {
			continue
		}
		have := append([]string(nil), ix.Columns...)
		sort.Strings(have)
		if strings.Join(have, "\x00") == strings.Join(want, "\x00") {
			out[ix.Name] = true
		}
	}
	if len(out) == 0 {
		return nil, pgerror.New(pgerror.InvalidColumnReference, "there is no unique or exclusion constraint matching the ON CONFLICT specification")
	}
	return out, nil
}

// proposedRows evaluates the rows to insert, each value assignment-cast to
// its column's type; defaults[r][i] marks a DEFAULT item.
func proposedRows(h Host, gctx *sql.Context, tbl *storage.Table, colIdx []int, u *translate.Upsert) ([]sql.Row, [][]bool, error) {
	sch := tbl.Schema()
	if u.Source != nil {
		// assignment casts planned with the query, as INSERT ... SELECT
		// has them: an untyped literal takes its column's type (an enum's)
		// there instead of text once the rows are out
		wrapped := &sqlparser.Insert{Rows: u.Source}
		if err := prepareInsertQuery(h, gctx, wrapped, u.Source, sch, colIdx); err != nil {
			return nil, nil, err
		}
		res, err := Step(h, gctx, wrapped.Rows.(sqlparser.SelectStatement))
		if err != nil {
			return nil, nil, err
		}
		if len(res.Schema) > len(colIdx) {
			return nil, nil, pgerror.New(pgerror.SyntaxError, "INSERT has more expressions than target columns")
		}
		if len(res.Schema) < len(colIdx) {
			return nil, nil, pgerror.New(pgerror.SyntaxError, "INSERT has more target columns than expressions")
		}
		defaults := make([][]bool, len(res.Rows))
		for r, row := range res.Rows {
			defaults[r] = make([]bool, len(colIdx))
			for i, ci := range colIdx {
				e, err := assignCast(h, expr.NewLiteral(res.Types[i], row[i]), sch[ci])
				if err != nil {
					return nil, nil, err
				}
				if row[i], err = e.Eval(gctx, nil); err != nil {
					return nil, nil, err
				}
			}
		}
		return res.Rows, defaults, nil
	}
	defaults := make([][]bool, len(u.Values))
	width := len(colIdx)
	if width == 0 {
		return make([]sql.Row, len(u.Values)), defaults, nil
	}
	vals := &sqlparser.ValuesStatement{}
	for i := 0; i < width; i++ {
		vals.Columns = append(vals.Columns, sqlparser.NewColIdent("column"+strconv.Itoa(i+1)))
	}
	for r, row := range u.Values {
		if len(row) != width {
			return nil, nil, pgerror.New(pgerror.SyntaxError, "VALUES lists must all be the same length")
		}
		defaults[r] = make([]bool, width)
		tuple := make(sqlparser.ValTuple, width)
		for i, e := range row {
			col := sch[colIdx[i]]
			if _, isDef := e.(*sqlparser.Default); isDef {
				defaults[r][i] = true
				tuple[i] = literal(expr.FromGMSType(col.Type), nil)
				continue
			}
			tuple[i] = sqlparser.InjectedExpr{Expression: &expr.Pending{Name: "assign", Build: func(c []sql.Expression) (sql.Expression, error) {
				return assignCast(h, c[0], col)
			}}, Children: sqlparser.Exprs{e}}
		}
		vals.Rows = append(vals.Rows, tuple)
	}
	sel := &sqlparser.Select{
		SelectExprs: sqlparser.SelectExprs{&sqlparser.StarExpr{}},
		From:        sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: vals, As: sqlparser.NewTableIdent("*values*")}},
	}
	res, err := Step(h, gctx, sel)
	if err != nil {
		return nil, nil, err
	}
	return res.Rows, defaults, nil
}

// columnDefault evaluates a column's default for EXCLUDED; NULL without one.
func columnDefault(gctx *sql.Context, col *sql.Column) (any, error) {
	if col.Default == nil {
		return nil, nil
	}
	v, err := col.Default.Eval(gctx, nil)
	if err != nil || v == nil {
		return v, err
	}
	t := expr.FromGMSType(col.Type)
	if _, ours := col.Default.Type().(*types.Type); !ours {
		return expr.FromGMSValue(t, v)
	}
	return v, nil
}

// exprArbiters infers the arbiters of a conflict target with an
// expression (ON CONFLICT (lower(email))): the unique expression indexes
// whose key parts are the target's elements, in any order, each resolved
// over the table's row and compared by its canonical text (PostgreSQL's
// infer_arbiter_indexes compares the expressions' trees).
func exprArbiters(h Host, tbl *storage.Table, infos []storage.IndexInfo, u *translate.Upsert) (map[string]bool, error) {
	sch := tbl.Schema()
	want := make([]string, len(u.TargetExprs))
	for i, e := range u.TargetExprs {
		r, err := h.ResolveOver(sch, e)
		if err != nil {
			return nil, err
		}
		want[i] = r.String()
	}
	sort.Strings(want)
	out := map[string]bool{}
	for _, ix := range infos {
		if !ix.Unique || !ix.Expression || (ix.Partial && !u.TargetPartial) {
			continue
		}
		have := append([]string(nil), ix.KeyText...)
		sort.Strings(have)
		if slices.Equal(have, want) {
			out[ix.Name] = true
		}
	}
	if len(out) == 0 {
		return nil, pgerror.New(pgerror.InvalidColumnReference, "there is no unique or exclusion constraint matching the ON CONFLICT specification")
	}
	return out, nil
}

// partitionConflict reports whether a unique violation raised in a
// partition of the partitioned upsert target tbl is on an arbiter: the
// partition's index has the columns of one of tbl's arbiter indexes (any
// unique index when the statement names none), and returns the partition,
// whose columns must be tbl's in order for the update to run on it.
func partitionConflict(h Host, gctx *sql.Context, tbl *storage.Table, arbiters map[string]bool, uv *storage.UniqueViolation) (*storage.Table, bool, error) {
	cat := h.Catalog()
	leafQ := catalog.QName{Schema: uv.Schema, Name: uv.Table}
	if !descendsFrom(cat, leafQ, tableQName(tbl)) {
		return nil, false, nil
	}
	leaf, ok, err := h.StorageTable(gctx, uv.Schema, uv.Table)
	if err != nil || !ok {
		return nil, false, err
	}
	same := len(leaf.Schema()) == len(tbl.Schema())
	for i := 0; same && i < len(leaf.Schema()); i++ {
		same = leaf.Schema()[i].Name == tbl.Schema()[i].Name
	}
	if !same {
		return nil, false, pgerror.New(pgerror.FeatureNotSupported, "ON CONFLICT on a partition whose columns are ordered unlike its partitioned table's is not supported yet")
	}
	if arbiters == nil {
		return leaf, true, nil
	}
	colsKey := func(cols []string) string {
		c := append([]string(nil), cols...)
		sort.Strings(c)
		return strings.Join(c, "\x00")
	}
	want := map[string]bool{}
	infos, err := tbl.Indexes(gctx)
	if err != nil {
		return nil, false, err
	}
	for _, ix := range infos {
		if arbiters[ix.Name] && !ix.Expression {
			want[colsKey(ix.Columns)] = true
		}
	}
	linfos, err := leaf.Indexes(gctx)
	if err != nil {
		return nil, false, err
	}
	for _, ix := range linfos {
		if ix.Name == uv.Index && !ix.Expression && want[colsKey(ix.Columns)] {
			return leaf, true, nil
		}
	}
	return nil, false, nil
}

// oldRowValues evaluates an ON CONFLICT DO UPDATE's SET items over the
// existing row (the one where selects) and returns them as constants;
// nil when where selects no row.
func oldRowValues(h Host, gctx *sql.Context, set sqlparser.AssignmentExprs, utn sqlparser.TableName, name string, where sqlparser.Expr) (sqlparser.AssignmentExprs, error) {
	sel := &sqlparser.Select{
		From:  sqlparser.TableExprs{&sqlparser.AliasedTableExpr{Expr: utn, As: sqlparser.NewTableIdent(name)}},
		Where: &sqlparser.Where{Type: sqlparser.WhereStr, Expr: where},
	}
	var keep []int // the items computed (DEFAULT stays DEFAULT)
	for i, a := range set {
		if _, def := a.Expr.(*sqlparser.Default); def {
			continue
		}
		keep = append(keep, i)
		sel.SelectExprs = append(sel.SelectExprs, &sqlparser.AliasedExpr{Expr: a.Expr})
	}
	if len(keep) == 0 {
		return set, nil
	}
	res, err := Step(h, gctx, sel)
	if err != nil || len(res.Rows) == 0 {
		return nil, err
	}
	out := append(sqlparser.AssignmentExprs(nil), set...)
	for k, i := range keep {
		t := expr.FromGMSType(res.Schema[k].Type)
		if k < len(res.Types) && res.Types[k] != nil {
			t = res.Types[k]
		}
		out[i] = &sqlparser.AssignmentExpr{Name: set[i].Name, Expr: literal(t, res.Rows[0][k])}
	}
	return out, nil
}
