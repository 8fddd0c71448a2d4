package ddl

import (
	"strconv"
	"strings"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/extensions"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// SetTableOptions runs ALTER TABLE ... REPLICA IDENTITY and SET / RESET
// (storage parameters) (PostgreSQL docs: ALTER TABLE). The parameters
// are checked as PostgreSQL's reloptions parser checks them and kept for
// pg_class.reloptions; tinybase's storage has no use for them.
func SetTableOptions(h Host, c *translate.TableOptions) error {
	if c.Create {
		// CREATE TABLE's options run before the table exists, in its
		// statement: resolve the schema as the table will be placed (a
		// temporary table's is already the session's pg_temp_N).
		schema, err := CreationSchema(h, c.Table.Schema)
		if err != nil {
			return err
		}
		tc := *c
		tc.Table.Schema = schema
		c = &tc
	} else if _, ok := h.Table(h.SQLContext(), c.Table.Schema, c.Table.Name); !ok {
		return pgerror.New(pgerror.UndefinedTable, "relation %q does not exist", c.Table.Display())
	}
	cat := h.Catalog()
	flags := cat.RowSecurity(c.Table)
	if c.Replica != 0 {
		if c.Replica == 'i' {
			if err := checkReplicaIndex(h, c.Table, c.ReplicaIndex); err != nil {
				return err
			}
		}
		flags.Replica, flags.ReplicaIndex = c.Replica, c.ReplicaIndex
		if c.Replica == 'd' {
			flags.Replica = 0
		}
	}
	if c.ClusterSet {
		name := c.Cluster
		if name == "" && c.ClusterStmt {
			if name = flags.ClusterIndex; name == "" {
				return pgerror.New(pgerror.UndefinedObject, "there is no previously clustered index for table %q", c.Table.Name)
			}
		}
		if name != "" {
			if err := checkClusterIndex(h, c.Table, name); err != nil {
				return err
			}
		}
		flags.ClusterIndex = name
	}
	if err := checkTableParams(c.Steps); err != nil {
		return err
	}
	opts := flags.OptionList()
	for _, step := range c.Steps {
		for _, p := range step.Params {
			if p.Namespace != "" {
				continue // toast.*: the TOAST table's reloptions, which tinybase has none of
			}
			opts = removeOption(opts, p.Name)
			if !step.Reset {
				opts = append(opts, p.Name+"="+p.Value)
			}
		}
	}
	flags.Options = strings.Join(opts, "\n")
	if c.Persistence != 0 {
		flags.Unlogged = c.Persistence == 'u'
	}
	h.SetCatalog(cat.SetRowSecurity(c.Table, flags))
	return nil
}

func checkTableParams(steps []translate.TableOptionStep) error {
	for _, step := range steps {
		for _, p := range step.Params {
			if step.Reset && p.HasValue {
				return pgerror.New(pgerror.SyntaxError, "RESET must not include values for parameters")
			}
			if err := checkTableParam(p, step.Reset); err != nil {
				return err
			}
		}
	}
	return nil
}

func removeOption(opts []string, name string) []string {
	out := opts[:0:0]
	for _, o := range opts {
		if !strings.HasPrefix(o, name+"=") {
			out = append(out, o)
		}
	}
	return out
}

// checkReplicaIndex applies PostgreSQL's rules for REPLICA IDENTITY USING
// INDEX: a unique, non-partial index on plain NOT NULL columns.
func checkReplicaIndex(h Host, q catalog.QName, name string) error {
	t, ix, err := namedIndex(h, q, name)
	if err != nil {
		return err
	}
	switch {
	case !ix.Unique:
		return pgerror.New(pgerror.WrongObjectType, "cannot use non-unique index %q as replica identity", name)
	case ix.Expression:
		return pgerror.New(pgerror.FeatureNotSupported, "cannot use expression index %q as replica identity", name)
	case ix.Partial:
		return pgerror.New(pgerror.FeatureNotSupported, "cannot use partial index %q as replica identity", name)
	}
	nullable := map[string]bool{}
	for _, col := range t.Schema() {
		nullable[col.Name] = col.Nullable
	}
	for _, col := range ix.Columns {
		if nullable[col] {
			return pgerror.New(pgerror.WrongObjectType, "index %q cannot be used as replica identity because column %q is nullable", name, col)
		}
	}
	return nil
}

// namedIndex is table q's index name (not one a foreign key keeps), or
// PostgreSQL's 42704 when q has none of that name.
func namedIndex(h Host, q catalog.QName, name string) (*storage.Table, storage.IndexInfo, error) {
	ctx := h.SQLContext()
	t, _ := h.Table(ctx, q.Schema, q.Name)
	ixs, err := t.Indexes(ctx)
	if err != nil {
		return nil, storage.IndexInfo{}, err
	}
	for _, ix := range ixs {
		if ix.Name == name && !ix.ForFK {
			return t, ix, nil
		}
	}
	return nil, storage.IndexInfo{}, pgerror.New(pgerror.UndefinedObject, "index %q for table %q does not exist", name, q.Name)
}

// checkClusterIndex applies PostgreSQL's rules for the index CLUSTER
// uses: one of the table's, non-partial, of an access method that keeps
// an order (btree, gist).
func checkClusterIndex(h Host, q catalog.QName, name string) error {
	_, ix, err := namedIndex(h, q, name)
	if err != nil {
		return err
	}
	switch ix.AM.Method {
	case "", "btree", "gist":
	default:
		return pgerror.New(pgerror.FeatureNotSupported, "cannot cluster on index %q because access method does not support clustering", name)
	}
	if ix.Partial {
		return pgerror.New(pgerror.FeatureNotSupported, "cannot cluster on partial index %q", name)
	}
	return nil
}

// tableParam is how one heap storage parameter's value is checked.
type tableParam struct {
	kind     byte // 'b' bool, 'i' integer, 'r' real, 'e' enum
	min, max float64
	choices  []string
}

// tableParams are PostgreSQL 15's heap and TOAST storage parameters
// (reloptions.c).
var tableParams = map[string]tableParam{
	"fillfactor":                            {kind: 'i', min: 10, max: 100},
	"autovacuum_enabled":                    {kind: 'b'},
	"autovacuum_vacuum_threshold":           {kind: 'i', min: 0, max: 2147483647},
	"autovacuum_vacuum_insert_threshold":    {kind: 'i', min: -1, max: 2147483647},
	"autovacuum_analyze_threshold":          {kind: 'i', min: 0, max: 2147483647},
	"autovacuum_vacuum_cost_limit":          {kind: 'i', min: 1, max: 10000},
	"autovacuum_freeze_min_age":             {kind: 'i', min: 0, max: 1000000000},
	"autovacuum_freeze_max_age":             {kind: 'i', min: 100000, max: 2000000000},
	"autovacuum_freeze_table_age":           {kind: 'i', min: 0, max: 2000000000},
	"autovacuum_multixact_freeze_min_age":   {kind: 'i', min: 0, max: 1000000000},
	"autovacuum_multixact_freeze_max_age":   {kind: 'i', min: 10000, max: 2000000000},
	"autovacuum_multixact_freeze_table_age": {kind: 'i', min: 0, max: 2000000000},
	"log_autovacuum_min_duration":           {kind: 'i', min: -1, max: 2147483647},
	"toast_tuple_target":                    {kind: 'i', min: 128, max: 8160},
	"parallel_workers":                      {kind: 'i', min: 0, max: 1024},
	"autovacuum_vacuum_cost_delay":          {kind: 'r', min: 0, max: 100},
	"autovacuum_vacuum_scale_factor":        {kind: 'r', min: 0, max: 100},
	"autovacuum_vacuum_insert_scale_factor": {kind: 'r', min: 0, max: 100},
	"autovacuum_analyze_scale_factor":       {kind: 'r', min: 0, max: 100},
	"user_catalog_table":                    {kind: 'b'},
	"vacuum_index_cleanup":                  {kind: 'e', choices: []string{"auto", "on", "off", "true", "false", "yes", "no", "1", "0"}},
	"vacuum_truncate":                       {kind: 'b'},
}

// indexParams are PostgreSQL 15's index storage parameters per built-in
// access method (reloptions.c); an extension's methods bring their own.
var indexParams = map[string]map[string]tableParam{
	"btree":  {"fillfactor": {kind: 'i', min: 10, max: 100}, "deduplicate_items": {kind: 'b'}},
	"hash":   {"fillfactor": {kind: 'i', min: 10, max: 100}},
	"gist":   {"fillfactor": {kind: 'i', min: 10, max: 100}, "buffering": {kind: 'e', choices: []string{"auto", "on", "off"}}},
	"spgist": {"fillfactor": {kind: 'i', min: 10, max: 100}},
	"gin":    {"fastupdate": {kind: 'b'}, "gin_pending_list_limit": {kind: 'i', min: 64, max: 2097151}},
	"brin":   {"pages_per_range": {kind: 'i', min: 1, max: 131072}, "autosummarize": {kind: 'b'}},
}

// checkIndexParams refuses CREATE INDEX ... WITH parameters the access
// method does not have, or values outside their range.
func checkIndexParams(h Host, def *translate.IndexDef) error {
	method := def.Method
	if method == "" {
		method = "btree"
	}
	specs, ok := indexParams[method]
	if !ok {
		opts, _ := extensions.IndexOptions(h.Catalog(), method)
		specs = make(map[string]tableParam, len(opts))
		for name, o := range opts {
			specs[name] = tableParam{kind: 'i', min: float64(o.Min), max: float64(o.Max)}
		}
	}
	for _, p := range def.Params {
		if p.Namespace != "" {
			return pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter namespace %q", p.Namespace)
		}
		spec, ok := specs[p.Name]
		if !ok {
			return pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter %q", p.Name)
		}
		if err := checkParamValue(p, spec); err != nil {
			return err
		}
	}
	return nil
}

func checkTableParam(p translate.TableParam, reset bool) error {
	if p.Namespace != "" && p.Namespace != "toast" {
		return pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter namespace %q", p.Namespace)
	}
	spec, ok := tableParams[p.Name]
	if !ok || (p.Namespace == "toast" && (p.Name == "fillfactor" || p.Name == "toast_tuple_target" || p.Name == "parallel_workers" || p.Name == "user_catalog_table" || p.Name == "autovacuum_analyze_threshold" || p.Name == "autovacuum_analyze_scale_factor")) {
		return pgerror.New(pgerror.InvalidParameterValue, "unrecognized parameter %q", p.Name)
	}
	if reset {
		return nil
	}
	return checkParamValue(p, spec)
}

// checkParamValue checks a storage parameter's value against its kind
// and range, with reloptions.c's messages.
func checkParamValue(p translate.TableParam, spec tableParam) error {
	v := p.Value
	switch spec.kind {
	case 'b':
		if _, ok := catalog.ParseBoolOption(v); !ok {
			return pgerror.New(pgerror.InvalidParameterValue, "invalid value for boolean option %q: %s", p.Name, v)
		}
	case 'i', 'r':
		var n float64
		var err error
		if spec.kind == 'i' {
			var i int64
			i, err = strconv.ParseInt(strings.TrimSpace(v), 10, 32)
			n = float64(i)
		} else {
			n, err = strconv.ParseFloat(strings.TrimSpace(v), 64)
		}
		if err != nil {
			word := map[byte]string{'i': "integer", 'r': "floating point"}[spec.kind]
			return pgerror.New(pgerror.InvalidParameterValue, "invalid value for %s option %q: %s", word, p.Name, v)
		}
		if n < spec.min || n > spec.max {
			detail := "Valid values are between \"%d\" and \"%d\"."
			if spec.kind == 'r' {
				detail = "Valid values are between \"%f\" and \"%f\"."
				return pgerror.New(pgerror.InvalidParameterValue, "value %s out of bounds for option %q", v, p.Name).WithDetail(detail, spec.min, spec.max)
			}
			return pgerror.New(pgerror.InvalidParameterValue, "value %s out of bounds for option %q", v, p.Name).WithDetail(detail, int64(spec.min), int64(spec.max))
		}
	case 'e':
		for _, c := range spec.choices {
			if strings.EqualFold(v, c) {
				return nil
			}
		}
		return pgerror.New(pgerror.InvalidParameterValue, "invalid value for enum option %q: %s", p.Name, v).WithDetail("Valid values are \"on\", \"off\", and \"auto\".")
	}
	return nil
}
