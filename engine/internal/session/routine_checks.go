package session

import (
	"fmt"
	"strings"

	"github.com/tinybase/tinybase/internal/pgtree"

	"github.com/dolthub/go-mysql-server/sql"
	pg "github.com/pganalyze/pg_query_go/v5"
	"github.com/tinybase/tinybase/engine/internal/storage"
	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/engine/internal/types"
)

// User functions in CHECK constraints (PostgreSQL docs 5.4.1: a check
// expression may call any immutable function; PostgreSQL does not enforce
// the immutability either).
//
// GMS keeps a check as text and re-parses it with the engine's parser
// whenever it plans a write. That parser is shared by every session and
// has no catalog, so it cannot resolve a user function. Storage hands the
// table's checks to the writing session (storage.CheckResolver) first; a
// check whose text calls a routine the session's catalog knows is
// translated here, with the session's catalog and search path, and its
// text replaced by a parser token for the translated statement, as row
// security does for WITH CHECK expressions (rls_rewrite.go). The constraint
// keeps its name, so a violation still reports it (23514). Tokens are
// forgotten when the session's next statement starts.

var _ storage.CheckResolver = (*Session)(nil)

// ResolveChecks implements storage.CheckResolver.
func (s *Session) ResolveChecks(checks []sql.CheckDefinition) ([]sql.CheckDefinition, error) {
	if s.rt.rawChecks {
		return checks, nil
	}
	var out []sql.CheckDefinition
	for i, c := range checks {
		if strings.HasPrefix(strings.TrimSpace(c.CheckExpression), rlsTokenPrefix) {
			continue
		}
		tree, ok := s.checkNeedsCatalog(c.CheckExpression)
		if !ok {
			continue
		}
		token, err := s.registerCheck(tree)
		if err != nil {
			return nil, err
		}
		if out == nil {
			out = append([]sql.CheckDefinition(nil), checks...)
		}
		out[i].CheckExpression = token
	}
	if out == nil {
		return checks, nil
	}
	return out, nil
}

// checkNeedsCatalog reports whether a check expression calls a function
// named like a routine of the session's catalog (unqualified built-ins
// resolve first during translation, so a false positive only costs a
// translation), and returns its "SELECT <expr>" tree. The names a text
// calls are kept per engine, so a write parses each check text once.
func (s *Session) checkNeedsCatalog(text string) (*pg.Node, bool) {
	p := s.parser()
	if p == nil {
		return nil, false
	}
	var calls []string
	if v, ok := p.checkCalls.Load(text); ok {
		calls = v.([]string)
	} else {
		stmt, err := parseCheck(text)
		if err != nil {
			return nil, false
		}
		calls = []string{}
		walkNodes(stmt, func(m any) {
			if fc, ok := m.(*pg.FuncCall); ok && len(fc.Funcname) > 0 {
				if name := fc.Funcname[len(fc.Funcname)-1].GetString_(); name != nil {
					calls = append(calls, name.Sval)
				}
			}
			// a cast to a type that is not built in (an enum, a domain)
			// also needs the catalog: it is kept as "::name"
			if tn, ok := m.(*pg.TypeName); ok && len(tn.Names) > 0 {
				names := pgtree.Names(tn.Names)
				if _, builtin := types.ByName(names[len(names)-1]); !builtin && names[0] != "pg_catalog" {
					calls = append(calls, "::"+names[len(names)-1])
				}
			}
		})
		p.checkCalls.Store(text, calls)
	}
	cat := s.catalog()
	for _, name := range calls {
		if strings.HasPrefix(name, "::") || cat.HasFunctionsNamed(name) {
			stmt, err := parseCheck(text)
			return stmt, err == nil
		}
	}
	return nil, false
}

func parseCheck(text string) (*pg.Node, error) {
	tree, err := pgtree.Parse("SELECT " + text)
	if err != nil {
		return nil, err
	}
	if len(tree.Stmts) != 1 {
		return nil, fmt.Errorf("engine: check expression %q is not one expression", text)
	}
	return tree.Stmts[0].Stmt, nil
}

// registerCheck translates a check's "SELECT <expr>" in the session and
// registers it with the engine's parser for the running statement.
func (s *Session) registerCheck(stmt *pg.Node) (string, error) {
	p := s.parser()
	if p == nil {
		return "", fmt.Errorf("engine: no parser for check constraints")
	}
	tr := &translate.Translator{Env: &s.env, Tables: s, Catalog: s.translatorCatalog()}
	res, err := tr.Statement(stmt)
	if err != nil {
		return "", err
	}
	token := fmt.Sprintf("%s%d", rlsTokenPrefix, p.seq.Add(1))
	p.rls.Store(token, res.Stmt)
	s.rls.tokens = append(s.rls.tokens, token)
	return token, nil
}
