package auth

import (
	"bytes"
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net"
	"net/http"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// Hook names as GoTrue's metadata carries them.
const (
	hookSendSMS              = "send-sms"
	hookSendEmail            = "send-email"
	hookCustomAccessToken    = "customize-access-token"
	hookMFAVerification      = "mfa-verification"
	hookPasswordVerification = "password-verification"
	hookBeforeUserCreated    = "before-user-created"
)

// hookRejection is the decision a verification-attempt hook rejects with.
const hookRejection = "reject"

// hookTimeouts are GoTrue's: a Postgres hook's statement_timeout and an
// HTTP hook's deadline, payload limit and retries on connection errors.
const (
	pgHookTimeout    = 2 * time.Second
	httpHookTimeout  = 5 * time.Second
	httpHookRetries  = 3
	httpHookMaxBytes = 200 * 1024
)

// hookMetadata is the "metadata" member of every hook input.
type hookMetadata struct {
	UUID      string    `json:"uuid"`
	Time      time.Time `json:"time"`
	Name      string    `json:"name,omitempty"`
	IPAddress string    `json:"ip_address,omitempty"`
}

func (s *Server) hookMetadata(t *txn, name string) *hookMetadata {
	m := &hookMetadata{UUID: s.newID(), Time: s.now(), Name: name}
	if r := requestOf(t.ctx); r != nil {
		m.IPAddress = clientIP(r)
	}
	return m
}

// hookError is the {"error": {"http_code", "message"}} a hook answers
// with to fail the request.
type hookError struct {
	Error *struct {
		HTTPCode int    `json:"http_code"`
		Message  string `json:"message"`
	} `json:"error"`
}

// checkHookError maps a hook's error object to the response GoTrue
// gives: the hook's status (500 when absent) and message. An error
// without a message is no error, as in GoTrue.
func checkHookError(out []byte) error {
	var he hookError
	if json.Unmarshal(out, &he) != nil || he.Error == nil || he.Error.Message == "" {
		return nil
	}
	status := he.Error.HTTPCode
	if status == 0 {
		status = http.StatusInternalServerError
	}
	return newError(status, "", "%s", he.Error.Message)
}

// runHook invokes h with input and decodes its answer into output (nil
// for hooks whose answer carries nothing but an error). A Postgres hook
// runs in t, the request's transaction, so its writes commit or roll
// back with the request.
func (s *Server) runHook(t *txn, h HookConfig, input, output any) error {
	payload, err := json.Marshal(input)
	if err != nil {
		return internalError(err, "Error marshaling JSON input.")
	}
	var out []byte
	switch {
	case strings.HasPrefix(h.URI, "pg-functions:"):
		out, err = s.runPgHook(t, h, payload)
	case strings.HasPrefix(h.URI, "http:") || strings.HasPrefix(h.URI, "https:"):
		out, err = s.runHTTPHook(t.ctx, h, payload)
	default:
		err = fmt.Errorf("unsupported protocol: %q only postgres hooks and HTTPS functions are supported at the moment", h.URI)
	}
	if err != nil {
		s.logger.Warn("auth: hook errored out", "hook", h.URI, "error", err)
		var ae *apiError
		if errors.As(err, &ae) {
			return ae
		}
		return internalError(err, "Error running hook URI: %v", h.URI)
	}
	if out == nil {
		return nil
	}
	// An error object wins over everything else in the answer.
	if err := checkHookError(out); err != nil {
		return err
	}
	const unmarshalMsg = "Error unmarshaling JSON output."
	if output == nil {
		if !json.Valid(out) {
			return internalError(errors.New("invalid JSON"), unmarshalMsg)
		}
		return nil
	}
	if err := json.Unmarshal(out, output); err != nil {
		var ae *apiError
		if errors.As(err, &ae) {
			return ae
		}
		return internalError(err, unmarshalMsg)
	}
	return nil
}

// runPgHook calls the hook's function with the input as jsonb, as
// supabase_auth_admin, under GoTrue's statement timeout.
func (s *Server) runPgHook(t *txn, h HookConfig, payload []byte) ([]byte, error) {
	fn, err := pgHookFunction(h.URI)
	if err != nil {
		return nil, err
	}
	ctx, cancel := context.WithTimeout(t.ctx, pgHookTimeout)
	defer cancel()
	rows, _, err := t.run(ctx, "select "+fn+"($1::jsonb)::text", string(payload))
	if err != nil {
		return nil, err
	}
	var out []byte
	if len(rows) > 0 && len(rows[0]) > 0 && rows[0][0] != nil {
		out = []byte(*rows[0][0])
	}
	return out, nil
}

// runHTTPHook POSTs the input to the hook's URL, signed as standard
// webhooks are, and returns the JSON answer; statuses and failures give
// GoTrue's errors.
func (s *Server) runHTTPHook(ctx context.Context, h HookConfig, payload []byte) ([]byte, error) {
	ctx, cancel := context.WithTimeout(ctx, httpHookTimeout)
	defer cancel()
	client := &http.Client{Timeout: httpHookTimeout, Transport: s.hookTransport()}
	timeoutErr := unprocessable("hook_timeout", "Failed to reach hook within maximum time of %f seconds", httpHookTimeout.Seconds())
	for i := range httpHookRetries {
		msgID := s.newID()
		now := s.now()
		sigs, err := signWebhook(h.Secrets, msgID, now, payload)
		if err != nil {
			return nil, internalError(err, "Error generating signatures: %v", err)
		}
		req, err := http.NewRequestWithContext(ctx, http.MethodPost, h.URI, bytes.NewReader(payload))
		if err != nil {
			return nil, internalError(err, "Hook failed to make request object")
		}
		req.Header.Set("Content-Type", "application/json")
		req.Header.Set("webhook-id", msgID)
		req.Header.Set("webhook-timestamp", strconv.FormatInt(now.Unix(), 10))
		req.Header.Set("webhook-signature", strings.Join(sigs, ", "))
		req.Header.Set("Accept-Encoding", "identity")
		rsp, err := client.Do(req)
		if err != nil {
			if errors.Is(err, context.DeadlineExceeded) {
				return nil, timeoutErr
			}
			if i < httpHookRetries-1 {
				select {
				case <-ctx.Done():
					return nil, timeoutErr
				case <-time.After(s.hookBackoff):
				}
				continue
			}
			s.logger.Warn("auth: hook unreachable", "hook", h.URI, "error", err)
			return nil, unprocessable("hook_timeout_after_retry", "Failed to reach hook after maximum retries")
		}
		body, rerr := readHookBody(rsp)
		rsp.Body.Close()
		switch rsp.StatusCode {
		case http.StatusOK, http.StatusNoContent, http.StatusAccepted:
			ct := rsp.Header.Get("Content-Type")
			if ct == "" {
				if rsp.StatusCode == http.StatusNoContent {
					return nil, nil
				}
				return nil, badRequest("hook_payload_invalid_content_type", "Invalid Content-Type: Missing Content-Type header")
			}
			mt, _, err := mime.ParseMediaType(ct)
			if err != nil {
				return nil, badRequest("hook_payload_invalid_content_type", "Invalid Content-Type header: %s", err.Error())
			}
			if mt != "application/json" {
				return nil, badRequest("hook_payload_invalid_content_type", "Invalid JSON response. Received content-type: %s", ct)
			}
			if rerr != nil {
				return nil, rerr
			}
			return body, nil
		case http.StatusTooManyRequests, http.StatusServiceUnavailable:
			if rsp.Header.Get("retry-after") != "" {
				continue
			}
			return nil, internalError(nil, "Service currently unavailable due to hook")
		case http.StatusBadRequest:
			return nil, internalError(nil, "Invalid payload sent to hook")
		case http.StatusUnauthorized:
			return nil, internalError(nil, "Hook requires authorization token")
		default:
			return nil, internalError(nil, "Unexpected status code returned from hook: %d", rsp.StatusCode)
		}
	}
	return nil, internalError(nil, "Service currently unavailable due to hook")
}

func readHookBody(rsp *http.Response) ([]byte, error) {
	body, err := io.ReadAll(io.LimitReader(rsp.Body, httpHookMaxBytes+1))
	if err != nil {
		return nil, err
	}
	if len(body) > httpHookMaxBytes {
		return nil, unprocessable("hook_payload_over_size_limit", "Payload size exceeded size limit of %d bytes", httpHookMaxBytes)
	}
	return body, nil
}

// hookTransport dials loopback addresses only, unless AllowExternal:
// a local project's hooks are local functions.
func (s *Server) hookTransport() http.RoundTripper {
	allow := s.cfg.Hooks.AllowExternal
	d := &net.Dialer{Timeout: httpHookTimeout, Control: func(_, address string, _ syscall.RawConn) error {
		if allow {
			return nil
		}
		host, _, err := net.SplitHostPort(address)
		if err != nil {
			return err
		}
		if ip := net.ParseIP(host); ip == nil || !ip.IsLoopback() {
			return fmt.Errorf("auth: hook address %s is not loopback (set TINYBASE_NET_ALLOW_EXTERNAL=true to allow it)", host)
		}
		return nil
	}}
	return &http.Transport{DialContext: d.DialContext, TLSHandshakeTimeout: httpHookTimeout, DisableKeepAlives: true}
}

// signWebhook returns the standard-webhooks signatures of a payload, one
// per "v1,whsec_<base64 key>" secret: "v1," + base64(HMAC-SHA256(key,
// id.timestamp.payload)).
func signWebhook(secrets []string, msgID string, at time.Time, payload []byte) ([]string, error) {
	var out []string
	for _, secret := range secrets {
		if !strings.HasPrefix(secret, "v1,") {
			return nil, errors.New("invalid signature format")
		}
		key, err := base64.StdEncoding.DecodeString(strings.TrimPrefix(strings.TrimPrefix(secret, "v1,"), "whsec_"))
		if err != nil {
			return nil, fmt.Errorf("invalid webhook secret: %w", err)
		}
		mac := hmac.New(sha256.New, key)
		fmt.Fprintf(mac, "%s.%d.", msgID, at.Unix())
		mac.Write(payload)
		out = append(out, "v1,"+base64.StdEncoding.EncodeToString(mac.Sum(nil)))
	}
	return out, nil
}
