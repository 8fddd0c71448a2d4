package tinybase

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"strconv"
	"time"

	"github.com/tinybase/tinybase/auth"
	"github.com/tinybase/tinybase/inbox"
	"github.com/tinybase/tinybase/studio"
)

var _ auth.Mailer = (*inbox.Store)(nil)

// inboxServer is the local mail catcher on [inbucket] port: the store the
// auth server delivers to, and its HTTP listener (nil when the port could
// not be opened).
type inboxServer struct {
	store *inbox.Store
	http  *http.Server
	ln    net.Listener
	done  chan struct{}
	// notice says why the page is not served (the port was in use).
	notice string
}

// newInbox returns the project's inbox when [inbucket] is enabled (nil
// otherwise). Its listener opens in serve.
func newInbox(p *Project) *inboxServer {
	if !p.Config.InboxEnabled {
		return nil
	}
	return &inboxServer{store: inbox.New(inbox.DefaultLimit)}
}

// mailer is what the auth server delivers through: nil without an inbox.
func (b *inboxServer) mailer() auth.Mailer {
	if b == nil {
		return nil
	}
	return b.store
}

// serve opens host:port for the inbox page and API. A port already in use
// (a Supabase stack's Mailpit, another project) does not stop the server:
// mail is still caught and readable through Server.Inbox, and notice
// says why the page is missing.
func (b *inboxServer) serve(host string, port int) {
	if b == nil {
		return
	}
	ln, err := net.Listen("tcp", net.JoinHostPort(host, strconv.Itoa(port)))
	if err != nil {
		b.notice = fmt.Sprintf("the inbox is not served ([inbucket] port %d): %v", port, err)
		return
	}
	b.ln, b.http, b.done = ln, &http.Server{Handler: b.store.Handler(), ReadHeaderTimeout: 10 * time.Second}, make(chan struct{})
	go func() {
		defer close(b.done)
		_ = b.http.Serve(ln) // ErrServerClosed at shutdown
	}()
}

// url is the inbox page's URL, "" when not served.
func (b *inboxServer) url() string {
	if b == nil || b.ln == nil {
		return ""
	}
	return "http://" + b.ln.Addr().String()
}

func (b *inboxServer) shutdown(ctx context.Context) error {
	if b == nil || b.http == nil {
		return nil
	}
	err := b.http.Shutdown(ctx)
	<-b.done
	return err
}

// Inbox is the local mail catcher's store (nil when [inbucket] is
// disabled): every email auth sent, for the dashboard and tests.
func (s *Server) Inbox() *inbox.Store {
	if s.inbox == nil {
		return nil
	}
	return s.inbox.store
}

// InboxURL is the inbox page's URL ("" when it is not served).
func (s *Server) InboxURL() string { return s.inbox.url() }

// InboxNotice says why an enabled inbox is not served ("" when it is).
func (s *Server) InboxNotice() string {
	if s.inbox == nil {
		return ""
	}
	return s.inbox.notice
}

// mailbox is what the dashboard's Inbox page reads: Project.Mailbox when
// the embedding program set one, else the inbox auth delivers to.
func (p *Project) mailbox(b *inboxServer) studio.Mailbox {
	if p.Mailbox != nil {
		return p.Mailbox
	}
	if b == nil {
		return nil
	}
	return studioMailbox{b.store}
}

// studioMailbox shows the inbox's messages in the dashboard.
type studioMailbox struct{ store *inbox.Store }

func (m studioMailbox) Messages(context.Context) ([]studio.Message, error) {
	mails := m.store.Mails()
	out := make([]studio.Message, len(mails))
	for i, x := range mails {
		out[i] = studio.Message{ID: x.ID, From: x.From, To: x.To, Subject: x.Subject, Text: x.Text, HTML: x.HTML, Date: x.Date}
	}
	return out, nil
}
