package session

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/dolthub/go-mysql-server/sql"
	"github.com/dolthub/vitess/go/vt/sqlparser"
	pg "github.com/pganalyze/pg_query_go/v5"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/pgcatalog"
	"github.com/tinybase/tinybase/engine/internal/security"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// The session's side of access control (engine/internal/security): the
// Host methods security asks of a session, the row security state of the
// running statement, and forwarders the rest of the session package calls.

var _ security.Host = (*Session)(nil)

// rlsState is the per-statement row security state of a session.
type rlsState struct {
	checks security.RowChecks
	tokens []string // parser entries of checks, removed with the statement
	// views are the view queries the statement's rewrite spliced in
	views map[*pg.SelectStmt]bool
}

// InlinedView implements security.Host.
func (s *Session) InlinedView(sel *pg.SelectStmt) {
	if s.rls.views == nil {
		s.rls.views = map[*pg.SelectStmt]bool{}
	}
	s.rls.views[sel] = true
}

// rlsTokenPrefix marks a check expression translated in the session.
const rlsTokenPrefix = security.CheckTokenPrefix

// rlsCheck returns a check expression a session registered.
func (p *pgParser) rlsCheck(query string) (sqlparser.Statement, bool) {
	q := strings.TrimSpace(query)
	if len(q) < 7 || !strings.EqualFold(q[:7], "select ") || !strings.HasPrefix(strings.TrimSpace(q[7:]), rlsTokenPrefix) {
		return nil, false
	}
	v, ok := p.rls.Load(strings.TrimSpace(q[7:]))
	if !ok {
		return nil, false
	}
	return v.(sqlparser.Statement), true
}

func (s *Session) parser() *pgParser {
	p, _ := s.eng.gms.Parser.(*pgParser)
	return p
}

// resetRowSecurity forgets the previous statement's checks.
func (s *Session) resetRowSecurity() {
	if p := s.parser(); p != nil {
		for _, t := range s.rls.tokens {
			p.rls.Delete(t)
		}
	}
	s.rls = rlsState{}
}

// RowSecurityChecks implements the hook storage.Table.GetChecks calls: the
// WITH CHECK expressions the running statement must enforce on table.
func (s *Session) RowSecurityChecks(schema, table string) []sql.CheckDefinition {
	return s.rls.checks.For(schema, table)
}

// rlsViolation maps a violated WITH CHECK constraint to PostgreSQL's error.
func rlsViolation(constraint string) (*pgerror.Error, bool) { return security.Violation(constraint) }

// secureStatement applies privileges and row security to a parsed
// statement and returns the tree to translate (a rewritten copy, or n).
func (s *Session) secureStatement(n *pg.Node) (*pg.Node, error) {
	s.resetRowSecurity()
	if err := s.checkReplicaIdentity(n); err != nil {
		return nil, err
	}
	n, err := security.SecureStatement(s, n, &s.rls.checks)
	if err != nil {
		return nil, err
	}
	// views' check options bind superusers too
	return n, security.ViewCheckOptions(s, n, &s.rls.checks)
}

// lookupRelation finds a table, view or sequence by optionally qualified
// name through the search path.
func (s *Session) lookupRelation(q catalog.QName) (catalog.QName, security.RelKind, bool) {
	cat := s.catalog()
	schemas := s.lookupSchemas(q.Schema)
	if q.Schema == "" && !slices.Contains(schemas, "pg_catalog") {
		// searched first when the path does not place it (docs 5.9.5)
		schemas = append([]string{"pg_catalog"}, schemas...)
	}
	for _, sc := range schemas {
		n := catalog.QName{Schema: sc, Name: q.Name}
		if kind, _, ok := pgcatalog.SystemRelation(sc, q.Name); ok {
			if kind == 'r' {
				return n, "table", true
			}
			return n, "view", true
		}
		if _, ok := cat.View(n); ok {
			return n, "view", true
		}
		if _, ok := cat.Sequence(n); ok {
			return n, "sequence", true
		}
		if t, ok := s.findTable(sc, q.Name); ok {
			return catalog.QName{Schema: t.SchemaName(), Name: t.Name()}, "table", true
		}
	}
	return catalog.QName{}, "", false
}

// checkOwner is the "must be owner of" check for an ALTER / DROP / GRANT.
func (s *Session) checkOwner(key catalog.ObjectKey, word, name string) error {
	return security.CheckOwner(s, key, word, name)
}

// checkSequenceUse checks that the current role holds one of privs on a
// sequence (nextval: USAGE or UPDATE; currval: USAGE or SELECT).
func (s *Session) checkSequenceUse(seq *catalog.Sequence, privs catalog.Priv) error {
	return security.CheckSequenceUse(s, seq, privs)
}

// CanExecute implements translate.ExecuteChecker: whether the current role
// holds EXECUTE on fn.
func (c *sessionCatalog) CanExecute(fn *catalog.Function) bool {
	return security.CanExecute(c.cat, c.s.CurrentUser(), fn)
}

// runAsDefiner is the runAs hook of routine calls (routine_call.go): the
// caller needs EXECUTE, and a SECURITY DEFINER routine runs as its owner
// (PostgreSQL's fmgr_security_definer), restoring the role afterwards.
func (s *Session) runAsDefiner(fn *catalog.Function, body func() error) error {
	owner, definer, err := security.CheckCall(s.catalog(), s.CurrentUser(), fn)
	if err != nil {
		return err
	}
	if !definer {
		return body()
	}
	old, had := s.local["role"]
	s.local["role"] = owner
	defer func() {
		if had {
			s.local["role"] = old
		} else {
			delete(s.local, "role")
		}
	}()
	return body()
}

// currentUserName is current_user: the role SET ROLE chose, else the
// session user (PostgreSQL's GetUserId).
func (s *Session) currentUserName() string {
	r, _ := s.Setting("role")
	return security.CurrentUserName(r, s.SessionUser())
}

// sessionUserName is session_user: SET SESSION AUTHORIZATION's role, else
// the role the session connected as.
func (s *Session) sessionUserName() string {
	v, _ := s.Setting("session_authorization")
	if v == "" || v == s.user {
		return s.user // no catalog read on the common path
	}
	return security.SessionUserName(s.catalog(), s.user, v)
}

// checkRoleSetting validates SET ROLE and SET SESSION AUTHORIZATION the
// way PostgreSQL's check hooks do.
func (s *Session) checkRoleSetting(name, value string) (string, error) {
	switch name {
	case "role":
		return security.CheckSetRole(s.catalog(), s.SessionUser(), value)
	case "session_authorization":
		// SET / RESET SESSION AUTHORIZATION also ends SET ROLE
		delete(s.local, "role")
		s.keepTxnSettings()
		s.settings["role"] = "none"
		return security.CheckSessionAuthorization(s.catalog(), s.user, value)
	}
	return value, nil
}

// applyRequest starts a session as PostgREST runs a request: the role,
// request.jwt.claims, and request.jwt.claim.<key> for each top-level
// claim.
func (s *Session) applyRequest(role, claims string) error {
	s.settings["session_authorization"] = s.user
	s.applyLoginSettings()
	if claims != "" {
		kvs, err := security.ClaimSettings(claims)
		if err != nil {
			return err
		}
		for _, kv := range kvs {
			if err := s.setSetting(kv[0], kv[1], false); err != nil {
				return err
			}
		}
	}
	if role != "" {
		v, err := s.checkRoleSetting("role", role)
		if err != nil {
			return err
		}
		return s.setSetting("role", v, false)
	}
	return nil
}

// applyLoginSettings applies the connecting role's pg_db_role_setting
// values as PostgreSQL does at login. A value that no longer applies is
// skipped.
func (s *Session) applyLoginSettings() {
	for _, kv := range security.LoginSettings(s.catalog(), s.user) {
		_ = s.setSetting(kv[0], kv[1], false)
	}
}

// Impersonate switches an open session to role with JWT claims (JSON), as
// SessionOptions.Role / Claims do at connect time. Inside a transaction
// block the change is transactional, like SET.
func (s *Session) Impersonate(role, claims string) error {
	if err := s.applyRequest(role, claims); err != nil {
		return fmt.Errorf("engine: impersonate %q: %w", role, err)
	}
	return nil
}

// RolePassword returns a role's stored password verifier, whether it may
// log in, and whether it exists, as the committed catalog has them. The
// wire server authenticates against it (SCRAM-SHA-256).
func (e *Engine) RolePassword(name string) (verifier string, canLogin bool, ok bool) {
	// a read of the committed catalog: no session (a GMS session costs
	// more than the rest of a connection's setup)
	txn := e.store.Begin()
	defer txn.Rollback()
	r, ok := catalog.Of(txn.Meta()).Role(name)
	if !ok {
		return "", false, false
	}
	return r.Password, r.Login, true
}

// The security.Host methods.

// Catalog implements security.Host: the running transaction's catalog.
func (s *Session) Catalog() *catalog.Catalog { return s.catalog() }

// SetCatalog implements security.Host.
func (s *Session) SetCatalog(c *catalog.Catalog) { s.setCatalog(c) }

// LookupRelation implements security.Host.
func (s *Session) LookupRelation(q catalog.QName) (catalog.QName, security.RelKind, bool) {
	return s.lookupRelation(q)
}

// TableColumns implements security.Host.
func (s *Session) TableColumns(schema, name string) ([]string, bool) {
	if _, cols, ok := pgcatalog.SystemRelation(schema, name); ok {
		return cols, true
	}
	t, ok := s.findTable(schema, name)
	if !ok {
		return nil, false
	}
	cols := make([]string, len(t.Schema()))
	for i, c := range t.Schema() {
		cols[i] = c.Name
	}
	return cols, true
}

// TableNames implements security.Host.
func (s *Session) TableNames(schema string) ([]string, error) {
	names, err := s.StorageTxn().TableNames(schema)
	if err != nil {
		return nil, mapError(err)
	}
	return names, nil
}

// FindType implements security.Host.
func (s *Session) FindType(cat *catalog.Catalog, q catalog.QName) (catalog.QName, bool) {
	rq, _, ok := s.findType(cat, q)
	return rq, ok
}

// CreationSchema implements security.Host and routines.Host.
func (s *Session) CreationSchema(schema string) (string, error) { return s.creationSchema(schema) }

// RelationExists implements security.Host.
func (s *Session) RelationExists(cat *catalog.Catalog, q catalog.QName) bool {
	return s.relationExists(cat, q)
}

// CompositeNameTaken implements security.Host (catalog_composite.go).
func (s *Session) CompositeNameTaken(cat *catalog.Catalog, q catalog.QName) error {
	return compositeNameTaken(cat, q)
}

// GiveOwnedSequences implements security.Host (owner_sequences.go).
func (s *Session) GiveOwnedSequences(q catalog.QName) { s.giveOwnedSequences(q) }

// ResolveRoutines implements security.Host.
func (s *Session) ResolveRoutines(ref translate.RoutineRef, word string) ([]*catalog.Function, error) {
	return s.resolveRoutineRef(s.catalog(), ref, word, false)
}

// NormalizeSetting implements security.Host.
// pg_db_role_setting keeps a number, Boolean or enum value as written
// (work_mem=65536), as PostgreSQL stores the SET's text once checked.
//
// A value naming an object that does not exist (a tablespace, a text
// search configuration) is stored with a notice, as PostgreSQL checks
// it with the PGC_S_TEST source: the object may exist by login time.
func (s *Session) NormalizeSetting(name, value string) (string, error) {
	v, err := normalizeSetting(name, value)
	if err == nil && name == "default_text_search_config" {
		_, err = s.checkTSConfigSetting(value) // tsearch_host.go
		if pe, ok := pgerror.As(err); ok && pe.Code == pgerror.InvalidParameterValue {
			s.Notice("NOTICE", pgerror.UndefinedObject, fmt.Sprintf("text search configuration \"%s\" does not exist", value))
			return value, nil
		}
		if err == nil {
			return value, nil
		}
	}
	if pe, ok := pgerror.As(err); ok && name == "temp_tablespaces" && pe.Code == pgerror.UndefinedObject {
		s.Notice("NOTICE", pe.Code, pe.Message)
		return value, nil
	}
	if g, ok := gucs[name]; ok && err == nil && g.canon != nil {
		return value, nil // client_encoding as written, checked
	}
	if g, ok := gucs[name]; ok && err == nil && g.info != nil {
		switch g.kind {
		case gucInt, gucReal, gucBool, gucEnum:
			return value, nil
		}
	}
	return v, err
}

// CanonicalSettingName implements security.Host.
func (s *Session) CanonicalSettingName(name string) string { return canonicalName(name) }

// Translator implements security.Host and routines.Host.
func (s *Session) Translator() *translate.Translator {
	return &translate.Translator{Env: &s.env, Tables: s, Catalog: s.translatorCatalog(),
		InlinedView: func(sel *pg.SelectStmt) bool { return s.rls.views[sel] }}
}

// PlanQuery implements security.Host.
func (s *Session) PlanQuery(text string, stmt sqlparser.Statement) error {
	gctx := sql.NewContext(context.Background(), sql.WithSession(s.gms), sql.WithQuery(text))
	_, iter, _, err := s.eng.gms.QueryWithBindings(gctx, text, stmt, nil, nil)
	if err != nil {
		return mapError(err)
	}
	iter.Close(gctx)
	return nil
}

// RegisterRowSecurityCheck implements security.Host.
func (s *Session) RegisterRowSecurityCheck(stmt *pg.Node) (string, error) {
	res, err := s.Translator().Statement(stmt)
	if err != nil {
		return "", err
	}
	p := s.parser()
	if p == nil {
		return "", pgerror.New(pgerror.InternalError, "row security: no parser")
	}
	token := fmt.Sprintf("%s%d", rlsTokenPrefix, p.seq.Add(1))
	p.rls.Store(token, res.Stmt)
	s.rls.tokens = append(s.rls.tokens, token)
	return token, nil
}
