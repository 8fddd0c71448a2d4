package session

import (
	"sort"
	"sync"

	"github.com/tinybase/tinybase/engine/internal/translate"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// Asynchronous notification (PostgreSQL docs: NOTIFY, LISTEN, UNLISTEN,
// pg_notify): a session queues NOTIFYs in its transaction; they reach the
// channel's listeners when the transaction commits, in the order sent,
// with duplicates (same channel and payload) in one transaction folded
// into one, and never when it rolls back. Listeners are other sessions
// (LISTEN, drained with Session.Notifications) or in-process subscribers
// (Engine.Subscribe, e.g. PostgREST's schema cache on the pgrst channel).

// Notification is one delivered NOTIFY.
type Notification struct {
	PID     int32 // the notifying session (pg_backend_pid)
	Channel string
	Payload string
}

// maxNotifyPayload is PostgreSQL's limit: payloads must be shorter than
// 8000 bytes (NAMEDATALEN-independent, NOTIFY_PAYLOAD_MAX_LENGTH).
const maxNotifyPayload = 8000

// notifyHub is an engine's channel registry. The zero value is ready.
type notifyHub struct {
	mu   sync.Mutex
	next uint64
	subs map[string]map[uint64]func(Notification)
}

// Subscribe calls fn with every notification committed on channel, on the
// committing goroutine, after the commit; fn must not block or run
// statements on the notifying session. cancel removes the subscription.
func (e *Engine) Subscribe(channel string, fn func(Notification)) (cancel func()) {
	h := &e.notify
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.subs == nil {
		h.subs = map[string]map[uint64]func(Notification){}
	}
	if h.subs[channel] == nil {
		h.subs[channel] = map[uint64]func(Notification){}
	}
	h.next++
	id := h.next
	h.subs[channel][id] = fn
	return func() {
		h.mu.Lock()
		defer h.mu.Unlock()
		delete(h.subs[channel], id)
		if len(h.subs[channel]) == 0 {
			delete(h.subs, channel)
		}
	}
}

func (h *notifyHub) deliver(ns []Notification) {
	for _, n := range ns {
		h.mu.Lock()
		ids := make([]uint64, 0, len(h.subs[n.Channel]))
		for id := range h.subs[n.Channel] {
			ids = append(ids, id)
		}
		sort.Slice(ids, func(i, j int) bool { return ids[i] < ids[j] })
		fns := make([]func(Notification), 0, len(ids))
		for _, id := range ids {
			fns = append(fns, h.subs[n.Channel][id])
		}
		h.mu.Unlock()
		for _, fn := range fns {
			fn(n)
		}
	}
}

// sessionNotify is a session's queued NOTIFYs and LISTEN / UNLISTENs and
// its active LISTENs.
type sessionNotify struct {
	pending []notifyEvent
	listens map[string]func() // channel → cancel

	mu    sync.Mutex // guards inbox and wake: deliveries arrive from other sessions
	inbox []Notification
	wake  func()
}

// OnNotification sets fn to be called (on the notifying goroutine, so it
// must not block) whenever a notification reaches this session's inbox:
// a wire server uses it to send notifications to an idle client.
func (s *Session) OnNotification(fn func()) {
	s.notes.mu.Lock()
	s.notes.wake = fn
	s.notes.mu.Unlock()
}

// Notify queues a notification for delivery at commit (NOTIFY and
// pg_notify). A NULL payload is passed as "".
func (s *Session) Notify(channel, payload string) error {
	if channel == "" {
		return pgerror.New(pgerror.InvalidParameterValue, "channel name cannot be empty")
	}
	if len(channel) >= 64 {
		return pgerror.New(pgerror.InvalidParameterValue, "channel name too long")
	}
	if len(payload) >= maxNotifyPayload {
		return pgerror.New(pgerror.InvalidParameterValue, "payload string too long")
	}
	for _, p := range s.notes.pending {
		if p.act == nil && p.n.Channel == channel && p.n.Payload == payload {
			return nil
		}
	}
	s.notes.pending = append(s.notes.pending, notifyEvent{n: Notification{PID: s.PID(), Channel: channel, Payload: payload}})
	return nil
}

// notifyEvent is a queued NOTIFY, or (act set) a queued LISTEN / UNLISTEN.
type notifyEvent struct {
	n   Notification
	act *translate.Listen
}

// notifyEnd ends the transaction's notifications: on commit its LISTEN /
// UNLISTENs take effect, then its notifications are delivered (so a
// session hears its own NOTIFY on a channel it began listening to in the
// same transaction); on rollback all are dropped.
func (s *Session) notifyEnd(commit bool) {
	evs := s.notes.pending
	if len(evs) == 0 {
		return
	}
	s.notes.pending = nil
	if !commit {
		return
	}
	var ns []Notification
	for _, e := range evs {
		if e.act != nil {
			s.applyListen(e.act)
		} else {
			ns = append(ns, e.n)
		}
	}
	s.eng.notify.deliver(ns)
}

// notifyMark and notifyRollbackTo keep a savepoint's notifications: those
// queued after it are dropped by ROLLBACK TO.
func (s *Session) notifyMark() int { return len(s.notes.pending) }

func (s *Session) notifyRollbackTo(n int) {
	if n <= len(s.notes.pending) {
		s.notes.pending = s.notes.pending[:n]
	}
}

// listenCommand runs LISTEN / UNLISTEN: at once outside a transaction
// block, else when the transaction commits, as PostgreSQL does.
func (s *Session) listenCommand(c *translate.Listen, tag string) (string, *Rows, error) {
	if s.state == txnIdle {
		s.applyListen(c)
	} else {
		s.notes.pending = append(s.notes.pending, notifyEvent{act: c})
	}
	return tag, nil, nil
}

func (s *Session) applyListen(c *translate.Listen) {
	switch {
	case c.All:
		s.unlistenAll()
	case c.Unlisten:
		if cancel := s.notes.listens[c.Channel]; cancel != nil {
			cancel()
			delete(s.notes.listens, c.Channel)
		}
	default:
		if s.notes.listens == nil {
			s.notes.listens = map[string]func(){}
		}
		if s.notes.listens[c.Channel] == nil {
			s.notes.listens[c.Channel] = s.eng.Subscribe(c.Channel, func(n Notification) {
				s.notes.mu.Lock()
				s.notes.inbox = append(s.notes.inbox, n)
				wake := s.notes.wake
				s.notes.mu.Unlock()
				if wake != nil {
					wake()
				}
			})
		}
	}
}

func (s *Session) unlistenAll() {
	for ch, cancel := range s.notes.listens {
		cancel()
		delete(s.notes.listens, ch)
	}
}

// Notifications returns and clears the notifications delivered to this
// session's LISTENs since the last call (a wire server sends them as
// NotificationResponse messages).
func (s *Session) Notifications() []Notification {
	s.notes.mu.Lock()
	defer s.notes.mu.Unlock()
	out := s.notes.inbox
	s.notes.inbox = nil
	return out
}

// notifyCommand runs NOTIFY; outside a transaction block it commits at once.
func (s *Session) notifyCommand(c *translate.Notify, tag string) (string, *Rows, error) {
	if err := s.Notify(c.Channel, c.Payload); err != nil {
		return "", nil, err
	}
	if s.state == txnIdle {
		s.notifyEnd(true)
	}
	return tag, nil, nil
}
