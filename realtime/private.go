package realtime

import (
	"context"
	"time"

	"github.com/tinybase/tinybase/engine"
)

// authorizePrivate decides a private channel's join as Realtime does:
// the role, with its claims and realtime.topic set to the channel's
// name, must be able to read the topic's broadcast or presence messages
// through the RLS policies on realtime.messages.
func (s *Server) authorizePrivate(ch *channel) (string, bool) {
	deny := "Unauthorized: You do not have permissions to read from this Channel topic: " + ch.name
	sess, err := s.cfg.Engine.Connect(engine.SessionOptions{User: "authenticator", Role: ch.claims.role, Claims: ch.claims.json})
	if err != nil {
		return deny, false
	}
	defer sess.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := sess.SetSetting("realtime.topic", ch.name, false); err != nil {
		return deny, false
	}
	rows, err := sess.Query(ctx, `select 1 from realtime.messages where topic = $1 and extension in ('broadcast', 'presence') limit 1`, ch.name)
	if err != nil {
		return deny, false
	}
	ok := rows.Next()
	rows.Close()
	if !ok || rows.Err() != nil {
		return deny, false
	}
	return "", true
}
