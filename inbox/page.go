package inbox

import (
	"html/template"
	"net/http"
)

// Handler serves the inbox: the HTML page at / (the list) and /view/{id}
// (one message), Mailpit's API under /api/v1 and Inbucket's
// /api/v1/mailbox/... (inbucket.go).
func (s *Store) Handler() http.Handler {
	mux := http.NewServeMux()
	mux.HandleFunc("GET /{$}", s.pageList)
	mux.HandleFunc("GET /view/{id}", s.pageView)
	mux.HandleFunc("GET /api/v1/messages", s.apiList)
	mux.HandleFunc("DELETE /api/v1/messages", s.apiDelete)
	mux.HandleFunc("GET /api/v1/message/{id}", s.apiMessage)
	mux.HandleFunc("GET /api/v1/message/{id}/raw", s.apiRaw)
	mux.HandleFunc("GET /api/v1/search", s.apiSearch)
	mux.HandleFunc("DELETE /api/v1/search", s.apiDeleteSearch)
	mux.HandleFunc("GET /api/v1/mailbox/{name}", s.inbucketList)
	mux.HandleFunc("DELETE /api/v1/mailbox/{name}", s.inbucketPurge)
	mux.HandleFunc("GET /api/v1/mailbox/{name}/{id}", s.inbucketGet)
	mux.HandleFunc("DELETE /api/v1/mailbox/{name}/{id}", s.inbucketDelete)
	mux.HandleFunc("GET /api/v1/mailbox/{name}/{id}/source", s.inbucketSource)
	return mux
}

// pages renders through html/template, so every subject, address and
// body is escaped; a message's HTML part is shown in a sandboxed iframe
// (no scripts, no same-origin access).
var pages = template.Must(template.New("list").Parse(`<!doctype html>
<html><head><meta charset="utf-8"><title>Inbox · tinybase</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse;width:100%}td,th{text-align:left;padding:.3em .6em;border-bottom:1px solid #ddd}tr.unread td{font-weight:bold}pre{white-space:pre-wrap}iframe{width:100%;height:30em;border:1px solid #ddd}</style>
</head><body>
<h1>Inbox</h1>
<p>{{len .}} message(s): the emails Supabase Auth sent while no SMTP server is configured.</p>
<table><tr><th>Received</th><th>From</th><th>To</th><th>Subject</th></tr>
{{range .}}<tr{{if not .Read}} class="unread"{{end}}><td>{{.Created.Format "2006-01-02 15:04:05"}}</td><td>{{.From}}</td><td>{{range $i, $a := .To}}{{if $i}}, {{end}}{{$a}}{{end}}</td><td><a href="view/{{.ID}}">{{if .Subject}}{{.Subject}}{{else}}(no subject){{end}}</a></td></tr>
{{end}}</table>
</body></html>
`))

var viewPage = template.Must(template.New("view").Parse(`<!doctype html>
<html><head><meta charset="utf-8"><title>{{.Subject}} · Inbox · tinybase</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}pre{white-space:pre-wrap}iframe{width:100%;height:30em;border:1px solid #ddd}dt{font-weight:bold}</style>
</head><body>
<p><a href="../">← Inbox</a></p>
<dl><dt>From</dt><dd>{{.From}}</dd><dt>To</dt><dd>{{range $i, $a := .To}}{{if $i}}, {{end}}{{$a}}{{end}}</dd>
<dt>Subject</dt><dd>{{.Subject}}</dd><dt>Date</dt><dd>{{.Created.Format "2006-01-02 15:04:05 MST"}}</dd></dl>
{{if .HTML}}<iframe sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="{{.HTML}}"></iframe>{{end}}
{{if .Text}}<h2>Text</h2><pre>{{.Text}}</pre>{{end}}
</body></html>
`))

func (s *Store) pageList(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	_ = pages.Execute(w, s.List())
}

func (s *Store) pageView(w http.ResponseWriter, r *http.Request) {
	m, ok := s.Get(r.PathValue("id"))
	if !ok {
		http.NotFound(w, r)
		return
	}
	s.MarkRead(m.ID)
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	// The frame's links open outside it: the page must not be framed by
	// the message.
	w.Header().Set("Content-Security-Policy", "script-src 'none'; frame-ancestors 'none'")
	_ = viewPage.Execute(w, m)
}
