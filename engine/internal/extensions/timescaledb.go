package extensions

import (
	"context"
	_ "embed"
	"fmt"
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

//go:embed timescaledb.sql
var timescaledbScript string

// timescaledbExt stands in for TimescaleDB 2.16.1 as Supabase ships it
// on PostgreSQL 15: the Apache 2 Edition (built without the Timescale
// License code). A hypertable is its one ordinary table: create_hypertable
// checks what TimescaleDB checks (time column, its type, the interval,
// unique indexes covering it, an empty table), sets the column NOT NULL,
// creates the default ("time" DESC) index and records the table in
// _timescaledb_catalog; there are no chunks, so show_chunks and
// drop_chunks return nothing. time_bucket is TimescaleDB's arithmetic.
// The Timescale License functions fail with the Apache edition's 0A000.
func timescaledbExt() *Extension {
	return &Extension{
		Name:    "timescaledb",
		Version: "2.16.1",
		Comment: "Enables scalable inserts and complex queries for time-series data (Apache 2 Edition)",
		Script:  timescaledbScript,
		Funcs: map[string]Func{
			"ts_hypertable_create":         Rows(tsCreateHypertable),
			"ts_hypertable_create_general": Rows(tsCreateHypertableGeneral),
			"ts_dimension_set_interval":    ScalarC(tsSetChunkTimeInterval),
			"ts_chunk_show_chunks":         Rows(tsNoChunks),
			"ts_chunk_drop_chunks":         Rows(tsDropChunks),
			"ts_int16_bucket":              Scalar(tsIntBucket),
			"ts_int32_bucket":              Scalar(tsIntBucket),
			"ts_int64_bucket":              Scalar(tsIntBucket),
			"ts_timestamp_bucket":          Scalar(tsTimestampBucket),
			"ts_timestamptz_bucket":        Scalar(tsTimestampBucket),
			"ts_date_bucket":               Scalar(tsDateBucket),
			"ts_tsl_only":                  tsLicenseOnly,
		},
		Settings: map[string]string{
			"timescaledb.license":         "apache",
			"timescaledb.telemetry_level": "off",
		},
	}
}

// tsLicenseOnly is every Timescale License function of the Apache
// edition (cross_module_fn.c's error_no_default_fn_pg_community).
func tsLicenseOnly(_ context.Context, _ routine.Caller, fn *catalog.Function, _ []any, _ *routine.TriggerData) (routine.Result, error) {
	return routine.Result{}, pgerror.New(pgerror.FeatureNotSupported,
		"function \"%s\" is not supported under the current \"apache\" license", fn.Name).
		WithHint("Upgrade your license to 'timescale' to use this free community feature.")
}

// tsRelation is the table create_hypertable and friends work on.
type tsRelation struct {
	oid           uint32
	schema, table string
	kind          string
	persistence   string
	// owned: the current role has its owner's privileges, which
	// create_hypertable requires.
	owned bool
}

func tsLookupRelation(ctx context.Context, c routine.Caller, arg any) (*tsRelation, error) {
	if name := fmt.Sprint(arg); name == "-" || name == "0" {
		// regclass 0, which PostgreSQL's C code takes for no relation
		return nil, pgerror.New(pgerror.InvalidParameterValue, "relation cannot be NULL")
	}
	// A regclass value is the relation's name as regclass prints it.
	r, err := c.Query(ctx, `SELECT c.oid::bigint, n.nspname::text, c.relname::text, c.relkind::text, c.relpersistence::text,
		EXISTS (SELECT 1 FROM pg_catalog.pg_roles u WHERE u.rolname = current_user AND (u.rolsuper OR u.oid = c.relowner
		  OR EXISTS (SELECT 1 FROM pg_catalog.pg_auth_members m WHERE m.member = u.oid AND m.roleid = c.relowner)))
		FROM pg_catalog.pg_class c JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
		WHERE c.oid = $1::regclass`, &routine.Params{Types: []*types.Type{types.Text}}, []any{fmt.Sprint(arg)})
	if err != nil {
		return nil, err
	}
	if len(r.Rows) == 0 {
		return nil, pgerror.New(pgerror.UndefinedTable, "relation \"%s\" does not exist", fmt.Sprint(arg))
	}
	row := r.Rows[0]
	oid, _ := int64Of(row[0])
	return &tsRelation{oid: uint32(oid), schema: row[1].(string), table: row[2].(string), kind: row[3].(string),
		persistence: row[4].(string), owned: row[5] == true}, nil
}

func (r *tsRelation) qualified() string {
	return tsQuote(r.schema) + "." + tsQuote(r.table)
}

// tsHypertableID is the catalog id of rel when it is a hypertable (the
// sql_drop trigger removes the rows of dropped tables).
func tsHypertableID(ctx context.Context, c routine.Caller, rel *tsRelation) (int64, bool, error) {
	r, err := c.Query(ctx, `SELECT id FROM _timescaledb_catalog.hypertable WHERE schema_name = $1 AND table_name = $2`,
		&routine.Params{Types: []*types.Type{types.Text, types.Text}}, []any{rel.schema, rel.table})
	if err != nil {
		return 0, false, err
	}
	if len(r.Rows) == 0 {
		return 0, false, nil
	}
	id, _ := int64Of(r.Rows[0][0])
	return id, true, nil
}

// tsDimension is one partitioning dimension create_hypertable asks for:
// an open ("time") one with an interval, or a closed ("space") one with
// a number of partitions.
type tsDimension struct {
	column string
	// interval is the chunk interval argument (nil: the default); its Go
	// type says which SQL type it had.
	interval   any
	partitions int64
	closed     bool
	// intervalType names a by_range interval's type (its value is text).
	intervalType string
}

// tsCreateOptions are the rest of create_hypertable's arguments.
type tsCreateOptions struct {
	defaultIndexes, ifNotExists, migrateData bool
	general                                  bool
}

// tsRecordRow is one result row of a RETURNS TABLE function as one
// composite, which a call in FROM spreads into columns and a call in
// the select list prints whole, as PostgreSQL does.
func tsRecordRow(names []string, typs []*types.Type, vals ...any) [][]any {
	return [][]any{{&types.RecordVal{Names: names, Types: typs, Vals: vals}}}
}

func tsBool(v any, def bool) bool {
	if b, ok := v.(bool); ok {
		return b
	}
	return def
}

// tsCreateHypertable is create_hypertable(relation, time_column_name,
// ...), hypertable.c's ts_hypertable_create_time_prev.
func tsCreateHypertable(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any) ([][]any, error) {
	args = append(args, make([]any, 14)...)
	if args[0] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "relation cannot be NULL")
	}
	if args[1] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "partition column cannot be NULL")
	}
	dims := []tsDimension{{column: fmt.Sprint(args[1]), interval: args[6]}}
	if args[2] != nil {
		n := int64(-1)
		if args[3] != nil {
			n, _ = int64Of(args[3])
		}
		dims = append(dims, tsDimension{column: fmt.Sprint(args[2]), partitions: n, closed: true})
	}
	opts := tsCreateOptions{defaultIndexes: tsBool(args[7], false), ifNotExists: tsBool(args[8], false), migrateData: tsBool(args[10], false)}
	id, schema, table, created, err := tsCreate(ctx, c, args[0], dims, opts)
	if err != nil {
		return nil, err
	}
	return tsRecordRow([]string{"hypertable_id", "schema_name", "table_name", "created"},
		[]*types.Type{types.Int4, types.Name, types.Name, types.Bool}, int32(id), schema, table, created), nil
}

// tsCreateHypertableGeneral is create_hypertable(relation, dimension,
// ...), 2.13's form taking by_range(...).
func tsCreateHypertableGeneral(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any) ([][]any, error) {
	args = append(args, make([]any, 5)...)
	rec, ok := args[1].(*types.RecordVal)
	if !ok || rec == nil || len(rec.Vals) < 6 {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "dimension cannot be NULL")
	}
	if args[0] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "relation cannot be NULL")
	}
	if rec.Vals[0] == "hash" {
		return nil, pgerror.New(pgerror.InternalError, "cannot partition using a closed dimension on primary column").
			WithHint("Use range partitioning on the primary column.")
	}
	if rec.Vals[1] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "partition column cannot be NULL")
	}
	d := tsDimension{column: fmt.Sprint(rec.Vals[1])}
	if rec.Vals[2] != nil {
		d.interval = fmt.Sprint(rec.Vals[2])
		d.intervalType = fmt.Sprint(rec.Vals[3])
	}
	opts := tsCreateOptions{defaultIndexes: tsBool(args[2], false), ifNotExists: tsBool(args[3], false),
		migrateData: tsBool(args[4], false), general: true}
	id, _, _, created, err := tsCreate(ctx, c, args[0], []tsDimension{d}, opts)
	if err != nil {
		return nil, err
	}
	return tsRecordRow([]string{"hypertable_id", "created"}, []*types.Type{types.Int4, types.Bool}, int32(id), created), nil
}

// tsCreate makes rel a hypertable, in the order of hypertable.c's
// ts_hypertable_create_from_info: existing hypertable, column types
// (warnings), relation kind, data, persistence, dimensions (column, type,
// interval, NOT NULL), catalog rows, unique indexes, default index.
func tsCreate(ctx context.Context, c routine.Caller, relArg any, dims []tsDimension, opts tsCreateOptions) (id int64, schema, table string, created bool, err error) {
	rel, err := tsLookupRelation(ctx, c, relArg)
	if err != nil {
		return 0, "", "", false, err
	}
	if id, ok, err := tsHypertableID(ctx, c, rel); err != nil {
		return 0, "", "", false, err
	} else if ok {
		if !opts.ifNotExists {
			return 0, "", "", false, pgerror.New("TS110", "table \"%s\" is already a hypertable", rel.table)
		}
		c.Notice(routine.Notice{Severity: "NOTICE", Code: "TS110", Message: fmt.Sprintf("table \"%s\" is already a hypertable, skipping", rel.table)})
		return id, rel.schema, rel.table, false, nil
	}
	cols, err := tsColumns(ctx, c, rel.oid)
	if err != nil {
		return 0, "", "", false, err
	}
	for _, col := range cols {
		switch col.typ {
		case "character", "character varying":
			c.Notice(routine.Notice{Severity: "WARNING", Code: pgerror.Warning,
				Message: fmt.Sprintf("column type \"%s\" used for \"%s\" does not follow best practices", col.typ, col.name),
				Hint:    "Use datatype TEXT instead."})
		case "timestamp without time zone":
			c.Notice(routine.Notice{Severity: "WARNING", Code: pgerror.Warning,
				Message: fmt.Sprintf("column type \"%s\" used for \"%s\" does not follow best practices", col.typ, col.name),
				Hint:    "Use datatype TIMESTAMPTZ instead."})
		}
	}
	if !rel.owned {
		return 0, "", "", false, pgerror.New(pgerror.InsufficientPrivilege, "must be owner of hypertable \"%s\"", rel.table)
	}
	switch rel.kind {
	case "r":
	case "p":
		return 0, "", "", false, pgerror.New(pgerror.WrongObjectType, "table \"%s\" is already partitioned", rel.table).
			WithDetail("It is not possible to turn partitioned tables into hypertables.")
	default:
		return 0, "", "", false, pgerror.New(pgerror.WrongObjectType, "invalid relation type")
	}
	r, err := c.Query(ctx, "SELECT EXISTS (SELECT 1 FROM "+rel.qualified()+")", nil, nil)
	if err != nil {
		return 0, "", "", false, err
	}
	hasData := len(r.Rows) == 1 && r.Rows[0][0] == true
	if hasData && !opts.migrateData {
		return 0, "", "", false, pgerror.New(pgerror.FeatureNotSupported, "table \"%s\" is not empty", rel.table).
			WithHint("You can migrate data by specifying 'migrate_data => true' when calling this function.")
	}
	if rel.persistence != "p" {
		return 0, "", "", false, pgerror.New(pgerror.FeatureNotSupported, "table \"%s\" has to be logged", rel.table).
			WithDetail("It is not possible to turn temporary or unlogged tables into hypertables.")
	}
	lengths := make([]any, len(dims))
	for i, d := range dims {
		col, ok := cols.find(d.column)
		if !ok {
			return 0, "", "", false, pgerror.New(pgerror.UndefinedColumn, "column \"%s\" does not exist", d.column)
		}
		if d.closed {
			if d.partitions < 1 || d.partitions > 32767 {
				return 0, "", "", false, pgerror.New(pgerror.InvalidParameterValue, "invalid number of partitions for dimension \"%s\"", d.column).
					WithHint("A closed (space) dimension must specify between 1 and 32767 partitions.")
			}
			continue
		}
		n, err := tsIntervalLength(ctx, c, col, d.interval, d.intervalType)
		if err != nil {
			return 0, "", "", false, err
		}
		lengths[i] = n
		if !col.notNull {
			c.Notice(routine.Notice{Severity: "NOTICE", Code: "00000",
				Message: fmt.Sprintf("adding not-null constraint to column \"%s\"", col.name),
				Detail:  "Dimensions cannot have NULL values."})
			if _, err := c.Query(ctx, "ALTER TABLE "+rel.qualified()+" ALTER COLUMN "+tsQuote(col.name)+" SET NOT NULL", nil, nil); err != nil {
				return 0, "", "", false, err
			}
		}
	}
	r, err = c.Query(ctx, `INSERT INTO _timescaledb_catalog.hypertable (id, schema_name, table_name, associated_schema_name,
		associated_table_prefix, num_dimensions, chunk_sizing_func_schema, chunk_sizing_func_name, chunk_target_size)
		SELECT n, $1, $2, '_timescaledb_internal', '_hyper_' || n, $3, '_timescaledb_functions', 'calculate_chunk_interval', 0
		  FROM (SELECT nextval('_timescaledb_catalog.hypertable_id_seq')::integer AS n) s RETURNING id`,
		&routine.Params{Types: []*types.Type{types.Text, types.Text, types.Int2}}, []any{rel.schema, rel.table, int16(len(dims))})
	if err != nil {
		return 0, "", "", false, err
	}
	id, _ = int64Of(r.Rows[0][0])
	for i, d := range dims {
		col, _ := cols.find(d.column)
		var slices any
		if d.closed {
			slices = int16(d.partitions)
		}
		if _, err := c.Query(ctx, `INSERT INTO _timescaledb_catalog.dimension (hypertable_id, column_name, column_type,
			aligned, num_slices, partitioning_func_schema, partitioning_func, interval_length)
			VALUES ($1, $2, $3::regtype, $4, $5, $6, $7, $8)`,
			&routine.Params{Types: []*types.Type{types.Int4, types.Text, types.Text, types.Bool, types.Int2, types.Text, types.Text, types.Int8}},
			[]any{int32(id), col.name, col.typ, !d.closed, slices, tsIf(d.closed, "_timescaledb_functions"), tsIf(d.closed, "get_partition_hash"), lengths[i]}); err != nil {
			return 0, "", "", false, err
		}
	}
	if err := tsVerifyUniqueIndexes(ctx, c, rel, dims); err != nil {
		return 0, "", "", false, err
	}
	if hasData {
		c.Notice(routine.Notice{Severity: "NOTICE", Code: "00000", Message: "migrating data to chunks",
			Detail: "Migration might take a while depending on the amount of data."})
	}
	if opts.defaultIndexes {
		if err := tsDefaultIndexes(ctx, c, rel, dims); err != nil {
			return 0, "", "", false, err
		}
	}
	return id, rel.schema, rel.table, true, nil
}

// tsQuote double-quotes an identifier for the DDL create_hypertable
// runs: always, so that keywords and mixed case survive.
func tsQuote(s string) string { return `"` + strings.ReplaceAll(s, `"`, `""`) + `"` }

func tsIf(ok bool, s string) any {
	if ok {
		return s
	}
	return nil
}

type tsColumn struct {
	name, typ string
	notNull   bool
}

type tsColumnList []tsColumn

func (l tsColumnList) find(name string) (tsColumn, bool) {
	for _, c := range l {
		if c.name == name {
			return c, true
		}
	}
	return tsColumn{}, false
}

func tsColumns(ctx context.Context, c routine.Caller, oid uint32) (tsColumnList, error) {
	r, err := c.Query(ctx, `SELECT attname::text, format_type(atttypid, NULL), attnotnull FROM pg_catalog.pg_attribute
		WHERE attrelid = `+strconv.FormatUint(uint64(oid), 10)+` AND attnum > 0 AND NOT attisdropped ORDER BY attnum`, nil, nil)
	if err != nil {
		return nil, err
	}
	out := make(tsColumnList, 0, len(r.Rows))
	for _, row := range r.Rows {
		out = append(out, tsColumn{name: row[0].(string), typ: row[1].(string), notNull: row[2] == true})
	}
	return out, nil
}

// tsIntervalLength validates a chunk interval for a time column and
// returns it in the column's units (microseconds for dates and
// timestamps), as dimension.c's dimension_interval_to_internal does.
func tsIntervalLength(ctx context.Context, c routine.Caller, col tsColumn, v any, vType string) (int64, error) {
	isTime := col.typ == "timestamp without time zone" || col.typ == "timestamp with time zone" || col.typ == "date"
	var max int64
	switch col.typ {
	case "smallint":
		max = 32767
	case "integer":
		max = 2147483647
	case "bigint":
		max = 9223372036854775807
	default:
		if !isTime {
			return 0, pgerror.New(pgerror.WrongObjectType, "invalid type for dimension \"%s\"", col.name).
				WithHint("Use an integer, timestamp, or date type.")
		}
		max = 9223372036854775807
	}
	if s, ok := v.(string); ok && vType != "" {
		// A by_range interval, kept as text with its type's name.
		switch vType {
		case "smallint", "integer", "bigint":
			n, err := strconv.ParseInt(s, 10, 64)
			if err != nil {
				return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid interval type for %s dimension", col.typ)
			}
			v = n
		case "interval":
			r, err := c.Query(ctx, "SELECT $1::interval", &routine.Params{Types: []*types.Type{types.Text}}, []any{s})
			if err != nil {
				return 0, err
			}
			v = r.Rows[0][0]
		default:
			v = tsOtherType(vType)
		}
	}
	var n int64
	switch x := v.(type) {
	case nil:
		switch col.typ {
		case "smallint":
			return 10000, nil
		case "integer":
			return 100000, nil
		case "bigint":
			return 1000000, nil
		}
		return 7 * 86400e6, nil
	case int16, int32, int64:
		n, _ = int64Of(x)
		if n < 1 || n > max {
			return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid interval: must be between 1 and %d", max)
		}
		if isTime && n < 1e6 {
			c.Notice(routine.Notice{Severity: "WARNING", Code: "42P08", Message: "unexpected interval: smaller than one second",
				Hint: "The interval is specified in microseconds."})
		}
	case types.IntervalVal:
		if !isTime {
			return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid interval type for %s dimension", col.typ).
				WithHint("Use an interval of type integer.")
		}
		n = int64(x.Months)*30*86400e6 + int64(x.Days)*86400e6 + x.Micros
	default:
		e := pgerror.New(pgerror.InvalidParameterValue, "invalid interval type for %s dimension", col.typ)
		if isTime {
			return 0, e.WithHint("Use an interval of type integer or interval.")
		}
		return 0, e.WithHint("Use an interval of type integer.")
	}
	if col.typ == "date" && (n <= 0 || n%86400e6 != 0) {
		return 0, pgerror.New(pgerror.InvalidParameterValue, "invalid interval for date dimension").
			WithHint("Use an interval that is a multiple of one day.")
	}
	return n, nil
}

// tsOtherType stands for an interval argument of a type neither integer
// nor interval (its value does not matter, only that it is wrong).
type tsOtherType string

// tsVerifyUniqueIndexes fails when a unique or exclusion index of rel
// leaves out a dimension column (indexing.c's ts_indexing_verify_columns).
func tsVerifyUniqueIndexes(ctx context.Context, c routine.Caller, rel *tsRelation, dims []tsDimension) error {
	r, err := c.Query(ctx, `SELECT i.indexrelid::bigint, a.attname::text FROM pg_catalog.pg_index i
		LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = ANY (i.indkey::smallint[])
		WHERE i.indrelid = `+strconv.FormatUint(uint64(rel.oid), 10)+` AND (i.indisunique OR i.indisexclusion)`, nil, nil)
	if err != nil {
		return err
	}
	cols := map[int64]map[string]bool{}
	var order []int64
	for _, row := range r.Rows {
		ix, _ := int64Of(row[0])
		if cols[ix] == nil {
			cols[ix] = map[string]bool{}
			order = append(order, ix)
		}
		if s, ok := row[1].(string); ok {
			cols[ix][s] = true
		}
	}
	for _, ix := range order {
		for _, d := range dims {
			if !cols[ix][d.column] {
				return pgerror.New("TS103", "cannot create a unique index without the column \"%s\" (used in partitioning)", d.column)
			}
		}
	}
	return nil
}

// tsDefaultIndexes creates ("time" DESC) unless an index of that one
// column exists, and ("space", "time" DESC) for a closed dimension
// likewise, as indexing.c's create_default_indexes does; the names are
// PostgreSQL's for an unnamed CREATE INDEX.
func tsDefaultIndexes(ctx context.Context, c routine.Caller, rel *tsRelation, dims []tsDimension) error {
	r, err := c.Query(ctx, `SELECT i.indexrelid::bigint, i.indnatts::int, k.n::int, a.attname::text
		FROM pg_catalog.pg_index i
		CROSS JOIN LATERAL unnest(i.indkey::smallint[]) WITH ORDINALITY AS k(attnum, n)
		LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = i.indrelid AND a.attnum = k.attnum
		WHERE i.indrelid = `+strconv.FormatUint(uint64(rel.oid), 10), nil, nil)
	if err != nil {
		return err
	}
	type ixCols struct {
		natts int64
		names map[int64]string
	}
	idx := map[int64]*ixCols{}
	for _, row := range r.Rows {
		id, _ := int64Of(row[0])
		natts, _ := int64Of(row[1])
		n, _ := int64Of(row[2])
		if idx[id] == nil {
			idx[id] = &ixCols{natts: natts, names: map[int64]string{}}
		}
		if s, ok := row[3].(string); ok {
			idx[id].names[n] = s
		}
	}
	timeCol, spaceCol := dims[0].column, ""
	if len(dims) > 1 {
		spaceCol = dims[1].column
	}
	hasTime, hasSpace := false, false
	for _, ix := range idx {
		switch ix.natts {
		case 1:
			hasTime = hasTime || ix.names[1] == timeCol
		case 2:
			hasSpace = hasSpace || spaceCol != "" && ix.names[1] == spaceCol && ix.names[2] == timeCol
		}
	}
	if !hasTime {
		if _, err := c.Query(ctx, "CREATE INDEX ON "+rel.qualified()+" ("+tsQuote(timeCol)+" DESC)", nil, nil); err != nil {
			return err
		}
	}
	if spaceCol != "" && !hasSpace {
		if _, err := c.Query(ctx, "CREATE INDEX ON "+rel.qualified()+" ("+tsQuote(spaceCol)+", "+tsQuote(timeCol)+" DESC)", nil, nil); err != nil {
			return err
		}
	}
	return nil
}

// tsRequireHypertable returns rel's hypertable id, or TimescaleDB's
// error for a table that is not one.
func tsRequireHypertable(ctx context.Context, c routine.Caller, relArg any) (*tsRelation, int64, error) {
	rel, err := tsLookupRelation(ctx, c, relArg)
	if err != nil {
		return nil, 0, err
	}
	id, ok, err := tsHypertableID(ctx, c, rel)
	if err != nil {
		return nil, 0, err
	}
	if !ok {
		return nil, 0, pgerror.New("TS001", "\"%s\" is not a hypertable or a continuous aggregate", rel.table).
			WithHint("The operation is only possible on a hypertable or continuous aggregate.")
	}
	return rel, id, nil
}

// tsSetChunkTimeInterval is set_chunk_time_interval (and
// set_partitioning_interval): the new interval of the first open
// dimension, or of the one named.
func tsSetChunkTimeInterval(ctx context.Context, c routine.Caller, args []any) (any, error) {
	args = append(args, make([]any, 3)...)
	if args[0] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "hypertable cannot be NULL")
	}
	rel, id, err := tsRequireHypertable(ctx, c, args[0])
	if err != nil {
		return nil, err
	}
	if args[1] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid interval: an explicit interval must be specified")
	}
	q := `SELECT d.id, d.column_name::text, format_type(d.column_type, NULL) FROM _timescaledb_catalog.dimension d
		WHERE d.hypertable_id = $1 AND d.interval_length IS NOT NULL`
	params := &routine.Params{Types: []*types.Type{types.Int4}}
	vals := []any{int32(id)}
	if args[2] != nil {
		q += " AND d.column_name = $2"
		params.Types = append(params.Types, types.Text)
		vals = append(vals, fmt.Sprint(args[2]))
	}
	r, err := c.Query(ctx, q+" ORDER BY d.id LIMIT 1", params, vals)
	if err != nil {
		return nil, err
	}
	if len(r.Rows) == 0 {
		return nil, pgerror.New("TS002", "hypertable \"%s\" does not have a matching dimension", rel.table)
	}
	col := tsColumn{name: r.Rows[0][1].(string), typ: r.Rows[0][2].(string)}
	n, err := tsIntervalLength(ctx, c, col, args[1], "")
	if err != nil {
		return nil, err
	}
	if _, err := c.Query(ctx, "UPDATE _timescaledb_catalog.dimension SET interval_length = $1 WHERE id = $2",
		&routine.Params{Types: []*types.Type{types.Int8, types.Int4}}, []any{n, r.Rows[0][0]}); err != nil {
		return nil, err
	}
	return "", nil // void, which prints nothing (not NULL)
}

// tsNoChunks is show_chunks: a hypertable here has no chunks.
func tsNoChunks(ctx context.Context, c routine.Caller, _ *catalog.Function, args []any) ([][]any, error) {
	if len(args) == 0 || args[0] == nil {
		return nil, nil
	}
	_, _, err := tsRequireHypertable(ctx, c, args[0])
	return nil, err
}

// tsDropChunks is drop_chunks: it needs a time range, as TimescaleDB
// does, and drops nothing, the table being its one chunk-less heap.
func tsDropChunks(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any) ([][]any, error) {
	args = append(args, make([]any, 6)...)
	if args[0] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "hypertable cannot be NULL")
	}
	if _, _, err := tsRequireHypertable(ctx, c, args[0]); err != nil {
		return nil, err
	}
	if args[1] == nil && args[2] == nil && args[4] == nil && args[5] == nil {
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid time range for dropping chunks").
			WithHint("At least one of older_than/newer_than or created_before/created_after must be provided.")
	}
	return nil, nil
}
