package inbox

import (
	"encoding/json"
	"errors"
	"io"
	"net/http"
	"strconv"
	"strings"
	"time"
	"unicode"
)

// summary is Mailpit's MessageSummary.
type summary struct {
	ID          string    `json:"ID"`
	MessageID   string    `json:"MessageID"`
	Read        bool      `json:"Read"`
	From        Address   `json:"From"`
	To          []Address `json:"To"`
	Cc          []Address `json:"Cc"`
	Bcc         []Address `json:"Bcc"`
	ReplyTo     []Address `json:"ReplyTo"`
	Subject     string    `json:"Subject"`
	Created     time.Time `json:"Created"`
	Tags        []string  `json:"Tags"`
	Size        int       `json:"Size"`
	Attachments int       `json:"Attachments"`
	Snippet     string    `json:"Snippet"`
}

// messagesSummary is Mailpit's MessagesSummary: the list and search
// answers.
type messagesSummary struct {
	Total         int       `json:"total"`
	Unread        int       `json:"unread"`
	Count         int       `json:"count"`
	MessagesCount int       `json:"messages_count"`
	Start         int       `json:"start"`
	Tags          []string  `json:"tags"`
	Messages      []summary `json:"messages"`
}

// message is Mailpit's Message: one message in full.
type message struct {
	ID          string    `json:"ID"`
	MessageID   string    `json:"MessageID"`
	From        Address   `json:"From"`
	To          []Address `json:"To"`
	Cc          []Address `json:"Cc"`
	Bcc         []Address `json:"Bcc"`
	ReplyTo     []Address `json:"ReplyTo"`
	ReturnPath  string    `json:"ReturnPath"`
	Subject     string    `json:"Subject"`
	Date        time.Time `json:"Date"`
	Tags        []string  `json:"Tags"`
	Text        string    `json:"Text"`
	HTML        string    `json:"HTML"`
	Size        int       `json:"Size"`
	Inline      []any     `json:"Inline"`
	Attachments []any     `json:"Attachments"`
}

// snippetLen is the longest snippet, as Mailpit's.
const snippetLen = 250

// snippet is the start of the text body with whitespace collapsed.
func snippet(m Message) string {
	s := strings.Join(strings.FieldsFunc(m.Text, unicode.IsSpace), " ")
	if r := []rune(s); len(r) > snippetLen {
		s = string(r[:snippetLen]) + "..."
	}
	return s
}

func toSummary(m Message) summary {
	return summary{ID: m.ID, MessageID: m.MessageID, Read: m.Read, From: m.From, To: nonNil(m.To),
		Cc: []Address{}, Bcc: []Address{}, ReplyTo: []Address{}, Subject: m.Subject, Created: m.Created,
		Tags: []string{}, Size: len(m.Raw()), Snippet: snippet(m)}
}

func nonNil(a []Address) []Address {
	if a == nil {
		return []Address{}
	}
	return a
}

// page answers a list or a search: start and limit (default 50) from the
// query string, as Mailpit pages.
func (s *Store) page(w http.ResponseWriter, r *http.Request, matched []Message) {
	q := r.URL.Query()
	start, _ := strconv.Atoi(q.Get("start"))
	limit, err := strconv.Atoi(q.Get("limit"))
	if err != nil || limit <= 0 {
		limit = 50
	}
	start = max(start, 0)
	all := s.List()
	out := messagesSummary{Total: len(all), MessagesCount: len(matched), Start: start, Tags: []string{}, Messages: []summary{}}
	for _, m := range all {
		if !m.Read {
			out.Unread++
		}
	}
	for i := start; i < len(matched) && i < start+limit; i++ {
		out.Messages = append(out.Messages, toSummary(matched[i]))
	}
	out.Count = len(out.Messages)
	writeJSON(w, http.StatusOK, out)
}

func (s *Store) apiList(w http.ResponseWriter, r *http.Request) {
	s.page(w, r, s.List())
}

func (s *Store) apiSearch(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("query"))
	if q == "" {
		http.Error(w, "no search query", http.StatusBadRequest)
		return
	}
	s.page(w, r, s.Search(q))
}

// apiDeleteSearch is DELETE /api/v1/search?query=: the matches go.
func (s *Store) apiDeleteSearch(w http.ResponseWriter, r *http.Request) {
	q := strings.TrimSpace(r.URL.Query().Get("query"))
	if q == "" {
		http.Error(w, "no search query", http.StatusBadRequest)
		return
	}
	var ids []string
	for _, m := range s.Search(q) {
		ids = append(ids, m.ID)
	}
	if len(ids) > 0 {
		s.Delete(ids...)
	}
	writeOK(w)
}

func (s *Store) apiMessage(w http.ResponseWriter, r *http.Request) {
	m, ok := s.Get(r.PathValue("id"))
	if !ok {
		http.Error(w, "message not found", http.StatusNotFound)
		return
	}
	s.MarkRead(m.ID)
	writeJSON(w, http.StatusOK, message{ID: m.ID, MessageID: m.MessageID, From: m.From, To: nonNil(m.To),
		Cc: []Address{}, Bcc: []Address{}, ReplyTo: []Address{}, ReturnPath: m.From.Address, Subject: m.Subject,
		Date: m.Created, Tags: []string{}, Text: m.Text, HTML: m.HTML, Size: len(m.Raw()), Inline: []any{}, Attachments: []any{}})
}

func (s *Store) apiRaw(w http.ResponseWriter, r *http.Request) {
	m, ok := s.Get(r.PathValue("id"))
	if !ok {
		http.Error(w, "message not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write(m.Raw())
}

// apiDelete is DELETE /api/v1/messages: the messages whose IDs the body
// lists ({"IDs": [...]}), or all of them for an empty body.
func (s *Store) apiDelete(w http.ResponseWriter, r *http.Request) {
	var body struct {
		IDs []string `json:"IDs"`
	}
	dec := json.NewDecoder(http.MaxBytesReader(w, r.Body, 1<<20))
	if err := dec.Decode(&body); err != nil && !errors.Is(err, io.EOF) {
		http.Error(w, err.Error(), http.StatusBadRequest)
		return
	}
	if len(body.IDs) == 0 {
		s.Delete()
	} else {
		s.Delete(body.IDs...)
	}
	writeOK(w)
}

func writeOK(w http.ResponseWriter) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write([]byte("ok"))
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}
