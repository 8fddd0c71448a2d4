package extensions

import (
	"bytes"
	"context"
	"errors"
	"io"
	"mime"
	"net"
	"net/http"
	"net/url"
	"sort"
	"strings"
	"time"

	"golang.org/x/text/encoding/htmlindex"

	"github.com/tinybase/tinybase/engine/internal/catalog"
	"github.com/tinybase/tinybase/engine/internal/routine"
	"github.com/tinybase/tinybase/engine/internal/types"
	"github.com/tinybase/tinybase/internal/netguard"
	"github.com/tinybase/tinybase/internal/pgerror"
)

// httpMaxBody bounds a response body kept in memory.
const httpMaxBody = 64 << 20

// netPolicy is what the caller says about reaching non-loopback hosts
// (the engine's SetNetAllowExternal).
type netPolicy interface{ NetAllowExternal() bool }

// httpRequestFunc is http(http_request): it performs the request and
// returns an http_response.
func httpRequestFunc(ctx context.Context, c routine.Caller, fn *catalog.Function, a []any, _ *routine.TriggerData) (routine.Result, error) {
	if a[0] == nil {
		return routine.Result{}, httpInternal("An http_request must be provided")
	}
	rec, ok := a[0].(*types.RecordVal)
	if !ok || len(rec.Vals) < 5 {
		return routine.Result{}, httpInternal("http_request has an unexpected shape")
	}
	field := func(i int) (string, bool) {
		s, ok := rec.Vals[i].(string)
		return s, ok && rec.Vals[i] != nil
	}
	uri, ok := field(1)
	if !ok {
		return routine.Result{}, httpInternal("http_request.uri is NULL")
	}
	methodText, ok := field(0)
	if !ok {
		return routine.Result{}, httpInternal("http_request.method is NULL")
	}
	method := httpMethodOf(methodText)
	allowExternal := false
	if p, ok := c.(netPolicy); ok {
		allowExternal = p.NetAllowExternal()
	}
	u, err := url.Parse(uri)
	switch {
	case err != nil || u.Host == "" && u.Scheme != "":
		if err == nil && u.Scheme != "http" && u.Scheme != "https" {
			return routine.Result{}, httpInternal("Protocol %q not supported or disabled in libcurl", u.Scheme)
		}
		return routine.Result{}, httpInternal("URL using bad/illegal format or missing URL")
	case u.Scheme == "":
		// curl guesses http:// for a bare host
		if u, err = url.Parse("http://" + uri); err != nil || u.Host == "" {
			return routine.Result{}, httpInternal("URL using bad/illegal format or missing URL")
		}
	case !strings.EqualFold(u.Scheme, "http") && !strings.EqualFold(u.Scheme, "https"):
		return routine.Result{}, httpInternal("Protocol %q not supported or disabled in libcurl", u.Scheme)
	}
	if !netguard.Allowed(u.Hostname(), allowExternal) {
		return routine.Result{}, refusedHost(u.Hostname())
	}

	var headers []string // "Field: value" in order
	if arr, ok := rec.Vals[2].(*types.Array); ok && rec.Vals[2] != nil {
		for _, v := range arr.Values {
			h, ok := v.(*types.RecordVal)
			if !ok || len(h.Vals) < 2 || h.Vals[0] == nil {
				continue
			}
			name, _ := h.Vals[0].(string)
			if name == "" || len(name) >= 12 && strings.EqualFold(name[:12], "Content-Type") {
				c.Notice(routine.Notice{Severity: "NOTICE", Code: "00000", Message: "'Content-Type' is not supported as an optional header"})
				continue
			}
			val, _ := h.Vals[1].(string)
			headers = append(headers, name+": "+val)
		}
	}
	var body []byte
	send := method
	content, hasContent := field(4)
	switch {
	case hasContent:
		ct, ok := field(3)
		if !ok {
			return routine.Result{}, httpInternal("http_request.content_type is NULL")
		}
		headers = append(headers, "Content-Type: "+ct)
		switch method {
		case http.MethodGet, http.MethodPost, http.MethodDelete, http.MethodPut, http.MethodPatch:
			body = []byte(content)
		}
		// another method is sent as written, without the content (curl's
		// custom request)
	case method == http.MethodPut || method == http.MethodPost:
		return routine.Result{}, httpInternal("http_request.content is NULL")
	case method == http.MethodPatch:
		// without content the extension sets no verb for PATCH, and curl
		// sends a GET
		send = http.MethodGet
	}

	timeout, connectTimeout, err := httpTimeouts(c)
	if err != nil {
		return routine.Result{}, err
	}
	reqCtx := ctx
	cancel := context.CancelFunc(func() {})
	if timeout > 0 {
		reqCtx, cancel = context.WithTimeout(ctx, timeout)
	}
	defer cancel()
	req, err := http.NewRequestWithContext(reqCtx, send, u.String(), bytes.NewReader(body))
	if err != nil {
		return routine.Result{}, httpInternal("URL using bad/illegal format or missing URL")
	}
	if body == nil {
		req.Body = http.NoBody
	}
	req.ContentLength = int64(len(body))
	keepalive := false
	if v, ok := c.Setting("http.keepalive"); ok && (v == "on" || v == "true") {
		keepalive = true
	}
	if keepalive {
		req.Header.Set("Connection", "Keep-Alive")
	} else {
		req.Close = true
	}
	req.Header.Set("Charsets", "utf-8")
	ua, _ := curlopt(c, "CURLOPT_USERAGENT")
	if ua == "" {
		ua = httpUserAgent(ctx, c)
	}
	req.Header.Set("User-Agent", ua)
	if up, ok := curlopt(c, "CURLOPT_USERPWD"); ok {
		user, pass, _ := strings.Cut(up, ":")
		req.SetBasicAuth(user, pass)
	}
	for _, h := range headers {
		k, v, _ := strings.Cut(h, ": ")
		req.Header.Add(k, v)
	}

	tr := netguard.Transport(allowExternal, connectTimeout)
	client := &http.Client{Transport: tr, CheckRedirect: func(r *http.Request, via []*http.Request) error {
		if method == http.MethodHead {
			return http.ErrUseLastResponse
		}
		if len(via) > 5 {
			return errTooManyRedirects
		}
		if !netguard.Allowed(r.URL.Hostname(), allowExternal) {
			return refusedHost(r.URL.Hostname())
		}
		return nil
	}}
	defer tr.CloseIdleConnections()
	start := time.Now()
	resp, err := client.Do(req)
	if err != nil {
		return routine.Result{}, httpFailure(ctx, c, err, start, 0, connectTimeout)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(io.LimitReader(resp.Body, httpMaxBody+1))
	if err != nil {
		return routine.Result{}, httpFailure(ctx, c, err, start, len(data), connectTimeout)
	}
	if len(data) > httpMaxBody {
		return routine.Result{}, pgerror.New(pgerror.ProgramLimitExceeded, "http response body exceeds %d bytes", httpMaxBody)
	}
	return routine.Result{Value: httpResponse(fn.Result, resp, data)}, nil
}

var errTooManyRedirects = errors.New("Maximum (5) redirects followed")

// refusedHost is the error for a host the policy refuses.
func refusedHost(host string) error {
	return pgerror.New(pgerror.InsufficientPrivilege, "tinybase: request to %s refused: the http extension reaches only loopback hosts", host).
		WithHint("Set TINYBASE_NET_ALLOW_EXTERNAL=true to allow requests to other hosts.")
}

// httpTimeouts is the request's total and connect timeouts as the
// extension computes them: CURLOPT_TIMEOUT_MS 5000 and connect 1 s by
// default, then the session's curl options, then http.timeout_msec when
// above 0. A total of 0 is none.
func httpTimeouts(c routine.Caller) (total, connect time.Duration, err error) {
	total, connect = 5*time.Second, time.Second
	for _, o := range []struct {
		name string
		unit time.Duration
		dst  *time.Duration
	}{
		{"CURLOPT_TIMEOUT", time.Second, &total},
		{"CURLOPT_TIMEOUT_MS", time.Millisecond, &total},
		{"CURLOPT_CONNECTTIMEOUT", time.Second, &connect},
	} {
		if v, ok := curlopt(c, o.name); ok {
			n, err := parseCurlLong(o.name, v)
			if err != nil {
				return 0, 0, err
			}
			if n < 0 {
				return 0, 0, httpInternal("A libcurl function was given a bad argument")
			}
			*o.dst = time.Duration(min(n, int64(time.Duration(1<<62)/o.unit))) * o.unit
		}
	}
	if v, ok := c.Setting("http.timeout_msec"); ok {
		if n, err := parseCurlLong("http.timeout_msec", v); err == nil && n > 0 {
			total = time.Duration(n) * time.Millisecond
		}
	}
	if connect == 0 {
		connect = 300 * time.Second // curl's default when set to 0
	}
	return total, connect, nil
}

// httpUserAgent is PostgreSQL's version string, the extension's
// default User-Agent.
func httpUserAgent(ctx context.Context, c routine.Caller) string {
	rows, err := c.Query(ctx, "SELECT pg_catalog.version()", nil, nil)
	if err == nil && len(rows.Rows) == 1 && len(rows.Rows[0]) == 1 {
		if s, ok := rows.Rows[0][0].(string); ok {
			return s
		}
	}
	return "PostgreSQL"
}

// httpFailure words a failed request as curl does; a cancelled
// statement or statement_timeout reports itself instead.
func httpFailure(ctx context.Context, c routine.Caller, err error, start time.Time, received int, connect time.Duration) error {
	if cerr := c.Err(ctx); cerr != nil {
		return cerr
	}
	var pe *pgerror.Error
	if errors.As(err, &pe) {
		return pe
	}
	if errors.Is(err, errTooManyRedirects) {
		return httpInternal("Maximum (5) redirects followed")
	}
	elapsed := time.Since(start).Milliseconds()
	var ne net.Error
	if errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout() {
		var oe *net.OpError
		if errors.As(err, &oe) && oe.Op == "dial" {
			return httpInternal("Connection timed out after %d milliseconds", connect.Milliseconds())
		}
		return httpInternal("Operation timed out after %d milliseconds with %d bytes received", elapsed, received)
	}
	var oe *net.OpError
	if errors.As(err, &oe) && oe.Op == "dial" {
		host, port := "", ""
		if oe.Addr != nil {
			host, port, _ = net.SplitHostPort(oe.Addr.String())
		}
		return httpInternal("Failed to connect to %s port %s after %d ms: Couldn't connect to server", host, port, elapsed)
	}
	var de *net.DNSError
	if errors.As(err, &de) {
		return httpInternal("Could not resolve host: %s", de.Name)
	}
	if received > 0 {
		return httpInternal("Failure when receiving data from the peer")
	}
	return httpInternal("Recv failure: %s", rootError(err))
}

func rootError(err error) string {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err.Error()
		}
		err = u
	}
}

// httpResponse builds the http_response value (result, the function's
// declared composite type): status, Content-Type or NULL, the headers
// in name order (one element per value), and the body, NULL when empty,
// decoded from the charset the Content-Type names.
func httpResponse(result *types.Type, resp *http.Response, data []byte) *types.RecordVal {
	rt := result.Base()
	names := make([]string, len(rt.Fields))
	typs := make([]*types.Type, len(rt.Fields))
	for i, f := range rt.Fields {
		names[i], typs[i] = f.Name, f.Type
	}
	vals := make([]any, 4)
	vals[0] = int32(resp.StatusCode)
	ct := resp.Header.Get("Content-Type")
	if ct != "" {
		vals[1] = ct
	}
	var hdrType *types.Type
	if len(typs) > 2 && typs[2].Base().Elem != nil {
		hdrType = typs[2].Base().Elem
	}
	if hdrType != nil && len(resp.Header) > 0 {
		keys := make([]string, 0, len(resp.Header))
		for k := range resp.Header {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var elems []any
		ft := hdrType.Base().Fields
		hn, ht := make([]string, len(ft)), make([]*types.Type, len(ft))
		for i, f := range ft {
			hn[i], ht[i] = f.Name, f.Type
		}
		for _, k := range keys {
			for _, v := range resp.Header[k] {
				if strings.TrimSpace(v) == "" {
					continue // the extension's header pattern needs a value
				}
				elems = append(elems, &types.RecordVal{Names: hn, Types: ht, Vals: []any{k, v}})
			}
		}
		vals[2] = types.NewArray(hdrType, elems)
	}
	if len(data) > 0 {
		vals[3] = decodeBody(ct, data)
	}
	return &types.RecordVal{Names: names, Types: typs, Vals: vals}
}

// decodeBody turns a response body into text: transcoded from the
// Content-Type's charset when it names one, invalid bytes replaced and
// NULs dropped (a text value holds neither).
func decodeBody(contentType string, data []byte) string {
	if _, params, err := mime.ParseMediaType(contentType); err == nil {
		if cs := params["charset"]; cs != "" && !strings.EqualFold(cs, "utf-8") && !strings.EqualFold(cs, "utf8") {
			if enc, err := htmlindex.Get(cs); err == nil {
				if out, err := enc.NewDecoder().Bytes(data); err == nil {
					data = out
				}
			}
		}
	}
	s := strings.ToValidUTF8(string(data), "\uFFFD")
	return strings.ReplaceAll(s, "\x00", "")
}

// httpWrapper is http_get(uri), http_post(uri, content, content_type)
// and the like: http() of (method, uri, NULL, content_type, content).
func httpWrapper(method string, withContent bool) Func {
	return func(ctx context.Context, c routine.Caller, fn *catalog.Function, a []any, tg *routine.TriggerData) (routine.Result, error) {
		req := []any{method, a[0], nil, nil, nil}
		if withContent && len(a) == 3 {
			req[3], req[4] = a[2], a[1]
		}
		return httpRequestFunc(ctx, c, fn, []any{&types.RecordVal{Vals: req}}, tg)
	}
}

// httpJSONBWrapper is http_get(uri, data jsonb), which sends the data
// url-encoded in the query string, and http_post(uri, data jsonb), which
// sends it as a form. A NULL uri or data, or data encoding to nothing,
// leaves the request's uri or content NULL, as the SQL wrappers'
// concatenations do.
func httpJSONBWrapper(method string) Func {
	return func(ctx context.Context, c routine.Caller, fn *catalog.Function, a []any, tg *routine.TriggerData) (routine.Result, error) {
		var enc any
		if a[1] != nil {
			var err error
			if enc, err = urlencodeJSONB(a[1]); err != nil {
				return routine.Result{}, err
			}
		}
		req := []any{method, nil, nil, nil, nil}
		if method == "GET" {
			if a[0] != nil && enc != nil {
				req[1] = a[0].(string) + "?" + enc.(string)
			}
		} else {
			req[1], req[3], req[4] = a[0], "application/x-www-form-urlencoded", enc
		}
		return httpRequestFunc(ctx, c, fn, []any{&types.RecordVal{Vals: req}}, tg)
	}
}
