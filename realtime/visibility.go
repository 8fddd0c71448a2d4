package realtime

import (
	"context"
	"encoding/json"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// Row level security for a round of changes. Realtime's apply_rls
// prepares one statement per change and executes it under each
// subscriber's claims. Here one read-only transaction covers a whole
// dispatch round (one snapshot, no commit per check); each (role,
// claims) is taken on once per round, in a savepoint, and checks every
// row it matched with the table's prepared primary key lookup, whose
// plan the engine keeps (its plan cache keys on statement text and
// role, never on the claims: policies read those at run time through
// current_setting).

// visCheck is one row to check for one subscriber identity: vis is set
// when that role with those claims can SELECT it.
type visCheck struct {
	c    *engine.Change
	key  visKey
	args []any // the row's key values (keyArgs), shared by its checks; nil: missing
	vis  bool
}

// checkRound answers every check of f.checks: per (role, claims), in
// the order they first matched, the rows it must see checked together.
func (f *changeFeed) checkRound() {
	order := f.checkKeys[:0]
	byKey := f.checksByKey
	if byKey == nil {
		byKey = map[visKey][]*visCheck{}
		f.checksByKey = byKey
	}
	for i := range f.checks {
		vc := &f.checks[i]
		l := byKey[vc.key]
		if len(l) == 0 {
			order = append(order, vc.key)
		}
		byKey[vc.key] = append(l, vc)
	}
	defer func() {
		for _, k := range order {
			clear(byKey[k])
			byKey[k] = byKey[k][:0]
		}
		// identities that stopped matching must not pile up
		if len(byKey) > 4*len(order)+64 {
			clear(byKey)
		}
		clear(order)
		f.checkKeys = order[:0]
	}()
	if f.s.pg != nil {
		for _, k := range order {
			cl := &claims{role: k.role, json: k.claims}
			for _, vc := range byKey[k] {
				vc.vis = f.canSelectPG(cl, vc.c)
			}
		}
		return
	}
	s, err := f.session()
	if err != nil {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	// One snapshot and no commit per check; SET ROLE and the claims
	// are transaction-local inside it and vanish at the rollback.
	if _, err := s.Exec(ctx, "begin read only; savepoint realtime_base"); err != nil {
		f.endCheck(s)
		return
	}
	defer f.endCheck(s)
	// Claims an identity sets (request.jwt.claim.*) must not linger for
	// the next: when the next does not overwrite them all, the
	// transaction goes back to its start first. So does a failed check
	// (the transaction is aborted).
	set := map[string]bool{}
	for _, k := range order {
		keys := f.claimKeys(k.claims)
		for name := range set {
			if !slices.Contains(keys, name) {
				if !f.rewind(ctx, s) {
					return
				}
				clear(set)
				break
			}
		}
		for _, name := range keys {
			set[name] = true // even when taking the role fails halfway
		}
		if err := s.Impersonate(k.role, k.claims); err != nil {
			continue // no such role: it sees nothing
		}
		for _, vc := range byKey[k] {
			if f.lookup(ctx, s, vc) {
				continue
			}
			if !f.rewind(ctx, s) {
				return
			}
			if s.Impersonate(k.role, k.claims) != nil {
				break
			}
		}
	}
}

// rewind takes the checking transaction back to its start.
func (f *changeFeed) rewind(ctx context.Context, s *engine.Session) bool {
	_, err := s.Exec(ctx, "rollback to savepoint realtime_base")
	return err == nil
}

// endCheck ends the checking transaction; a session that cannot is not
// reused.
func (f *changeFeed) endCheck(s *engine.Session) {
	if _, err := s.Exec(context.Background(), "rollback"); err != nil {
		f.dropSession()
	}
}

// claimKeys lists the top-level keys of a claims object (each becomes a
// request.jwt.claim.* setting), remembered per claims text.
func (f *changeFeed) claimKeys(claims string) []string {
	if keys, ok := f.claimKeysOf[claims]; ok {
		return keys
	}
	var m map[string]json.RawMessage
	_ = json.Unmarshal([]byte(claims), &m)
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	if f.claimKeysOf == nil || len(f.claimKeysOf) > 4096 {
		f.claimKeysOf = map[string][]string{}
	}
	f.claimKeysOf[claims] = keys
	return keys
}

// lookup sets vc.vis when the session's role and claims can SELECT
// vc's row now, with the table's prepared primary key lookup; false
// when the check failed (the transaction is aborted).
func (f *changeFeed) lookup(ctx context.Context, s *engine.Session, vc *visCheck) bool {
	if vc.args == nil {
		return true // a key value missing: the row cannot be found
	}
	p, err := f.prepared(ctx, s, vc.c)
	if err != nil {
		return false
	}
	rows, err := s.QueryPrepared(ctx, p, vc.args)
	if err != nil {
		return false
	}
	found := rows.Next()
	rows.Close()
	if rows.Err() != nil {
		return false
	}
	vc.vis = found
	return true
}

// keyArgs is a changed row's primary key values in their types' text
// forms (to_json's rendering of them is valid input), for the lookup's
// parameters. ok is false when one is missing.
func keyArgs(c *engine.Change) ([]any, bool) {
	out := make([]any, 0, len(c.PK))
	for _, o := range c.PK {
		if o >= len(c.New) || c.New[o] == nil {
			return nil, false
		}
		raw := c.New[o]
		var v any
		if json.Unmarshal(raw, &v) != nil {
			return nil, false
		}
		text, isStr := v.(string)
		if !isStr {
			text = string(raw)
		}
		out = append(out, text)
	}
	return out, true
}

// prepared returns the lookup of a row of c's table by primary key,
// prepared once per DDL version (f.stmts is reset with the tables).
func (f *changeFeed) prepared(ctx context.Context, s *engine.Session, c *engine.Change) (*engine.Prepared, error) {
	k := [2]string{c.Schema, c.Table}
	if p, ok := f.stmts[k]; ok {
		return p, nil
	}
	q, oids := lookupQuery(c)
	p, err := s.Prepare(ctx, q, oids)
	if err != nil {
		return nil, err
	}
	if f.stmts == nil {
		f.stmts = map[[2]string]*engine.Prepared{}
	}
	f.stmts[k] = p
	return p, nil
}

// lookupQuery is "select 1 from t where k = $1": the row under the
// table's policies by its primary key, compared in the key's own type
// so that its index serves (as text it would be a scan).
func lookupQuery(c *engine.Change) (string, []uint32) {
	var b strings.Builder
	b.WriteString("select 1 from " + quoteIdent(c.Schema) + "." + quoteIdent(c.Table) + " where ")
	oids := make([]uint32, 0, len(c.PK))
	for j, o := range c.PK {
		if j > 0 {
			b.WriteString(" and ")
		}
		b.WriteString(quoteIdent(c.Columns[o].Name) + " = $" + strconv.Itoa(j+1))
		oids = append(oids, c.Columns[o].TypeOID)
	}
	return b.String(), oids
}
