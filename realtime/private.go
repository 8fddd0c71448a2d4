package realtime

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
	"time"
)

// Private channels (Realtime Authorization): a channel joined with
// config.private is authorized by the project's RLS policies on
// realtime.messages, checked as Realtime's Authorization module does it,
// in a transaction that is always rolled back:
//   - read (at join): one broadcast and one presence message for the
//     topic are inserted by the table's owner, then, in the user's role
//     with its claims and realtime.topic set to the channel's name, the
//     two are selected back; each one seen grants that extension's read.
//     A join with neither is refused.
//   - write (at the first broadcast or presence track): in the user's
//     role, a message of each extension is inserted; each insert the
//     policies let through grants that extension's write.

// policies are one private channel's authorizations. The reads gate
// delivery (any goroutine, so atomic); the writes, nil until first
// needed, are checked and cached under mu by the channel's reader.
type policies struct {
	broadcastRead, presenceRead   atomic.Bool
	mu                            sync.Mutex
	broadcastWrite, presenceWrite *bool
}

// hears reports whether ch receives broadcasts (presence false) or
// presence messages: public channels always; private ones as their
// read policies allow, as Realtime withholds them.
func (ch *channel) hears(presence bool) bool {
	switch {
	case !ch.private:
		return true
	case presence:
		return ch.policies.presenceRead.Load()
	}
	return ch.policies.broadcastRead.Load()
}

// errUnauthorized is a private join the read policies refuse.
var errUnauthorized = errors.New("realtime: unauthorized")

// authTimeout bounds one authorization check.
const authTimeout = 5 * time.Second

// authorizeRead runs the read check for ch's join (or token refresh),
// resetting its write authorizations.
func (s *Server) authorizeRead(ch *channel) error {
	bcast, pres, err := s.readCheck(ch.auth(), ch.name)
	if err != nil {
		return err
	}
	ch.policies.broadcastRead.Store(bcast)
	ch.policies.presenceRead.Store(pres)
	ch.policies.mu.Lock()
	ch.policies.broadcastWrite, ch.policies.presenceWrite = nil, nil
	ch.policies.mu.Unlock()
	if !bcast && !pres {
		return errUnauthorized
	}
	return nil
}

func (s *Server) readCheck(cl *claims, topic string) (bcast, pres bool, err error) {
	ctx, cancel := context.WithTimeout(s.ctx, authTimeout)
	defer cancel()
	db, err := s.admin(ctx)
	if err != nil {
		return false, false, err
	}
	defer db.close()
	bid, pid := newUUID(), newUUID()
	if err := db.exec(ctx, "begin"); err != nil {
		return false, false, err
	}
	defer func() { _ = db.exec(context.Background(), "rollback") }()
	if err := db.exec(ctx, `insert into realtime.messages (id, topic, extension) values ($1, $3, 'broadcast'), ($2, $3, 'presence')`, bid, pid, topic); err != nil {
		return false, false, err
	}
	if err := asUser(ctx, db, cl, topic); err != nil {
		return false, false, err
	}
	rows, err := db.query(ctx, `select id::text from realtime.messages where id in ($1::uuid, $2::uuid)`, bid, pid)
	if err != nil {
		return false, false, err
	}
	for _, v := range rows {
		if len(v) == 1 && v[0] != nil {
			bcast = bcast || *v[0] == bid
			pres = pres || *v[0] == pid
		}
	}
	return bcast, pres, nil
}

// reauthorize re-runs a private channel's read check after an
// access_token refresh: the message Realtime ends the channel with, or
// "" when it may stay.
func (s *Server) reauthorize(ch *channel) string {
	p := &ch.policies
	hadB, hadP := p.broadcastRead.Load(), p.presenceRead.Load()
	err := s.authorizeRead(ch)
	switch {
	case errors.Is(err, errUnauthorized):
		return "You do not have permissions to read from this Channel topic: " + ch.name
	case err != nil:
		s.cfg.Logger.Error("realtime: private channel authorization", "topic", ch.name, "err", err)
		return "Realtime was unable to connect to the project database"
	}
	if hadB && !p.broadcastRead.Load() || hadP && !p.presenceRead.Load() {
		return "You no longer have permission to read from this Channel topic: " + ch.name
	}
	return ""
}

// mayWrite reports whether ch may send on extension ("broadcast" or
// "presence"), running the write check the first time it is asked.
func (s *Server) mayWrite(ch *channel, extension string) bool {
	p := &ch.policies
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.broadcastWrite == nil {
		b, pr := s.authorizeWrite(ch)
		p.broadcastWrite, p.presenceWrite = &b, &pr
	}
	if extension == "presence" {
		return *p.presenceWrite
	}
	return *p.broadcastWrite
}

// authorizeWrite runs the write check; any failure is a no.
func (s *Server) authorizeWrite(ch *channel) (broadcast, presence bool) {
	return s.writeCheck(ch.auth(), ch.name)
}

func (s *Server) writeCheck(cl *claims, topic string) (broadcast, presence bool) {
	ctx, cancel := context.WithTimeout(s.ctx, authTimeout)
	defer cancel()
	db, err := s.admin(ctx)
	if err != nil {
		return false, false
	}
	defer db.close()
	if err := db.exec(ctx, "begin"); err != nil {
		return false, false
	}
	defer func() { _ = db.exec(context.Background(), "rollback") }()
	if asUser(ctx, db, cl, topic) != nil {
		return false, false
	}
	try := func(extension string) bool {
		if err := db.exec(ctx, "savepoint realtime_write_check"); err != nil {
			return false
		}
		if err := db.exec(ctx, `insert into realtime.messages (topic, extension) values ($1, $2)`, topic, extension); err != nil {
			_ = db.exec(ctx, "rollback to savepoint realtime_write_check")
			return false
		}
		return true
	}
	broadcast = try("broadcast")
	presence = try("presence")
	return broadcast, presence
}

// asUser switches the check's transaction to the user as Realtime's
// set_conn_config does: role, request.jwt.claims (and the claim.sub /
// claim.role forms) and realtime.topic, all local to the transaction.
func asUser(ctx context.Context, db adminConn, cl *claims, topic string) error {
	_, err := db.query(ctx, `select set_config('role', $1::text, true), set_config('realtime.topic', $2::text, true),
	set_config('request.jwt.claims', $3::text, true), set_config('request.jwt.claim.sub', coalesce($3::jsonb ->> 'sub', ''), true),
	set_config('request.jwt.claim.role', $1::text, true)`, cl.role, topic, cl.json)
	return err
}
