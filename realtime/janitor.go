package realtime

import (
	"context"
	"time"
)

// janitor deletes old rows of realtime.messages, as Realtime's Janitor
// drops the daily partitions of messages older than the retention: a
// row goes once its day (UTC) is before the day the retention reaches
// back to. Without it every realtime.send would stay in memory.
func (s *Server) janitor() {
	defer s.wg.Done()
	t := time.NewTicker(s.cfg.JanitorInterval)
	defer t.Stop()
	for {
		select {
		case <-s.ctx.Done():
			return
		case <-t.C:
			if err := s.deleteOldMessages(); err != nil && s.ctx.Err() == nil {
				s.cfg.Logger.Error("realtime: deleting old messages", "err", err)
			}
		}
	}
}

func (s *Server) deleteOldMessages() error {
	limit := s.cfg.Now().UTC().Add(-s.cfg.MessageRetention).Format(time.DateOnly)
	ctx, cancel := context.WithTimeout(s.ctx, time.Minute)
	defer cancel()
	db, err := s.admin(ctx)
	if err != nil {
		return err
	}
	defer db.close()
	return db.exec(ctx, `delete from realtime.messages where inserted_at < $1::date`, limit)
}
