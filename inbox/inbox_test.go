package inbox

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

func testStore(limit int) *Store {
	t0 := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	n := 0
	return New(limit, WithClock(func() time.Time { n++; return t0.Add(time.Duration(n) * time.Second) }))
}

func send(s *Store, to, subject, text string) Message {
	return s.Add(Message{From: Address{Name: "Admin", Address: "admin@email.com"}, To: []Address{{Address: to}},
		Subject: subject, Text: text, HTML: "<p>" + text + "</p>"})
}

func do(t *testing.T, h http.Handler, method, path, body string) (int, string) {
	t.Helper()
	req := httptest.NewRequest(method, path, strings.NewReader(body))
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, req)
	b, _ := io.ReadAll(rec.Result().Body)
	return rec.Code, string(b)
}

func TestStoreBoundedNewestKept(t *testing.T) {
	s := testStore(3)
	for _, subj := range []string{"a", "b", "c", "d", "e"} {
		send(s, "x@example.com", subj, "body "+subj)
	}
	var got []string
	for _, m := range s.List() {
		got = append(got, m.Subject)
	}
	if strings.Join(got, ",") != "e,d,c" {
		t.Fatalf("List = %v, want newest three, newest first", got)
	}
}

func TestStoreSubscribe(t *testing.T) {
	s := testStore(0)
	c, stop := s.Subscribe()
	m := send(s, "x@example.com", "hello", "hi")
	select {
	case got := <-c:
		if got.ID != m.ID {
			t.Fatalf("got %q, want %q", got.ID, m.ID)
		}
	case <-time.After(time.Second):
		t.Fatal("no message delivered to the subscriber")
	}
	stop()
	send(s, "x@example.com", "again", "hi")
	select {
	case got := <-c:
		t.Fatalf("message %q after unsubscribing", got.Subject)
	default:
	}
}

func TestAPI(t *testing.T) {
	s := testStore(0)
	h := s.Handler()
	a := send(s, "ada@example.com", "Confirm Your Email", "Follow this link: http://x/verify?token=abc\n\nor   enter 123456")
	b := send(s, "bob@example.com", "Reset Your Password", "reset link")

	code, body := do(t, h, "GET", "/api/v1/messages", "")
	var list messagesSummary
	if err := json.Unmarshal([]byte(body), &list); err != nil || code != 200 {
		t.Fatalf("list: %d %s (%v)", code, body, err)
	}
	if list.Total != 2 || list.MessagesCount != 2 || list.Count != 2 || list.Unread != 2 || len(list.Messages) != 2 {
		t.Fatalf("list counts: %+v", list)
	}
	first := list.Messages[0]
	if first.ID != b.ID || first.To[0].Address != "bob@example.com" || first.From.Name != "Admin" || first.Subject != "Reset Your Password" || first.Size == 0 {
		t.Fatalf("newest summary: %+v", first)
	}
	if list.Messages[1].Snippet != "Follow this link: http://x/verify?token=abc or enter 123456" {
		t.Fatalf("snippet %q", list.Messages[1].Snippet)
	}
	for _, key := range []string{`"messages_count":2`, `"ID":`, `"Created":"2026-01-02T03:04:06Z"`, `"Snippet":`, `"To":[{"Name":"","Address":"ada@example.com"}]`} {
		if !strings.Contains(body, key) {
			t.Errorf("list body lacks %s: %s", key, body)
		}
	}

	code, body = do(t, h, "GET", "/api/v1/message/"+a.ID, "")
	var msg message
	if err := json.Unmarshal([]byte(body), &msg); err != nil || code != 200 {
		t.Fatalf("message: %d %s", code, body)
	}
	if msg.Text != a.Text || msg.HTML != a.HTML || msg.Subject != a.Subject {
		t.Fatalf("message: %+v", msg)
	}
	if m, _ := s.Get(a.ID); !m.Read {
		t.Fatal("reading a message did not mark it read")
	}
	if code, body = do(t, h, "GET", "/api/v1/message/latest", ""); code != 200 || !strings.Contains(body, b.ID) {
		t.Fatalf("latest: %d %s", code, body)
	}
	if code, _ = do(t, h, "GET", "/api/v1/message/nope", ""); code != 404 {
		t.Fatalf("unknown message: %d", code)
	}
	if code, body = do(t, h, "GET", "/api/v1/message/"+a.ID+"/raw", ""); code != 200 || !strings.Contains(body, "Subject: Confirm Your Email") || !strings.Contains(body, "To: <ada@example.com>") {
		t.Fatalf("raw: %d %s", code, body)
	}

	for name, tc := range map[string]struct {
		query string
		want  []string
	}{
		"to":          {"to:ada@example.com", []string{a.ID}},
		"to domain":   {"to:example.com", []string{b.ID, a.ID}},
		"subject":     {`subject:"reset your"`, []string{b.ID}},
		"negated":     {"-to:ada@example.com", []string{b.ID}},
		"free word":   {"123456", []string{a.ID}},
		"is read":     {"is:read", []string{b.ID, a.ID}},
		"is unread":   {"is:unread", nil},
		"two terms":   {"to:bob@example.com subject:confirm", nil},
		"from header": {"from:admin@email.com", []string{b.ID, a.ID}},
	} {
		t.Run(name, func(t *testing.T) {
			code, body := do(t, h, "GET", "/api/v1/search?query="+urlQuery(tc.query), "")
			var res messagesSummary
			if err := json.Unmarshal([]byte(body), &res); err != nil || code != 200 {
				t.Fatalf("%d %s", code, body)
			}
			var got []string
			for _, m := range res.Messages {
				got = append(got, m.ID)
			}
			if strings.Join(got, ",") != strings.Join(tc.want, ",") || res.MessagesCount != len(tc.want) || res.Total != 2 {
				t.Fatalf("got %v (messages_count %d, total %d), want %v", got, res.MessagesCount, res.Total, tc.want)
			}
		})
	}
	if code, _ = do(t, h, "GET", "/api/v1/search", ""); code != 400 {
		t.Fatalf("search without a query: %d", code)
	}

	if code, body = do(t, h, "DELETE", "/api/v1/messages", `{"IDs":["`+a.ID+`"]}`); code != 200 || body != "ok" || s.Len() != 1 {
		t.Fatalf("delete one: %d %q, %d left", code, body, s.Len())
	}
	if code, _ = do(t, h, "DELETE", "/api/v1/messages", `{"IDs":`); code != 400 {
		t.Fatalf("bad JSON: %d", code)
	}
	if code, _ = do(t, h, "DELETE", "/api/v1/messages", ""); code != 200 || s.Len() != 0 {
		t.Fatalf("delete all: %d, %d left", code, s.Len())
	}
}

func urlQuery(q string) string {
	return strings.NewReplacer(" ", "%20", `"`, "%22", ":", "%3A", "@", "%40").Replace(q)
}

func TestPageEscapes(t *testing.T) {
	s := testStore(0)
	m := s.Add(Message{From: Address{Address: "admin@email.com"}, To: []Address{{Address: "x@example.com"}},
		Subject: `<script>alert(1)</script>`, Text: "<b>t</b>", HTML: `<a href="http://x">"go"</a><script>bad()</script>`})
	h := s.Handler()
	for _, path := range []string{"/", "/view/" + m.ID} {
		code, body := do(t, h, "GET", path, "")
		if code != 200 {
			t.Fatalf("%s: %d", path, code)
		}
		if strings.Contains(body, "<script>") || strings.Contains(body, "<b>t</b>") {
			t.Fatalf("%s: unescaped content: %s", path, body)
		}
		if !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
			t.Fatalf("%s: subject not shown escaped: %s", path, body)
		}
	}
	if code, _ := do(t, h, "GET", "/view/none", ""); code != 404 {
		t.Fatalf("unknown view: %d", code)
	}
}

func TestMails(t *testing.T) {
	s := testStore(0)
	send(s, "ada@example.com", "one", "t1")
	m := s.Add(Message{From: Address{Name: "Admin", Address: "admin@email.com"}, To: []Address{{Name: "Bob", Address: "bob@example.com"}}, Subject: "two", HTML: "<p>h</p>"})
	got := s.Mails()
	if len(got) != 2 || got[0].ID != m.ID || got[0].From != "Admin <admin@email.com>" || got[0].To[0] != "Bob <bob@example.com>" || got[0].HTML != "<p>h</p>" || !got[0].Date.Equal(m.Created) {
		t.Fatalf("Mails = %+v", got)
	}
}

func TestRawParses(t *testing.T) {
	s := testStore(0)
	m := send(s, "ada@example.com", "Grüße", "line one\nline two = three")
	raw := m.Raw()
	if !bytes.Contains(raw, []byte("=?utf-8?q?Gr=C3=BC=C3=9Fe?=")) || !bytes.Contains(raw, []byte("line two =3D three")) {
		t.Fatalf("raw:\n%s", raw)
	}
}

// FuzzSearch runs arbitrary Mailpit queries: parsing never panics and a
// query matches a subset of the messages.
func FuzzSearch(f *testing.F) {
	for _, q := range []string{"to:a@example.com", `subject:"a b`, "-", "is:", `""`, "from:x -to:y z", ":::"} {
		f.Add(q)
	}
	s := testStore(0)
	send(s, "a@example.com", "a b", "text")
	send(s, "b@example.com", "c", "other")
	f.Fuzz(func(t *testing.T, q string) {
		if n := len(s.Search(q)); n > 2 {
			t.Fatalf("%q matched %d of 2 messages", q, n)
		}
	})
}

func TestInbucketAPI(t *testing.T) {
	s := testStore(0)
	h := s.Handler()
	a := send(s, "Ada@Example.com", "first", "one")
	b := send(s, "ada@other.test", "second", "two")
	send(s, "bob@example.com", "not ada's", "three")
	code, body := do(t, h, "GET", "/api/v1/mailbox/ada", "")
	var list []inbucketListing
	if err := json.Unmarshal([]byte(body), &list); err != nil || code != 200 {
		t.Fatalf("%d %s", code, body)
	}
	if len(list) != 2 || list[0].ID != a.ID || list[1].ID != b.ID || list[0].Mailbox != "ada" || list[0].To[0] != "<Ada@Example.com>" ||
		list[0].From != "Admin <admin@email.com>" || list[0].PosixMillis != a.Created.UnixMilli() || list[0].Seen {
		t.Fatalf("listing %+v", list)
	}
	if !strings.Contains(body, `"posix-millis":`) {
		t.Fatalf("no posix-millis: %s", body)
	}
	// A full address names the same mailbox.
	if code, body := do(t, h, "GET", "/api/v1/mailbox/ada@example.com/"+a.ID, ""); code != 200 ||
		!strings.Contains(body, `"body":{"text":"one","html":"\u003cp\u003eone\u003c/p\u003e"}`) || !strings.Contains(body, `"seen":true`) {
		t.Fatalf("message: %d %s", code, body)
	}
	if code, _ := do(t, h, "GET", "/api/v1/mailbox/bob/"+a.ID, ""); code != 404 {
		t.Fatalf("another mailbox's message: %d", code)
	}
	if code, body := do(t, h, "GET", "/api/v1/mailbox/ada/"+a.ID+"/source", ""); code != 200 || !strings.Contains(body, "Subject: first") {
		t.Fatalf("source: %d %s", code, body)
	}
	if code, _ := do(t, h, "DELETE", "/api/v1/mailbox/ada/"+a.ID, ""); code != 200 || s.Len() != 2 {
		t.Fatalf("delete: %d, %d left", code, s.Len())
	}
	if code, _ := do(t, h, "DELETE", "/api/v1/mailbox/ada", ""); code != 200 || s.Len() != 1 {
		t.Fatalf("purge: %d, %d left", code, s.Len())
	}
	if code, body := do(t, h, "GET", "/api/v1/mailbox/ada", ""); code != 200 || body != "[]\n" {
		t.Fatalf("empty mailbox: %d %q", code, body)
	}
}

func TestSendSMSListedAsMessage(t *testing.T) {
	s := testStore(10)
	id, err := s.SendSMS("twilio", "15550100", "sms", "Your code is 123456")
	if err != nil || id == "" {
		t.Fatalf("SendSMS: %q %v", id, err)
	}
	code, body := do(t, s.Handler(), "GET", "/api/v1/messages", "")
	if code != 200 {
		t.Fatalf("list: %d %s", code, body)
	}
	for _, key := range []string{`"messages_count":1`, `"ID":"` + id + `"`, `"To":[{"Name":"","Address":"15550100"}]`,
		`"Subject":"SMS"`, `"Snippet":"Your code is 123456"`, `"From":{"Name":"twilio"`} {
		if !strings.Contains(body, key) {
			t.Errorf("list lacks %s: %s", key, body)
		}
	}
	if code, page := do(t, s.Handler(), "GET", "/", ""); code != 200 || !strings.Contains(page, "15550100") {
		t.Errorf("page: %d lacks the phone number", code)
	}
}
