package session

import (
	"fmt"
	"math"
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine/internal/security"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Setting returns a parameter's current value (SET LOCAL wins).
func (s *Session) Setting(name string) (string, bool) {
	name = strings.ToLower(name)
	if v, ok := s.local[name]; ok {
		return v, true
	}
	v, ok := s.settings[name]
	if !ok && strings.IndexByte(name, '.') > 0 {
		return s.extensionSetting(name) // extension_host.go
	}
	if !ok {
		if g, known := gucs[name]; known && g.recorded {
			v, ok = g.def, true
		}
	}
	if ok && showHooked(name) {
		v = s.showHook(name, v)
	}
	return v, ok
}

// showHooked reports a parameter PostgreSQL shows through a show hook
// (SHOW, current_setting and pg_settings.setting alike).
func showHooked(name string) bool {
	switch name {
	case "archive_command", "data_directory_mode", "log_file_mode", "unix_socket_permissions":
		return true
	}
	return false
}

// showHook is the show hook's form of v: file modes in octal (0600),
// archive_command "(disabled)" while archive_mode is off.
func (s *Session) showHook(name, v string) string {
	if name == "archive_command" {
		if mode, _ := s.Setting("archive_mode"); mode == "off" {
			return "(disabled)"
		}
		return v
	}
	if n, _, ok := parseGUCInt(v, ""); ok {
		return fmt.Sprintf("%04o", n)
	}
	return v
}

func (s *Session) setSetting(name, value string, local bool) error {
	name = strings.ToLower(name)
	value, err := normalizeSetting(name, value)
	if err == nil && name == "datestyle" && strings.TrimSpace(value) == "" {
		value = s.rawSetting(name) // an empty list changes nothing (check_datestyle)
	} else if _, ok := types.SplitIdentifierString(value, ','); err == nil && name == "datestyle" && !ok {
		err = invalidValue("DateStyle", value).WithDetail("List syntax is invalid.") // check_datestyle
	} else if err == nil && name == "datestyle" {
		// unnamed parts keep the current value (check_datestyle)
		var ds types.DateStyle
		ds, err = types.ParseDateStyle(value, s.env.DateStyle)
		value = ds.String()
	}
	if err == nil && (name == "role" || name == "session_authorization") {
		value, err = s.checkRoleSetting(name, value) // role_session.go
	}
	if err != nil {
		return err
	}
	if strings.Contains(name, ".") {
		if value, err = s.checkExtensionSetting(name, value); err != nil { // extension_host.go
			return err
		}
		s.placeholders[name] = true
	}
	if name == "timezone" {
		if value, err = intervalZone(value); err != nil {
			return err
		}
		value = numericZone(value)
		value, _ = types.CanonicalZoneName(value)
		loc, err := loadZone(value)
		if err != nil {
			return err
		}
		if !local {
			s.env.Loc = loc
		}
	}
	if local {
		// Outside a transaction block the value lasts until the end of the
		// current statement's implicit transaction (set_config(..., true)).
		s.local[name] = value
		if name == "timezone" {
			loc, _ := loadZone(value)
			s.env.Loc = loc
		}
	} else {
		s.keepTxnSettings()
		s.settings[name] = value
	}
	if name == "intervalstyle" || name == "datestyle" {
		s.syncEnvStyles()
	}
	return nil
}

// replicaRole reports session_replication_role = replica: ordinary
// triggers and foreign key checks (PostgreSQL's RI triggers, 'O' enabled)
// do not run (catalog.Fires; gmsadapter's foreign key rule).
// ReplicaRole is replicaRole for the translator, which fires rewrite
// rules by it (translate/rules.go).
func (s *Session) ReplicaRole() bool { return s.replicaRole() }

func (s *Session) replicaRole() bool {
	v, _ := s.Setting("session_replication_role")
	return v == "replica"
}

// syncEnvStyles gives the type environment the IntervalStyle and
// DateStyle in effect (SET LOCAL wins).
func (s *Session) syncEnvStyles() {
	is, _ := s.Setting("intervalstyle")
	s.env.IntervalStyle = strings.ToLower(is)
	ds, _ := s.Setting("datestyle")
	s.env.DateStyle, _ = types.ParseDateStyle(ds, types.DateStyle{})
}

func loadZone(v string) (*time.Location, error) {
	switch strings.ToUpper(v) {
	case "UTC", "GMT", "Z", "ZULU":
		return time.UTC, nil
	case "":
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"TimeZone\": \"\"")
	}
	loc, err := time.LoadLocation(v)
	if err != nil {
		if loc, ok := posixFixedZone(v); ok {
			return loc, nil
		}
		return nil, pgerror.New(pgerror.InvalidParameterValue, "invalid value for parameter \"TimeZone\": \"%s\"", v)
	}
	return loc, nil
}

// posixZoneSpec is a POSIX time zone without daylight rules, as
// PostgreSQL's check_timezone takes one (docs B.5): an abbreviation
// (three letters or more, or <...> quoted) and its offset west of UTC
// in hours[:minutes[:seconds]], as in UTC+3 (three hours west) or
// <+0530>-05:30.
var posixZoneSpec = regexp.MustCompile(`^(?:([A-Za-z]{3,})|<([+-]?[0-9A-Za-z:]+)>)([+-]?)([0-9]{1,3})(?::([0-5][0-9]))?(?::([0-5][0-9]))?$`)

// posixFixedZone is the fixed-offset zone of a POSIX zone spec.
func posixFixedZone(v string) (*time.Location, bool) {
	m := posixZoneSpec.FindStringSubmatch(v)
	if m == nil {
		return nil, false
	}
	h, _ := strconv.Atoi(m[4])
	mins, _ := strconv.Atoi("0" + m[5])
	secs, _ := strconv.Atoi("0" + m[6])
	if h > 167 {
		return nil, false
	}
	west := h*3600 + mins*60 + secs
	if m[3] == "-" {
		west = -west
	}
	abbrev := m[1] + m[2]
	return time.FixedZone(abbrev, -west), true
}

// intervalZone is SET TIME ZONE INTERVAL '...' (check_timezone): the
// interval's time is the offset east of UTC, spelled as numericZone
// spells hours; months or days are an error. Sequelize sets its zone so
// on every connection. Any other value is returned unchanged.
func intervalZone(v string) (string, error) {
	raw, ok := strings.CutPrefix(v, "INTERVAL '")
	if !ok {
		return v, nil
	}
	iv, err := types.ParseInterval(strings.TrimSuffix(raw, "'"))
	if err != nil {
		return "", err
	}
	shown := "INTERVAL '" + types.FormatInterval(iv) + "'"
	switch {
	case iv.Months != 0:
		return "", invalidValue("TimeZone", shown).WithDetail("Cannot specify months in time zone interval.")
	case iv.Days != 0:
		return "", invalidValue("TimeZone", shown).WithDetail("Cannot specify days in time zone interval.")
	}
	return strconv.FormatFloat(float64(iv.Micros/1e6)/3600, 'f', -1, 64), nil
}

// numericZone is SET TIME ZONE's numeric form, hours east of UTC (-5,
// '+03', 3.5), spelled as PostgreSQL stores it: a POSIX spec named by
// its offset (<-05>+05, <+03:30>-03:30); any other value unchanged.
func numericZone(v string) string {
	f, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil || strings.ContainsAny(v, "eEnN") || f < -167 || f > 167 {
		return v
	}
	mins := int(math.Round(f * 60))
	sign, back := "+", "-"
	if mins < 0 {
		sign, back, mins = "-", "+", -mins
	}
	hm := fmt.Sprintf("%02d", mins/60)
	if mins%60 != 0 {
		hm += fmt.Sprintf(":%02d", mins%60)
	}
	return "<" + sign + hm + ">" + back + hm
}

// setCommand runs SET / RESET.
func (s *Session) setCommand(c *translate.Set, tag string) (string, *Rows, error) {
	if c.Name == "transaction" {
		return "SET", nil, nil
	}
	if c.Reset {
		// RESET goes back to the session's reset value: the role's and
		// database's pg_db_role_setting values when it has them (Supabase's
		// search_path with extensions), else the built-in default.
		if c.All {
			s.resetAll()
			return "RESET", nil, nil
		}
		name := strings.ToLower(c.Name)
		var def string
		g, ok := gucs[name]
		if ok {
			def = g.def
		}
		for _, kv := range security.LoginSettings(s.catalog(), s.user) {
			if strings.ToLower(kv[0]) == name {
				def, ok = kv[1], true
			}
		}
		if v, client := s.clientSettings[name]; client {
			def, ok = v, true // the startup packet's value outranks the role's
		}
		if !ok {
			s.keepTxnSettings()
			delete(s.settings, name)
			return tag, nil, nil
		}
		if err := s.userSet(name, def, c.Local); err != nil {
			return "", nil, err
		}
		delete(s.settings, sessionSourceKey+name)
		return tag, nil, nil
	}
	if c.Local && !s.inBlock() {
		s.Notice("WARNING", "25P01", "SET LOCAL can only be used in transaction blocks")
	}
	return "SET", nil, s.userSet(c.Name, c.Value, c.Local)
}

// userSet is SET, RESET and set_config: a parameter whose pg_settings
// context is superuser may be changed only by a superuser (the current
// role, after SET ROLE) or a role granted SET on it, as PostgreSQL's
// set_config_option checks.
// Settings applied at login or from JWT claims do not come this way.
func (s *Session) userSet(name, value string, local bool) error {
	if g, ok := gucs[strings.ToLower(name)]; ok && g.info != nil && g.info.Context == "superuser" {
		if !security.MaySetParameter(s.catalog(), s.CurrentUser(), g.name) {
			return pgerror.New(pgerror.InsufficientPrivilege, "permission denied to set parameter %q", g.name)
		}
	}
	if strings.EqualFold(name, "default_text_search_config") {
		var err error
		if value, err = s.checkTSConfigSetting(value); err != nil { // tsearch_host.go
			return err
		}
	}
	if err := s.setSetting(name, value, local); err != nil {
		return err
	}
	if !local {
		s.settings[sessionSourceKey+strings.ToLower(name)] = "session"
	}
	return nil
}

// sessionSourceKey prefixes the settings entry that marks a parameter
// set by SET or set_config in this session, pg_settings.source
// 'session' even when the value is the default. Kept in the settings map
// so transactions, savepoints and RESET ALL undo it with the value.
const sessionSourceKey = "\x00source:"

// resetAll is RESET ALL: every parameter back to its reset value, except
// role and session_authorization, which RESET ALL leaves alone in
// PostgreSQL (SET ROLE stays in effect).
func (s *Session) resetAll() {
	s.keepTxnSettings()
	role, auth := s.settings["role"], s.settings["session_authorization"]
	s.settings = defaultSettings()
	s.settings["role"], s.settings["session_authorization"] = role, auth
	s.env.Loc = time.UTC
	s.applyLoginSettings()
	for k, v := range s.clientSettings {
		_ = s.setSetting(k, v, false) // checked when the client sent it
	}
	s.syncEnvStyles()
}

// showCommand runs SHOW.
func (s *Session) showCommand(c *translate.Show, _ string) (string, *Rows, error) {
	name := strings.ToLower(c.Name)
	if name == "all" {
		return "", s.showAll(), nil
	}
	v, ok := s.Setting(name)
	if !ok {
		return "", nil, pgerror.New(pgerror.UndefinedObject, "unrecognized configuration parameter %q", c.Name)
	}
	colName := c.Name
	if name == "timezone" {
		colName = "TimeZone"
	}
	return "", valuesRows("SHOW", canonicalName(colName), v), nil
}

// showAll is SHOW ALL: every parameter pg_settings lists, as name,
// setting (as SHOW prints it) and description, sorted by name.
func (s *Session) showAll() *Rows {
	r := &Rows{kind: "SHOW"}
	for _, c := range []string{"name", "setting", "description"} {
		r.cols = append(r.cols, Column{Name: c, TypeOID: types.Text.OID, TypeMod: -1, TypeName: "text"})
		r.colTypes = append(r.colTypes, types.Text)
		r.foreign = append(r.foreign, false)
	}
	for _, st := range s.settingsRows() {
		v, _ := s.Setting(st.Name)
		r.static = append(r.static, []any{st.Name, v, st.ShortDesc})
	}
	return r
}

func (s *Session) txnCommand(c *translate.Txn, _ string) (string, *Rows, error) {
	switch c.Kind {
	case "begin":
		if s.implicit != notImplicit && s.state == txnActive {
			// BEGIN takes an implicit block's statements into an
			// explicit block (implicit_block.go)
			s.implicit = notImplicit
			if err := s.applyTxnOptions(c); err != nil {
				return "", nil, err
			}
			return c.Tag, nil, nil
		}
		if s.state != txnIdle {
			s.Notice("WARNING", "25001", "there is already a transaction in progress")
			return c.Tag, nil, nil
		}
		if s.txn == nil {
			s.txn = s.newTxn()
		}
		s.txn.Refresh()
		s.state = txnActive
		s.txnSettings = copySettings(s.settings)
		if err := s.applyTxnOptions(c); err != nil {
			return "", nil, err
		}
		return c.Tag, nil, nil
	case "set":
		if !s.inBlock() {
			s.Notice("WARNING", "25P01", "SET TRANSACTION can only be used in transaction blocks")
		}
		if s.state == txnIdle {
			return c.Tag, nil, nil
		}
		if err := s.applyTxnOptions(c); err != nil {
			return "", nil, err
		}
		return c.Tag, nil, nil
	case "commit":
		if !s.inBlock() {
			s.Notice("WARNING", "25P01", "there is no transaction in progress")
		}
		if s.state == txnFailed {
			s.endTxn(false)
			return "ROLLBACK", nil, nil
		}
		if err := s.endTxn(true); err != nil {
			return "", nil, err
		}
		return "COMMIT", nil, nil
	case "rollback":
		if !s.inBlock() {
			s.Notice("WARNING", "25P01", "there is no transaction in progress")
		}
		s.endTxn(false)
		return "ROLLBACK", nil, nil
	case "prepare":
		// max_prepared_transactions is 0, PostgreSQL's default: PREPARE
		// TRANSACTION ends the block as ROLLBACK does, failing when the
		// block could have been prepared (twophase.c, MarkAsPreparing)
		if !s.inBlock() {
			s.Notice("WARNING", "25P01", "there is no transaction in progress")
		}
		active := s.state == txnActive && s.inBlock()
		s.endTxn(false)
		if active {
			return "", nil, pgerror.New(pgerror.ObjectNotInPrerequisiteState, "prepared transactions are disabled").
				WithHint("Set max_prepared_transactions to a nonzero value.")
		}
		return "ROLLBACK", nil, nil
	case "commit_prepared", "rollback_prepared":
		if s.state != txnIdle {
			verb := map[string]string{"commit_prepared": "COMMIT PREPARED", "rollback_prepared": "ROLLBACK PREPARED"}[c.Kind]
			return "", nil, pgerror.New(pgerror.ActiveSQLTransaction, "%s cannot run inside a transaction block", verb)
		}
		// with none prepared, no identifier names one
		return "", nil, pgerror.New(pgerror.UndefinedObject, "prepared transaction with identifier %q does not exist", c.GID)
	case "savepoint":
		if !s.inBlock() {
			return "", nil, pgerror.New(pgerror.NoActiveSQLTransaction, "SAVEPOINT can only be used in transaction blocks")
		}
		s.savepoints = append(s.savepoints, savepoint{name: c.Savepoint, mark: s.StorageTxn().Savepoint(), settings: copySettings(s.settings), notifies: s.notifyMark(), cursors: s.cursorSeq, advisory: s.advisoryMark()})
		return "SAVEPOINT", nil, nil
	case "release", "rollback_to":
		if !s.inBlock() {
			verb := map[string]string{"release": "RELEASE SAVEPOINT", "rollback_to": "ROLLBACK TO SAVEPOINT"}[c.Kind]
			return "", nil, pgerror.New(pgerror.NoActiveSQLTransaction, "%s can only be used in transaction blocks", verb)
		}
		i := len(s.savepoints) - 1
		for ; i >= 0 && s.savepoints[i].name != c.Savepoint; i-- {
		}
		if i < 0 {
			return "", nil, pgerror.New(pgerror.InvalidSavepointSpecification, "savepoint %q does not exist", c.Savepoint)
		}
		if c.Kind == "release" {
			s.savepoints = s.savepoints[:i]
			return "RELEASE", nil, nil
		}
		s.txn.RollbackTo(s.savepoints[i].mark)
		if s.txnDDL {
			// it may undo DDL, even one that left the catalog as it was
			s.txnCatalogChanged()
		}
		s.notifyRollbackTo(s.savepoints[i].notifies)
		s.cursorsRollbackTo(s.savepoints[i].cursors)   // cursor.go
		s.advisoryRollbackTo(s.savepoints[i].advisory) // advisory_locks.go
		s.settings = copySettings(s.savepoints[i].settings)
		s.savepoints = s.savepoints[:i+1]
		s.state = txnActive
		return "ROLLBACK", nil, nil
	}
	return "", nil, fmt.Errorf("engine: unknown transaction command %q", c.Kind)
}

func (s *Session) endTxn(commit bool) error {
	// an implicit block that changed no setting (keepTxnSettings) keeps
	// the session's time zone and styles as they are
	changed := s.txnSettings != nil || len(s.local) > 0 || s.implicit == notImplicit
	if !commit && s.txnSettings != nil {
		s.settings = s.txnSettings // SET inside a rolled-back transaction is undone
	}
	s.txnSettings = nil
	s.definePlaceholders()
	s.settings["transaction_isolation"] = s.settings["default_transaction_isolation"]
	s.settings["transaction_read_only"] = s.settings["default_transaction_read_only"]
	s.endDeferrable()
	err := s.endStorageTxn(commit)
	s.state = txnIdle
	s.implicit = notImplicit
	s.savepoints = nil
	if len(s.local) > 0 {
		s.local = map[string]string{}
	}
	if changed {
		if loc, lerr := loadZone(s.settings["timezone"]); lerr == nil {
			s.env.Loc = loc
		}
		s.syncEnvStyles()
	}
	return err
}

// endDeferrable ends a SET transaction_deferrable, which lasts one
// transaction (an implicit one too) as transaction_read_only does; the
// next starts from default_transaction_deferrable.
func (s *Session) endDeferrable() {
	if _, set := s.settings["transaction_deferrable"]; set {
		delete(s.settings, "transaction_deferrable")
		delete(s.settings, sessionSourceKey+"transaction_deferrable")
		if v, _ := s.Setting("default_transaction_deferrable"); v != "off" {
			s.settings["transaction_deferrable"] = v
		}
	}
}

// keepTxnSettings keeps the settings as the transaction found them, for
// a rollback to restore, before its first change of them: an implicit
// block leaves the copy to it (implicit_block.go), so a pipeline that
// sets nothing copies nothing.
func (s *Session) keepTxnSettings() {
	if s.txnSettings == nil && s.state != txnIdle {
		s.txnSettings = copySettings(s.settings)
	}
}

func copySettings(m map[string]string) map[string]string {
	out := make(map[string]string, len(m))
	for k, v := range m {
		out[k] = v
	}
	return out
}

// applyTxnOptions applies BEGIN's / SET TRANSACTION's isolation level and
// access mode.
func (s *Session) applyTxnOptions(c *translate.Txn) error {
	if c.Isolation != "" {
		s.settings["transaction_isolation"] = c.Isolation
	}
	if c.ReadOnly != nil {
		s.settings["transaction_read_only"] = map[bool]string{true: "on", false: "off"}[*c.ReadOnly]
	}
	return nil
}

// SetSetting implements expr.Env (set_config).
func (s *Session) SetSetting(name, value string, local bool) error {
	return s.userSet(name, value, local)
}

// SetClientSetting applies a run-time parameter the client sent in its
// startup packet, checked as SET checks it: it becomes the session's
// reset value (RESET and RESET ALL return to it, over the role's and
// database's ALTER ... SET) and pg_settings shows its source as client.
func (s *Session) SetClientSetting(name, value string) error {
	if err := s.userSet(name, value, false); err != nil {
		return err
	}
	key := strings.ToLower(name)
	delete(s.settings, sessionSourceKey+key)
	if s.clientSettings == nil {
		s.clientSettings = map[string]string{}
	}
	s.clientSettings[key] = s.settings[key]
	return nil
}

// rawSetting is a parameter's stored value, before any show hook.
func (s *Session) rawSetting(name string) string {
	if v, ok := s.local[name]; ok {
		return v
	}
	if v, ok := s.settings[name]; ok {
		return v
	}
	if g, ok := gucs[name]; ok {
		return g.def
	}
	return ""
}

// CurrentUser implements expr.Env.
func (s *Session) CurrentUser() string { return s.currentUserName() }

// SessionUser implements expr.Env.
func (s *Session) SessionUser() string { return s.sessionUserName() }

// Database implements expr.Env.
func (s *Session) Database() string { return dbName }

// definePlaceholders keeps custom variables (app.x, request.jwt.claims)
// defined, with an empty value, once a transaction that set them ends —
// even by rollback — as PostgreSQL keeps a placeholder GUC.
func (s *Session) definePlaceholders() {
	for name := range s.placeholders {
		if _, ok := s.settings[name]; !ok {
			s.settings[name], _ = s.extensionSetting(name) // an extension's default, else empty
		}
	}
}
