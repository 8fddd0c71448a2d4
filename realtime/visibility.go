package realtime

import (
	"context"
	"encoding/json"
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
	c   *engine.Change
	key visKey
	vis bool
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
	if _, err := s.Exec(ctx, "begin read only"); err != nil {
		return
	}
	defer func() {
		if _, err := s.Exec(context.Background(), "rollback"); err != nil {
			// a session that cannot end its transaction is not reused
			f.dropSession()
		}
	}()
	for _, k := range order {
		// Each identity in a savepoint: the claims one sets
		// (request.jwt.claim.*) must not linger for the next.
		if _, err := s.Exec(ctx, "savepoint realtime_check"); err != nil {
			return
		}
		if err := s.Impersonate(k.role, k.claims); err == nil {
			f.lookup(ctx, s, byKey[k])
		} // else no such role: it sees nothing
		if _, err := s.Exec(ctx, "rollback to savepoint realtime_check"); err != nil {
			return
		}
	}
}

// lookup sets vis on each check whose row the session's role and claims
// can SELECT now: one execution of the table's prepared lookup each.
func (f *changeFeed) lookup(ctx context.Context, s *engine.Session, checks []*visCheck) {
	for _, vc := range checks {
		args, ok := keyArgs(vc.c)
		if !ok {
			continue // a key value missing: the row cannot be found
		}
		p, err := f.prepared(ctx, s, vc.c)
		if err != nil {
			continue
		}
		rows, err := s.QueryPrepared(ctx, p, args)
		if err != nil {
			continue
		}
		found := rows.Next()
		rows.Close()
		vc.vis = found && rows.Err() == nil
	}
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
// prepared once per DDL version.
func (f *changeFeed) prepared(ctx context.Context, s *engine.Session, c *engine.Change) (*engine.Prepared, error) {
	q, oids := lookupQuery(c)
	if p, ok := f.stmts[q]; ok {
		return p, nil
	}
	p, err := s.Prepare(ctx, q, oids)
	if err != nil {
		return nil, err
	}
	if f.stmts == nil {
		f.stmts = map[string]*engine.Prepared{}
	}
	f.stmts[q] = p
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
