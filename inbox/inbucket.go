package inbox

import (
	"net/http"
	"strings"
	"time"
)

// The Inbucket REST API (v1) that the Supabase CLI's mail catcher served
// before Mailpit, still used by many end-to-end suites: mailboxes are
// named by an address's local part, lower-cased (Inbucket's default
// naming), and list messages oldest first.

// inbucketListing is one message of GET /api/v1/mailbox/{name}.
type inbucketListing struct {
	Mailbox     string    `json:"mailbox"`
	ID          string    `json:"id"`
	From        string    `json:"from"`
	To          []string  `json:"to"`
	Subject     string    `json:"subject"`
	Date        time.Time `json:"date"`
	PosixMillis int64     `json:"posix-millis"`
	Size        int       `json:"size"`
	Seen        bool      `json:"seen"`
}

// inbucketMessage is GET /api/v1/mailbox/{name}/{id}.
type inbucketMessage struct {
	inbucketListing
	Header      map[string][]string `json:"header"`
	Body        inbucketBody        `json:"body"`
	Attachments []any               `json:"attachments"`
}

type inbucketBody struct {
	Text string `json:"text"`
	HTML string `json:"html"`
}

// mailboxName is Inbucket's name for an address or a mailbox path
// element: the local part, lower-cased.
func mailboxName(s string) string {
	if i := strings.LastIndexByte(s, '@'); i >= 0 {
		s = s[:i]
	}
	return strings.ToLower(strings.TrimSpace(s))
}

// inMailbox reports whether m was delivered to the named mailbox.
func inMailbox(m Message, name string) bool {
	for _, a := range m.To {
		if mailboxName(a.Address) == name {
			return true
		}
	}
	return false
}

// mailbox lists a mailbox's messages, oldest first.
func (s *Store) mailbox(name string) []Message {
	all := s.List()
	var out []Message
	for i := len(all) - 1; i >= 0; i-- {
		if inMailbox(all[i], name) {
			out = append(out, all[i])
		}
	}
	return out
}

func listing(name string, m Message) inbucketListing {
	to := make([]string, len(m.To))
	for i, a := range m.To {
		to[i] = formatAddress(a)
	}
	return inbucketListing{Mailbox: name, ID: m.ID, From: formatAddress(m.From), To: to, Subject: m.Subject,
		Date: m.Created, PosixMillis: m.Created.UnixMilli(), Size: len(m.Raw()), Seen: m.Read}
}

func (s *Store) inbucketList(w http.ResponseWriter, r *http.Request) {
	name := mailboxName(r.PathValue("name"))
	out := []inbucketListing{}
	for _, m := range s.mailbox(name) {
		out = append(out, listing(name, m))
	}
	writeJSON(w, http.StatusOK, out)
}

// inbucketFind is the message id of the named mailbox.
func (s *Store) inbucketFind(r *http.Request) (string, Message, bool) {
	name := mailboxName(r.PathValue("name"))
	m, ok := s.Get(r.PathValue("id"))
	if !ok || !inMailbox(m, name) {
		return name, Message{}, false
	}
	return name, m, true
}

func (s *Store) inbucketGet(w http.ResponseWriter, r *http.Request) {
	name, m, ok := s.inbucketFind(r)
	if !ok {
		http.Error(w, "message not found", http.StatusNotFound)
		return
	}
	s.MarkRead(m.ID)
	m.Read = true
	header := map[string][]string{
		"From": {formatAddress(m.From)}, "Subject": {m.Subject}, "Date": {m.Created.Format(time.RFC1123Z)},
		"Message-Id": {"<" + m.MessageID + ">"}, "Mime-Version": {"1.0"},
	}
	for _, a := range m.To {
		header["To"] = append(header["To"], formatAddress(a))
	}
	writeJSON(w, http.StatusOK, inbucketMessage{inbucketListing: listing(name, m), Header: header,
		Body: inbucketBody{Text: m.Text, HTML: m.HTML}, Attachments: []any{}})
}

func (s *Store) inbucketSource(w http.ResponseWriter, r *http.Request) {
	_, m, ok := s.inbucketFind(r)
	if !ok {
		http.Error(w, "message not found", http.StatusNotFound)
		return
	}
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	_, _ = w.Write(m.Raw())
}

func (s *Store) inbucketDelete(w http.ResponseWriter, r *http.Request) {
	_, m, ok := s.inbucketFind(r)
	if !ok {
		http.Error(w, "message not found", http.StatusNotFound)
		return
	}
	s.Delete(m.ID)
	writeOK(w)
}

// inbucketPurge is DELETE /api/v1/mailbox/{name}: the mailbox empties.
func (s *Store) inbucketPurge(w http.ResponseWriter, r *http.Request) {
	var ids []string
	for _, m := range s.mailbox(mailboxName(r.PathValue("name"))) {
		ids = append(ids, m.ID)
	}
	if len(ids) > 0 {
		s.Delete(ids...)
	}
	writeOK(w)
}
