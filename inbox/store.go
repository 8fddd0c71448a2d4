package inbox

import (
	"crypto/rand"
	"encoding/base32"
	"fmt"
	"io"
	"strings"
	"sync"
	"time"
)

// DefaultLimit bounds a Store built with a limit <= 0.
const DefaultLimit = 1000

// Address is a mailbox: Mailpit's {Name, Address}.
type Address struct {
	Name    string `json:"Name"`
	Address string `json:"Address"`
}

// String is the address as a header shows it.
func (a Address) String() string {
	if a.Name == "" {
		return a.Address
	}
	return a.Name + " <" + a.Address + ">"
}

// Message is one caught email.
type Message struct {
	ID        string
	MessageID string // the Message-ID header, without angle brackets
	From      Address
	To        []Address
	Subject   string
	Text      string
	HTML      string
	Created   time.Time
	Read      bool
}

// Store holds the newest messages of one server, oldest dropped first.
// It is safe for concurrent use.
type Store struct {
	mu    sync.Mutex
	limit int
	msgs  []Message // oldest first
	subs  map[int]chan Message
	next  int // next subscriber key
	seq   int // fallback ID counter
	// now and random are the clock and the ID source; tests replace them.
	now    func() time.Time
	random io.Reader
}

// Option adjusts a Store built by New.
type Option func(*Store)

// WithClock replaces the wall clock that stamps Created.
func WithClock(now func() time.Time) Option { return func(s *Store) { s.now = now } }

// WithRandom replaces crypto/rand as the source of message IDs.
func WithRandom(r io.Reader) Option { return func(s *Store) { s.random = r } }

// New returns an empty Store keeping at most limit messages.
func New(limit int, opts ...Option) *Store {
	if limit <= 0 {
		limit = DefaultLimit
	}
	s := &Store{limit: limit, subs: map[int]chan Message{}, now: time.Now, random: rand.Reader}
	for _, o := range opts {
		o(s)
	}
	return s
}

var idEncoding = base32.NewEncoding("abcdefghijklmnopqrstuvwxyz234567").WithPadding(base32.NoPadding)

// newID is a random message ID (Mailpit's are random strings too).
func (s *Store) newID() string {
	var b [15]byte
	if _, err := io.ReadFull(s.random, b[:]); err != nil {
		// A failing random source still leaves IDs unique in this store.
		s.seq++
		return fmt.Sprintf("m%d-%d", s.now().UnixNano(), s.seq)
	}
	return idEncoding.EncodeToString(b[:])
}

// Add stores m, filling ID, MessageID and Created when empty, and
// returns it as stored. Subscribers receive it.
func (s *Store) Add(m Message) Message {
	s.mu.Lock()
	if m.ID == "" {
		m.ID = s.newID()
	}
	if m.MessageID == "" {
		domain := "localhost"
		if i := strings.LastIndexByte(m.From.Address, '@'); i >= 0 {
			domain = m.From.Address[i+1:]
		}
		m.MessageID = m.ID + "@" + domain
	}
	if m.Created.IsZero() {
		m.Created = s.now().UTC()
	}
	m.To = append([]Address(nil), m.To...)
	s.msgs = append(s.msgs, m)
	if len(s.msgs) > s.limit {
		s.msgs = append([]Message(nil), s.msgs[len(s.msgs)-s.limit:]...)
	}
	subs := make([]chan Message, 0, len(s.subs))
	for _, c := range s.subs {
		subs = append(subs, c)
	}
	s.mu.Unlock()
	for _, c := range subs {
		select {
		case c <- m:
		default: // a slow subscriber misses messages rather than blocking mail
		}
	}
	return m
}

// SendMail delivers one email (the auth server's mail path calls it
// through its Mailer interface) and returns the message's ID.
func (s *Store) SendMail(fromName, fromAddress string, to []string, subject, text, html string) (string, error) {
	rcpt := make([]Address, len(to))
	for i, a := range to {
		rcpt[i] = Address{Address: a}
	}
	m := s.Add(Message{From: Address{Name: fromName, Address: fromAddress}, To: rcpt, Subject: subject, Text: text, HTML: html})
	return m.ID, nil
}

// List returns the messages, newest first.
func (s *Store) List() []Message {
	s.mu.Lock()
	defer s.mu.Unlock()
	out := make([]Message, len(s.msgs))
	for i, m := range s.msgs {
		out[len(s.msgs)-1-i] = m
	}
	return out
}

// Len is the number of stored messages.
func (s *Store) Len() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.msgs)
}

// Get returns the message with id; "latest" is the newest, as in Mailpit.
func (s *Store) Get(id string) (Message, bool) {
	s.mu.Lock()
	defer s.mu.Unlock()
	if id == "latest" && len(s.msgs) > 0 {
		return s.msgs[len(s.msgs)-1], true
	}
	for _, m := range s.msgs {
		if m.ID == id {
			return m, true
		}
	}
	return Message{}, false
}

// MarkRead sets the Read flag of the message with id.
func (s *Store) MarkRead(id string) {
	s.mu.Lock()
	defer s.mu.Unlock()
	for i := range s.msgs {
		if s.msgs[i].ID == id {
			s.msgs[i].Read = true
		}
	}
}

// Delete removes the messages with the given IDs, or all of them when
// none is given, and returns how many it removed.
func (s *Store) Delete(ids ...string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := len(s.msgs)
	if len(ids) == 0 {
		s.msgs = nil
		return n
	}
	drop := map[string]bool{}
	for _, id := range ids {
		drop[id] = true
	}
	kept := s.msgs[:0:0]
	for _, m := range s.msgs {
		if !drop[m.ID] {
			kept = append(kept, m)
		}
	}
	s.msgs = kept
	return n - len(kept)
}

// Subscribe returns a channel receiving each message added from now on,
// and a function ending the subscription.
func (s *Store) Subscribe() (<-chan Message, func()) {
	c := make(chan Message, 16)
	s.mu.Lock()
	id := s.next
	s.next++
	s.subs[id] = c
	s.mu.Unlock()
	var once sync.Once
	return c, func() {
		once.Do(func() {
			s.mu.Lock()
			delete(s.subs, id)
			s.mu.Unlock()
		})
	}
}

// Mail is one message as the dashboard lists it.
type Mail struct {
	ID      string
	From    string
	To      []string
	Subject string
	Text    string
	HTML    string
	Date    time.Time
}

// Mails lists the messages for the dashboard, newest first.
func (s *Store) Mails() []Mail {
	msgs := s.List()
	out := make([]Mail, len(msgs))
	for i, m := range msgs {
		to := make([]string, len(m.To))
		for j, a := range m.To {
			to[j] = a.String()
		}
		out[i] = Mail{ID: m.ID, From: m.From.String(), To: to, Subject: m.Subject, Text: m.Text, HTML: m.HTML, Date: m.Created}
	}
	return out
}

// SendSMS keeps one text message (the auth server's SMS path calls it
// through its SMSSender interface when a test SMS provider is configured):
// a message to the phone number, from the provider, whose text is the
// rendered template. It returns the message's ID.
func (s *Store) SendSMS(provider, phone, channel, text string) (string, error) {
	subject := "SMS"
	if channel == "whatsapp" {
		subject = "WhatsApp message"
	}
	m := s.Add(Message{From: Address{Name: provider, Address: provider + "@sms.local"}, To: []Address{{Address: phone}},
		Subject: subject, Text: text})
	return m.ID, nil
}
