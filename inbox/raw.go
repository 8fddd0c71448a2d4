package inbox

import (
	"bytes"
	"fmt"
	"mime"
	"mime/multipart"
	"mime/quotedprintable"
	"net/textproto"
	"strings"
	"time"
)

// Raw renders m as the RFC 5322 message an SMTP server would have
// received: headers, and a multipart/alternative body with the text and
// HTML parts (quoted-printable).
func (m Message) Raw() []byte {
	var b bytes.Buffer
	to := make([]string, len(m.To))
	for i, a := range m.To {
		to[i] = formatAddress(a)
	}
	fmt.Fprintf(&b, "From: %s\r\n", formatAddress(m.From))
	fmt.Fprintf(&b, "To: %s\r\n", strings.Join(to, ", "))
	fmt.Fprintf(&b, "Subject: %s\r\n", mime.QEncoding.Encode("utf-8", m.Subject))
	fmt.Fprintf(&b, "Date: %s\r\n", m.Created.Format(time.RFC1123Z))
	fmt.Fprintf(&b, "Message-ID: <%s>\r\n", m.MessageID)
	b.WriteString("MIME-Version: 1.0\r\n")
	mw := multipart.NewWriter(&b)
	// The boundary derives from the ID so that Raw is deterministic.
	_ = mw.SetBoundary("tinybase-" + strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, strings.ToLower(m.ID)))
	fmt.Fprintf(&b, "Content-Type: multipart/alternative; boundary=%q\r\n\r\n", mw.Boundary())
	for _, part := range []struct{ typ, body string }{{"text/plain", m.Text}, {"text/html", m.HTML}} {
		if part.body == "" {
			continue
		}
		h := textproto.MIMEHeader{}
		h.Set("Content-Type", part.typ+"; charset=utf-8")
		h.Set("Content-Transfer-Encoding", "quoted-printable")
		w, _ := mw.CreatePart(h) // writes to a bytes.Buffer: no error
		qp := quotedprintable.NewWriter(w)
		_, _ = qp.Write([]byte(part.body))
		_ = qp.Close()
	}
	_ = mw.Close()
	return b.Bytes()
}

func formatAddress(a Address) string {
	if a.Name == "" {
		return "<" + a.Address + ">"
	}
	return mime.QEncoding.Encode("utf-8", a.Name) + " <" + a.Address + ">"
}
