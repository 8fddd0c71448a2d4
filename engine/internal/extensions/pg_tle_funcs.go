package extensions

import (
	"context"
	"fmt"
	"strings"
	"unicode"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgident"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// pgTleFuncs are pg_tle's C functions (tleextension.c, datatype.c) and
// the PL/pgSQL uninstall functions, which also refuse to drop what a
// created extension still uses, as the DROP FUNCTION they run does.
func pgTleFuncs() map[string]Func {
	return map[string]Func{
		"pg_tle_install_extension":               tleFunc(tleInstallExtension),
		"pg_tle_install_extension_version_sql":   tleFunc(tleInstallVersionSQL),
		"pg_tle_install_update_path":             tleFunc(tleInstallUpdatePath),
		"pg_tle_set_default_version":             tleFunc(tleSetDefaultVersion),
		"pg_tle_available_extensions":            Rows(tleAvailableExtensions),
		"pg_tle_available_extension_versions":    Rows(tleAvailableVersions),
		"pg_tle_extension_update_paths":          Rows(tleUpdatePaths),
		"pg_tle_uninstall_extension":             tleFunc(tleUninstall),
		"pg_tle_uninstall_extension_if_exists":   tleFunc(ifExists(tleUninstall)),
		"pg_tle_uninstall_extension_version":     tleFunc(tleUninstallVersion),
		"pg_tle_uninstall_update_path":           tleFunc(tleUninstallUpdatePath),
		"pg_tle_uninstall_update_path_if_exists": tleFunc(ifExists(tleUninstallUpdatePath)),
		"pg_tle_create_shell_type":               tleFunc(tleShellType(false)),
		"pg_tle_create_shell_type_if_not_exists": tleFunc(tleShellType(true)),
		"pg_tle_create_base_type_with_storage":   tleUnsupported("create_base_type"),
		"pg_tle_create_operator_func":            tleUnsupported("create_operator_func"),
	}
}

type tleBody func(ctx context.Context, c routine.Caller, args []any) (bool, error)

// tleFunc adapts a management function returning boolean (void ones
// ignore it: the result of a void function is not read).
func tleFunc(f tleBody) Func {
	return func(ctx context.Context, c routine.Caller, fn *catalog.Function, args []any, _ *routine.TriggerData) (routine.Result, error) {
		ok, err := f(ctx, c, args)
		if err != nil {
			return routine.Result{}, err
		}
		if fn.Result != nil && fn.Result.OID == types.Void.OID {
			return routine.Result{Null: true}, nil
		}
		return routine.Result{Value: ok}, nil
	}
}

// ifExists is the _if_exists form: false where the plain one raises
// no_data_found.
func ifExists(f tleBody) tleBody {
	return func(ctx context.Context, c routine.Caller, args []any) (bool, error) {
		ok, err := f(ctx, c, args)
		if pe, isPG := pgerror.As(err); isPG && pe.Code == pgerror.NoDataFound {
			return false, nil
		}
		return ok, err
	}
}

func tleUnsupported(name string) Func {
	return func(context.Context, routine.Caller, *catalog.Function, []any, *routine.TriggerData) (routine.Result, error) {
		return routine.Result{}, pgerror.New(pgerror.FeatureNotSupported, "pgtle.%s is not supported in tinybase", name).
			WithDetail("tinybase has no C input, output or operator functions for pg_tle's custom base types.")
	}
}

// tleArg reads text argument i; a NULL is pg_tle's 22004.
func tleArg(args []any, i int, what string) (string, error) {
	if i >= len(args) || args[i] == nil {
		return "", pgerror.New(pgerror.NullValueNotAllowed, "%q is a required argument", what)
	}
	return fmt.Sprint(args[i]), nil
}

// checkTLEName is check_valid_extension_name (pg_tle's, stricter than
// PostgreSQL's: letters, digits, _, - and @ only).
func checkTLEName(name string) error {
	bad := func(detail string) error {
		return pgerror.New(pgerror.InvalidParameterValue, "invalid extension name: %q", name).WithDetail("%s", detail)
	}
	switch {
	case name == "":
		return bad("Extension names must not be empty.")
	case strings.Contains(name, "--"):
		return bad(`Extension names must not contain "--".`)
	case name[0] == '-' || name[len(name)-1] == '-':
		return bad(`Extension names must not begin or end with "-".`)
	case strings.ContainsAny(name, `/\`):
		return bad("Extension names must not contain directory separator characters.")
	}
	for _, r := range name {
		if r > unicode.MaxASCII || !(unicode.IsLetter(r) || unicode.IsDigit(r) || r == '_' || r == '-' || r == '@') {
			return bad("Extension names must only contain alphanumeric characters or valid separators.")
		}
	}
	return nil
}

// checkTLEVersion is check_valid_version_name.
func checkTLEVersion(v string) error {
	bad := func(detail string) error {
		return pgerror.New(pgerror.InvalidParameterValue, "invalid extension version name: %q", v).WithDetail("%s", detail)
	}
	switch {
	case v == "":
		return bad("Version names must not be empty.")
	case strings.Contains(v, "--"):
		return bad(`Version names must not contain "--".`)
	case v[0] == '-' || v[len(v)-1] == '-':
		return bad(`Version names must not begin or end with "-".`)
	case strings.ContainsAny(v, `/\`):
		return bad("Version names must not contain directory separator characters.")
	}
	return nil
}

// checkTLETarget checks the extension name a management function is
// given, and refuses (with refusal) a name a file-system extension has.
func checkTLETarget(ctx context.Context, c routine.Caller, name string, refusal error) error {
	if err := checkTLEName(name); err != nil {
		return err
	}
	if file, err := fileExtension(ctx, c, name); err != nil || file {
		return orErr(err, refusal)
	}
	return nil
}

// tleVersionArg is argument i, a version, checked as pg_tle checks one.
func tleVersionArg(args []any, i int, what string) (string, error) {
	v, err := tleArg(args, i, what)
	if err != nil {
		return "", err
	}
	return v, checkTLEVersion(v)
}

// fileExtension reports whether name is an extension with a control
// file (on Supabase: one it offers, as pg_available_extensions lists
// them), which a TLE may not shadow.
func fileExtension(ctx context.Context, c routine.Caller, name string) (bool, error) {
	rows, err := c.Query(ctx, "SELECT 1 FROM pg_catalog.pg_available_extensions WHERE name = $1",
		&routine.Params{Types: []*types.Type{types.Text}}, []any{name})
	if err != nil {
		return false, err
	}
	return len(rows.Rows) > 0, nil
}

// orErr is err when there is one, else the refusal.
func orErr(err, refusal error) error {
	if err != nil {
		return err
	}
	return refusal
}

func tleInjection(msg string) error {
	return pgerror.New(pgerror.InvalidParameterValue, "%s", msg).
		WithDetail("Use of string delimiters %q and %q are forbidden in extension definitions.", tleOuterQuote, tleInnerQuote).
		WithHint("This may be an attempt at a SQL injection attack. Please verify your installation file.")
}

func hasTLEQuote(s string) bool {
	return strings.Contains(s, tleOuterQuote) || strings.Contains(s, tleInnerQuote)
}

// storeTLE creates (or replaces) pgtle.<fname>() returning text, as
// pg_tle stores a control file or script.
func storeTLE(ctx context.Context, c routine.Caller, fname, text string, replace bool) error {
	verb := "CREATE"
	if replace {
		verb = "CREATE OR REPLACE"
	}
	sql := verb + " FUNCTION " + tleSchema + "." + pgident.QuoteIfNeeded(fname) + "() RETURNS TEXT AS " +
		tleOuterQuote + "SELECT " + tleInnerQuote + text + tleInnerQuote + tleOuterQuote + " LANGUAGE SQL"
	_, err := c.Query(ctx, sql, nil, nil)
	return err
}

func isDuplicateFunction(err error) bool {
	pe, ok := pgerror.As(err)
	return ok && pe.Code == pgerror.DuplicateFunction
}

// tleInstallExtension is pgtle.install_extension(name, version,
// description, ext, requires): the control function and the install
// script of the version, requires always naming pg_tle.
func tleInstallExtension(ctx context.Context, c routine.Caller, args []any) (bool, error) {
	name, err := tleArg(args, 0, "name")
	if err != nil {
		return false, err
	}
	if err := checkTLETarget(ctx, c, name, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "control file already exists for the %s extension", name)); err != nil {
		return false, err
	}
	version, err := tleVersionArg(args, 1, "version")
	if err != nil {
		return false, err
	}
	desc, err := tleArg(args, 2, "description")
	if err != nil {
		return false, err
	}
	script, err := tleArg(args, 3, "ext")
	if err != nil {
		return false, err
	}
	var requires []string
	if len(args) > 4 {
		if arr, ok := args[4].(*types.Array); ok {
			for _, v := range arr.Values {
				if v != nil {
					requires = append(requires, fmt.Sprint(v))
				}
			}
		}
	}
	if len(requires) > 1024 {
		return false, pgerror.New(pgerror.DataException, `"requires" limited to 1024 entries for "pg_tle" extensions`)
	}
	hasTle := false
	for _, r := range requires {
		if r == "pg_tle" {
			hasTle = true
		}
	}
	if !hasTle {
		requires = append(requires, "pg_tle")
	}
	ctl := tleControl{defaultVersion: version, comment: desc, requires: requires}.String()
	if hasTLEQuote(ctl) || hasTLEQuote(script) {
		return false, tleInjection("invalid character in extension definition")
	}
	// the script first: a duplicate means this version is installed; the
	// control function is replaced, so a new version becomes the default
	if err := storeTLE(ctx, c, name+"--"+version+".sql", script, false); err != nil {
		if isDuplicateFunction(err) {
			return false, pgerror.New(pgerror.DuplicateObject, "extension %q already installed", name)
		}
		return false, err
	}
	if err := storeTLE(ctx, c, name+".control", ctl, true); err != nil {
		return false, err
	}
	return true, nil
}

// tleInstallVersionSQL is pgtle.install_extension_version_sql(name,
// version, ext): another install script of an installed TLE.
func tleInstallVersionSQL(ctx context.Context, c routine.Caller, args []any) (bool, error) {
	name, err := tleArg(args, 0, "name")
	if err != nil {
		return false, err
	}
	if err := checkTLETarget(ctx, c, name, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "extension %s is not a tle extension", pgident.QuoteIfNeeded(name))); err != nil {
		return false, err
	}
	if _, ok := tleStored(c.Catalog(), name+".control"); !ok {
		return false, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "could not find control function %s for extension %s in schema %s",
			pgident.QuoteIfNeeded(name+".control"), pgident.QuoteIfNeeded(name), tleSchema)
	}
	version, err := tleVersionArg(args, 1, "version")
	if err != nil {
		return false, err
	}
	script, err := tleArg(args, 2, "ext")
	if err != nil {
		return false, err
	}
	if hasTLEQuote(script) {
		return false, tleInjection("invalid character in extension definition")
	}
	if err := storeTLE(ctx, c, name+"--"+version+".sql", script, false); err != nil {
		if isDuplicateFunction(err) {
			return false, pgerror.New(pgerror.DuplicateObject, "version %q of extension %q already installed", version, name)
		}
		return false, err
	}
	return true, nil
}

// tleInstallUpdatePath is pgtle.install_update_path(name, fromvers,
// tovers, ext).
func tleInstallUpdatePath(ctx context.Context, c routine.Caller, args []any) (bool, error) {
	name, err := tleArg(args, 0, "name")
	if err != nil {
		return false, err
	}
	if err := checkTLETarget(ctx, c, name, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "control file already exists for the %q extension", name)); err != nil {
		return false, err
	}
	from, err := tleArg(args, 1, "fromvers")
	if err != nil {
		return false, err
	}
	to, err := tleArg(args, 2, "tovers")
	if err != nil {
		return false, err
	}
	if err := checkTLEVersion(from); err != nil {
		return false, err
	}
	if err := checkTLEVersion(to); err != nil {
		return false, err
	}
	script, err := tleArg(args, 3, "ext")
	if err != nil {
		return false, err
	}
	if hasTLEQuote(script) {
		return false, tleInjection("invalid character in extension update definition")
	}
	if err := storeTLE(ctx, c, name+"--"+from+"--"+to+".sql", script, false); err != nil {
		if isDuplicateFunction(err) {
			return false, pgerror.New(pgerror.DuplicateObject, "extension %q update path \"%s-%s\" already installed", name, from, to).
				WithHint("To update this specific install path, first use \"%s.uninstall_update_path\".", tleSchema)
		}
		return false, err
	}
	return true, nil
}

// tleSetDefaultVersion is pgtle.set_default_version(name, version): the
// control function again, naming a version that can be installed.
func tleSetDefaultVersion(ctx context.Context, c routine.Caller, args []any) (bool, error) {
	if len(args) == 0 || args[0] == nil {
		return false, pgerror.New(pgerror.NullValueNotAllowed, `"name" is a required argument.`)
	}
	name := fmt.Sprint(args[0])
	if err := checkTLETarget(ctx, c, name, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "control file already exists for the %s extension", name)); err != nil {
		return false, err
	}
	version, err := tleVersionArg(args, 1, "version")
	if err != nil {
		return false, err
	}
	d, ok := loadTLE(c.Catalog(), name)
	if ok && d.err != nil {
		return false, d.err
	}
	found := false
	if ok {
		for _, v := range d.versions() {
			found = found || v == version
		}
	}
	if !found {
		return false, pgerror.New(pgerror.UndefinedObject, "extension and version do not exist").
			WithHint("Try installing the extension with \"%s.install_extension\".", tleSchema)
	}
	ctl := d.control
	ctl.defaultVersion = version
	text := ctl.String()
	if hasTLEQuote(text) {
		return false, tleInjection("invalid character in extension definition")
	}
	if err := storeTLE(ctx, c, name+".control", text, true); err != nil {
		return false, err
	}
	return true, nil
}

func nameArray(vals []string) any {
	if len(vals) == 0 {
		return nil
	}
	out := make([]any, len(vals))
	for i, v := range vals {
		out[i] = v
	}
	return types.NewArray(types.Name, out)
}

func nullIfEmpty(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// tleAvailableExtensions is pgtle.available_extensions(): name,
// default_version, comment of each TLE.
func tleAvailableExtensions(_ context.Context, c routine.Caller, _ *catalog.Function, _ []any) ([][]any, error) {
	var out [][]any
	for _, n := range tleNames(c.Catalog()) {
		d, _ := loadTLE(c.Catalog(), n)
		if d.err != nil {
			return nil, d.err
		}
		out = append(out, []any{n, d.control.defaultVersion, d.control.comment})
	}
	return out, nil
}

// tleAvailableVersions is pgtle.available_extension_versions().
func tleAvailableVersions(_ context.Context, c routine.Caller, _ *catalog.Function, _ []any) ([][]any, error) {
	var out [][]any
	for _, n := range tleNames(c.Catalog()) {
		d, _ := loadTLE(c.Catalog(), n)
		if d.err != nil {
			return nil, d.err
		}
		for _, v := range d.versions() {
			out = append(out, []any{n, v, false, false, false, nullIfEmpty(d.control.schema),
				nameArray(d.control.requires), d.control.comment})
		}
	}
	return out, nil
}

// tleUpdatePaths is pgtle.extension_update_paths(name): every pair of
// versions with the path between them (NULL when there is none).
func tleUpdatePaths(_ context.Context, c routine.Caller, _ *catalog.Function, args []any) ([][]any, error) {
	name := fmt.Sprint(args[0])
	d, ok := loadTLE(c.Catalog(), name)
	if ok && d.err != nil {
		return nil, d.err
	}
	if !ok {
		return nil, pgerror.New(pgerror.FeatureNotSupported, "extension %q is not available", name).
			WithHint("The extension must first be installed on the system where PostgreSQL is running.")
	}
	vers := d.allVersions()
	var out [][]any
	for _, from := range vers {
		for _, to := range vers {
			if from == to {
				continue
			}
			var path any
			if p, ok := d.path(from, to); ok {
				parts := []string{from}
				for _, u := range p {
					parts = append(parts, u.To)
				}
				path = strings.Join(parts, "--")
			}
			out = append(out, []any{from, to, path})
		}
	}
	return out, nil
}

// tleFunctionsLike lists the functions of pgtle whose name is LIKE
// pattern, as the uninstall functions search pg_proc.
func tleFunctionsLike(ctx context.Context, c routine.Caller, pattern string, exact bool) ([]string, error) {
	op := "LIKE"
	if exact {
		op = "="
	}
	rows, err := c.Query(ctx, "SELECT p.proname::text FROM pg_catalog.pg_proc p JOIN pg_catalog.pg_namespace n ON n.oid = p.pronamespace WHERE p.proname "+op+" $1 AND n.nspname = $2 ORDER BY p.oid",
		&routine.Params{Types: []*types.Type{types.Text, types.Text}}, []any{pattern, tleSchema})
	if err != nil {
		return nil, err
	}
	out := make([]string, 0, len(rows.Rows))
	for _, r := range rows.Rows {
		out = append(out, fmt.Sprint(r[0]))
	}
	return out, nil
}

// dropTLEFunction drops pgtle.<fname>(), refusing while an installed
// extension was created from it (its control file or one of its
// scripts), as the dependency CREATE EXTENSION records makes DROP
// FUNCTION refuse.
func dropTLEFunction(ctx context.Context, c routine.Caller, fname string) error {
	for _, e := range c.Catalog().Extensions() {
		if fname == e.Name+".control" || (strings.HasPrefix(fname, e.Name+"--") && strings.HasSuffix(fname, ".sql")) {
			shown := pgident.QuoteIfNeeded(fname) + "()"
			return pgerror.New(pgerror.DependentObjectsStillExist, "cannot drop function %s because other objects depend on it", shown).
				WithDetail("extension %s depends on function %s", e.Name, shown).
				WithHint("Use DROP ... CASCADE to drop the dependent objects too.")
		}
	}
	_, err := c.Query(ctx, "DROP FUNCTION "+tleSchema+"."+pgident.QuoteIfNeeded(fname)+"()", nil, nil)
	return err
}

func dropTLEFunctions(ctx context.Context, c routine.Caller, names []string) error {
	for _, n := range names {
		if err := dropTLEFunction(ctx, c, n); err != nil {
			return err
		}
	}
	return nil
}

func tleNotExists(name string) error {
	return pgerror.New(pgerror.NoDataFound, "Extension %s does not exist", name)
}

// tleUninstall is pgtle.uninstall_extension(extname): its control
// function and all its scripts.
func tleUninstall(ctx context.Context, c routine.Caller, args []any) (bool, error) {
	name := fmt.Sprint(args[0])
	ctls, err := tleFunctionsLike(ctx, c, name+"%.control", false)
	if err != nil {
		return false, err
	}
	if len(ctls) == 0 {
		return false, tleNotExists(name)
	}
	if err := dropTLEFunctions(ctx, c, ctls); err != nil {
		return false, err
	}
	sqls, err := tleFunctionsLike(ctx, c, name+"%.sql", false)
	if err != nil {
		return false, err
	}
	if len(sqls) == 0 {
		c.Notice(routine.Notice{Severity: "WARNING", Code: "01000",
			Message: fmt.Sprintf("Extension %s has an anomaly; control function exists, but no sql commands function exists", name)})
		return true, nil
	}
	return true, dropTLEFunctions(ctx, c, sqls)
}

// tleUninstallVersion is pgtle.uninstall_extension(extname, version):
// that version's scripts, or the whole extension when it is the only
// version and the default.
func tleUninstallVersion(ctx context.Context, c routine.Caller, args []any) (bool, error) {
	name, version := fmt.Sprint(args[0]), fmt.Sprint(args[1])
	count, def := 0, ""
	if d, ok := loadTLE(c.Catalog(), name); ok {
		if d.err != nil {
			return false, d.err
		}
		count, def = len(d.versions()), d.control.defaultVersion
	}
	sqlPattern := name + "--%" + version + "%.sql"
	if count > 1 {
		if version == def {
			return false, pgerror.New(pgerror.RaiseException, "Can not uninstall default version of extension %s, use set_default_version to update the default to another available version and retry", name)
		}
		sqls, err := tleFunctionsLike(ctx, c, sqlPattern, false)
		if err != nil {
			return false, err
		}
		return true, dropTLEFunctions(ctx, c, sqls)
	}
	if version != def {
		// the arguments in pg_tle's order
		return false, pgerror.New(pgerror.RaiseException, "Version %s of extension %s is not installed and therefore can not be uninstalled", name, version)
	}
	for _, pattern := range []string{name + "%.control", sqlPattern} {
		fns, err := tleFunctionsLike(ctx, c, pattern, false)
		if err != nil {
			return false, err
		}
		if err := dropTLEFunctions(ctx, c, fns); err != nil {
			return false, err
		}
	}
	return true, nil
}

// tleUninstallUpdatePath is pgtle.uninstall_update_path(extname,
// fromvers, tovers).
func tleUninstallUpdatePath(ctx context.Context, c routine.Caller, args []any) (bool, error) {
	name := fmt.Sprint(args[0])
	fns, err := tleFunctionsLike(ctx, c, fmt.Sprintf("%s--%v--%v.sql", name, args[1], args[2]), true)
	if err != nil {
		return false, err
	}
	if len(fns) == 0 {
		return false, tleNotExists(name)
	}
	return true, dropTLEFunctions(ctx, c, fns)
}

// tleShellType is pgtle.create_shell_type(typenamespace, typename) and
// its _if_not_exists form.
func tleShellType(ifNotExists bool) tleBody {
	return func(ctx context.Context, c routine.Caller, args []any) (bool, error) {
		rows, err := c.Query(ctx, "SELECT nspname::text FROM pg_catalog.pg_namespace WHERE oid = $1::regnamespace::oid",
			&routine.Params{Types: []*types.Type{types.Text}}, []any{fmt.Sprint(args[0])})
		if err != nil {
			return false, err
		}
		if len(rows.Rows) == 0 {
			return false, pgerror.New(pgerror.InvalidSchemaName, "schema with OID %v does not exist", args[0])
		}
		schema, name := fmt.Sprint(rows.Rows[0][0]), fmt.Sprint(args[1])
		if _, ok := c.Catalog().Type(catalog.QName{Schema: schema, Name: name}); ok {
			if ifNotExists {
				c.Notice(routine.Notice{Severity: "NOTICE", Code: pgerror.DuplicateObject, Message: fmt.Sprintf("type %q already exists, skipping", name)})
				return false, nil
			}
			return false, pgerror.New(pgerror.DuplicateObject, "type %q already exists", name)
		}
		_, err = c.Query(ctx, "CREATE TYPE "+pgident.QuoteIfNeeded(schema)+"."+pgident.QuoteIfNeeded(name), nil, nil)
		return err == nil, err
	}
}
