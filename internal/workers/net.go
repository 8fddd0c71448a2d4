package workers

import (
	"bytes"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"time"
	"unicode/utf8"

	"github.com/tinybase/tinybase/engine"
	"github.com/tinybase/tinybase/internal/netguard"
)

// Net is pg_net's worker: it takes the committed requests out of
// net.http_request_queue, performs them (each with its own timeout) and
// writes one net._http_response row per request, with the status,
// headers and body, or timed_out and error_msg when it failed.
//
// Unless AllowExternal, requests may only reach loopback addresses: a
// host that is neither an IP literal nor "localhost" is refused without a
// DNS lookup, and the dialer refuses any non-loopback address, redirects
// included.
type Net struct {
	Engine        *engine.Engine
	AllowExternal bool
	Interval      time.Duration // between polls of an empty queue; 100 ms when 0
	MaxBody       int64         // response bytes kept; 10 MiB when 0
}

// Run works the queue until ctx ends.
func (n *Net) Run(ctx context.Context) {
	interval := n.Interval
	if interval <= 0 {
		interval = 100 * time.Millisecond
	}
	client := n.client()
	for {
		if n.Drain(ctx, client) == 0 {
			select {
			case <-ctx.Done():
				return
			case <-time.After(interval):
			}
		}
		if ctx.Err() != nil {
			return
		}
	}
}

// parallel bounds the requests of one batch in flight at once.
const parallel = 16

type netRequest struct {
	id      int64
	method  string
	url     string
	headers map[string]string
	body    []byte
	timeout time.Duration
}

// Drain performs up to 100 queued requests and returns how many it took
// (0 when the queue is empty or pg_net is not installed).
func (n *Net) Drain(ctx context.Context, client *http.Client) int {
	if client == nil {
		client = n.client()
	}
	s, err := n.Engine.Connect(engine.SessionOptions{})
	if err != nil {
		return 0
	}
	defer s.Close()
	// A read first, so an idle worker never takes the write lock.
	if any, err := scalar(ctx, s, `select exists (select 1 from net.http_request_queue)`); err != nil || any != "t" {
		return 0
	}
	rows, err := s.Query(ctx, `delete from net.http_request_queue where id in
		(select id from net.http_request_queue order by id limit 100)
		returning id, method, url, headers::text, encode(body, 'base64'), timeout_milliseconds`)
	if err != nil {
		return 0
	}
	text, err := rows.TextRows()
	if err != nil {
		return 0
	}
	// The batch's requests run concurrently (as pg_net's curl multi
	// handle runs them), at most parallel at a time; their responses are
	// written in queue order.
	reqs := make([]netRequest, len(text))
	resps := make([]netResponse, len(text))
	sem := make(chan struct{}, parallel)
	var wg sync.WaitGroup
	for i, r := range text {
		req, err := parseQueued(r)
		reqs[i] = req
		if err != nil {
			resps[i] = netResponse{errMsg: err.Error(), timedOut: false}
			continue
		}
		wg.Add(1)
		sem <- struct{}{}
		go func(i int) {
			defer wg.Done()
			resps[i] = n.perform(ctx, client, reqs[i])
			<-sem
		}(i)
	}
	wg.Wait()
	for i, resp := range resps {
		_, _ = s.Query(context.WithoutCancel(ctx), `insert into net._http_response
			(id, status_code, content_type, headers, content, timed_out, error_msg)
			values ($1, $2, $3, $4::jsonb, $5, $6, $7)`, reqs[i].id, resp.status, resp.contentType, resp.headers, resp.content, resp.timedOut, resp.errMsg)
	}
	return len(text)
}

func parseQueued(r []*string) (netRequest, error) {
	var q netRequest
	if len(r) != 6 || r[0] == nil || r[1] == nil || r[2] == nil || r[5] == nil {
		return q, errors.New("malformed request row")
	}
	q.id, _ = strconv.ParseInt(*r[0], 10, 64)
	q.method, q.url = strings.ToUpper(*r[1]), *r[2]
	ms, _ := strconv.Atoi(*r[5])
	q.timeout = time.Duration(ms) * time.Millisecond
	if r[3] != nil {
		var h map[string]any
		if err := json.Unmarshal([]byte(*r[3]), &h); err == nil {
			q.headers = map[string]string{}
			for k, v := range h {
				if s, ok := v.(string); ok {
					q.headers[k] = s
				} else {
					b, _ := json.Marshal(v)
					q.headers[k] = string(b)
				}
			}
		}
	}
	if r[4] != nil {
		var err error
		if q.body, err = decodeBase64(*r[4]); err != nil {
			return q, err
		}
	}
	return q, nil
}

type netResponse struct {
	status      any // int or nil
	contentType any
	headers     any // JSON text or nil
	content     any
	timedOut    any
	errMsg      any
}

func (n *Net) perform(ctx context.Context, client *http.Client, q netRequest) netResponse {
	u, err := url.Parse(q.url)
	switch {
	case err != nil || u.Scheme == "" || u.Host == "" && u.Opaque == "":
		return netResponse{errMsg: "URL using bad/illegal format or missing URL", timedOut: false}
	case !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https"):
		return netResponse{errMsg: "Unsupported protocol", timedOut: false}
	case u.Host == "":
		return netResponse{errMsg: "URL using bad/illegal format or missing URL", timedOut: false}
	}
	if !netguard.Allowed(u.Hostname(), n.AllowExternal) {
		return netResponse{errMsg: fmt.Sprintf("tinybase: request to %s refused: pg_net reaches only loopback hosts unless external requests are allowed", u.Hostname()), timedOut: false}
	}
	// A timeout of 0 or less is none, as curl's CURLOPT_TIMEOUT_MS has it.
	cancel := context.CancelFunc(func() {})
	if q.timeout > 0 {
		ctx, cancel = context.WithTimeout(ctx, q.timeout)
	}
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, q.method, q.url, bytes.NewReader(q.body))
	if err != nil {
		return netResponse{errMsg: err.Error(), timedOut: false}
	}
	if q.body == nil {
		req.Body = nil
	}
	for k, v := range q.headers {
		req.Header.Set(k, v)
	}
	resp, err := client.Do(req)
	if err != nil {
		if errors.Is(err, context.DeadlineExceeded) || errors.Is(ctx.Err(), context.DeadlineExceeded) {
			return netResponse{timedOut: true, errMsg: fmt.Sprintf("Timeout of %d ms reached", q.timeout.Milliseconds())}
		}
		return netResponse{errMsg: "Couldn't connect to server: " + rootCause(err), timedOut: false}
	}
	defer resp.Body.Close()
	limit := n.MaxBody
	if limit <= 0 {
		limit = 10 << 20
	}
	body, err := io.ReadAll(io.LimitReader(resp.Body, limit))
	if err != nil {
		timedOut := errors.Is(ctx.Err(), context.DeadlineExceeded)
		return netResponse{status: resp.StatusCode, timedOut: timedOut, errMsg: "Failure when receiving data from the peer"}
	}
	h := map[string]string{}
	for k, v := range resp.Header {
		h[k] = strings.Join(v, ",")
	}
	hj, _ := json.Marshal(h)
	content := strings.ToValidUTF8(string(body), "\uFFFD")
	content = strings.ReplaceAll(content, "\x00", "")
	if !utf8.ValidString(content) {
		content = ""
	}
	r := netResponse{status: resp.StatusCode, headers: string(hj), content: content, timedOut: false}
	if ct := resp.Header.Get("Content-Type"); ct != "" {
		r.contentType = ct
	}
	return r
}

func rootCause(err error) string {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err.Error()
		}
		err = u
	}
}

func (n *Net) client() *http.Client {
	return &http.Client{Transport: netguard.Transport(n.AllowExternal, 0)}
}

func decodeBase64(s string) ([]byte, error) {
	return base64.StdEncoding.DecodeString(strings.NewReplacer("\n", "", "\r", "").Replace(s))
}
