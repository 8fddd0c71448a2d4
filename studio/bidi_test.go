package studio_test

import (
	"bufio"
	"context"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/coder/websocket"
)

// bidi is a minimal WebDriver BiDi client (https://w3c.github.io/webdriver-bidi/)
// over Firefox's built-in remote agent: commands are JSON objects
// {id, method, params} on one WebSocket, answered by {type: "success" |
// "error", id, ...}; events arrive as {type: "event", method, params}.
// No Go library for BiDi is on the module proxy, and it is all the
// Firefox browser test needs.
type bidi struct {
	conn    *websocket.Conn
	onEvent func(method string, params json.RawMessage)

	mu      sync.Mutex
	next    int
	waiting map[int]chan bidiReply
	err     error // why the connection ended
}

type bidiReply struct {
	Type    string          `json:"type"`
	ID      *int            `json:"id"`
	Method  string          `json:"method"`
	Params  json.RawMessage `json:"params"`
	Result  json.RawMessage `json:"result"`
	Error   string          `json:"error"`
	Message string          `json:"message"`
}

func dialBiDi(ctx context.Context, url string, onEvent func(string, json.RawMessage)) (*bidi, error) {
	conn, _, err := websocket.Dial(ctx, url, nil)
	if err != nil {
		return nil, err
	}
	conn.SetReadLimit(64 << 20) // screenshots
	b := &bidi{conn: conn, onEvent: onEvent, waiting: map[int]chan bidiReply{}}
	go b.read()
	return b, nil
}

func (b *bidi) read() {
	for {
		_, data, err := b.conn.Read(context.Background())
		if err != nil {
			b.mu.Lock()
			b.err = err
			for id, ch := range b.waiting {
				close(ch)
				delete(b.waiting, id)
			}
			b.mu.Unlock()
			return
		}
		var r bidiReply
		if json.Unmarshal(data, &r) != nil {
			continue
		}
		if r.Type == "event" {
			if b.onEvent != nil {
				b.onEvent(r.Method, r.Params)
			}
			continue
		}
		if r.ID == nil {
			continue
		}
		b.mu.Lock()
		ch := b.waiting[*r.ID]
		delete(b.waiting, *r.ID)
		b.mu.Unlock()
		if ch != nil {
			ch <- r
		}
	}
}

// call sends one command and decodes its result into out (when not nil).
func (b *bidi) call(ctx context.Context, method string, params, out any) error {
	if params == nil {
		params = map[string]any{}
	}
	ch := make(chan bidiReply, 1)
	b.mu.Lock()
	if b.err != nil {
		b.mu.Unlock()
		return fmt.Errorf("bidi %s: connection closed: %w", method, b.err)
	}
	b.next++
	id := b.next
	b.waiting[id] = ch
	b.mu.Unlock()
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return err
	}
	if err := b.conn.Write(ctx, websocket.MessageText, msg); err != nil {
		return fmt.Errorf("bidi %s: %w", method, err)
	}
	select {
	case r, ok := <-ch:
		if !ok {
			return fmt.Errorf("bidi %s: connection closed", method)
		}
		if r.Type == "error" {
			return fmt.Errorf("bidi %s: %s: %s", method, r.Error, r.Message)
		}
		if out != nil {
			return json.Unmarshal(r.Result, out)
		}
		return nil
	case <-ctx.Done():
		b.mu.Lock()
		delete(b.waiting, id)
		b.mu.Unlock()
		return fmt.Errorf("bidi %s: %w", method, ctx.Err())
	}
}

// firefoxTab is the one tab of a headless Firefox driven over BiDi.
type firefoxTab struct {
	b   *bidi
	ctx string // the browsing context's id

	mu   sync.Mutex
	errs []string
}

// firefoxPrefs go into the test profile's user.js. The remote agent
// sets its own recommended prefs (no updates, telemetry or first-run
// pages); forceResolve makes every host name this machine, so
// rebind.test reaches the dashboard as a DNS rebinding attacker's name
// would, and nothing the browser asks for leaves the machine. JSON is
// shown as text rather than in the JSON viewer, whose page is not the
// site's origin.
const firefoxPrefs = `user_pref("network.dns.forceResolve", "127.0.0.1");
user_pref("browser.shell.checkDefaultBrowser", false);
user_pref("devtools.jsonview.enabled", false);
user_pref("datareporting.policy.dataSubmissionEnabled", false);
`

// firefox starts one headless Firefox (Debian's firefox-esr) with a
// fresh profile and opens a BiDi session on its first tab.
func firefox(t *testing.T) *firefoxTab {
	t.Helper()
	bin := lookBrowser(t, "firefox-esr", "firefox-esr", "firefox")
	profile := t.TempDir()
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(firefoxPrefs), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(bin, "--headless", "--no-remote", "--profile", profile, "--remote-debugging-port=0", "--window-size=1280,800", "about:blank")
	cmd.Env = append(os.Environ(), "MOZ_HEADLESS=1")
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatalf("starting %s: %v", bin, err)
	}
	exited := make(chan struct{})
	// Registered after TempDir, so it runs first: the profile is removed
	// only once Firefox has let go of it.
	t.Cleanup(func() {
		select {
		case <-exited:
		case <-time.After(5 * time.Second):
			cmd.Process.Kill()
			<-exited
		}
	})
	// Firefox prints the agent's address on stderr; the rest of stderr is
	// kept for a failure message.
	addr := make(chan string, 1)
	var logMu sync.Mutex
	var logTail []string
	go func() {
		sc := bufio.NewScanner(stderr)
		for sc.Scan() {
			line := sc.Text()
			if _, url, ok := strings.Cut(line, "WebDriver BiDi listening on "); ok {
				select {
				case addr <- strings.TrimSpace(url):
				default:
				}
			}
			logMu.Lock()
			if logTail = append(logTail, line); len(logTail) > 20 {
				logTail = logTail[1:]
			}
			logMu.Unlock()
		}
		cmd.Wait()
		close(exited)
	}()
	var url string
	select {
	case url = <-addr:
	case <-exited:
		t.Fatalf("%s exited before its remote agent listened:\n%s", bin, strings.Join(logTail, "\n"))
	case <-time.After(60 * time.Second):
		cmd.Process.Kill()
		t.Fatalf("%s did not start its remote agent in 60s:\n%s", bin, strings.Join(logTail, "\n"))
	}
	// Startup is given long: a loaded CI machine can take a while to
	// lay out the first page.
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	tab := &firefoxTab{}
	b, err := dialBiDi(ctx, url+"/session", tab.event)
	if err != nil {
		cmd.Process.Kill()
		t.Fatalf("connecting to %s: %v", url, err)
	}
	tab.b = b
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		b.call(ctx, "browser.close", nil, nil)
		b.conn.CloseNow()
	})
	if err := b.call(ctx, "session.new", map[string]any{"capabilities": map[string]any{}}, nil); err != nil {
		t.Fatal(err)
	}
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
		} `json:"contexts"`
	}
	if err := b.call(ctx, "browsingContext.getTree", map[string]any{"maxDepth": 0}, &tree); err != nil {
		t.Fatal(err)
	}
	if len(tree.Contexts) == 0 {
		t.Fatal("firefox has no tab")
	}
	tab.ctx = tree.Contexts[0].Context
	if err := b.call(ctx, "session.subscribe", map[string]any{"events": []string{"log.entryAdded"}}, nil); err != nil {
		t.Fatal(err)
	}
	if err := b.call(ctx, "browsingContext.setViewport", map[string]any{"context": tab.ctx, "viewport": map[string]int{"width": 1280, "height": 800}}, nil); err != nil {
		t.Fatal(err)
	}
	return tab
}

// event keeps log.entryAdded errors: uncaught exceptions (type
// javascript) and console.error.
func (f *firefoxTab) event(method string, params json.RawMessage) {
	if method != "log.entryAdded" {
		return
	}
	var e struct {
		Type  string `json:"type"`
		Level string `json:"level"`
		Text  string `json:"text"`
	}
	if json.Unmarshal(params, &e) != nil || e.Level != "error" {
		return
	}
	f.mu.Lock()
	f.errs = append(f.errs, e.Type+": "+e.Text)
	f.mu.Unlock()
}

func (f *firefoxTab) call(method string, params map[string]any, out any) error {
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	params["context"] = f.ctx
	return f.b.call(ctx, method, params, out)
}

func (f *firefoxTab) navigate(url string) error {
	return f.call("browsingContext.navigate", map[string]any{"url": url, "wait": "complete"}, nil)
}

// remoteValue is a BiDi script result: a primitive's value, or a node's
// shared id.
type remoteValue struct {
	Type     string          `json:"type"`
	Value    json.RawMessage `json:"value"`
	SharedID string          `json:"sharedId"`
}

func (f *firefoxTab) evaluate(expr string) (remoteValue, error) {
	var res struct {
		Type             string      `json:"type"`
		Result           remoteValue `json:"result"`
		ExceptionDetails struct {
			Text string `json:"text"`
		} `json:"exceptionDetails"`
	}
	ctx, cancel := context.WithTimeout(context.Background(), opTimeout)
	defer cancel()
	err := f.b.call(ctx, "script.evaluate", map[string]any{
		"expression": expr, "awaitPromise": true, "resultOwnership": "none",
		"target": map[string]string{"context": f.ctx},
	}, &res)
	if err != nil {
		return remoteValue{}, err
	}
	if res.Type == "exception" {
		return remoteValue{}, errors.New(res.ExceptionDetails.Text)
	}
	return res.Result, nil
}

func (f *firefoxTab) evalString(expr string) (string, error) {
	v, err := f.evaluate(expr)
	if err != nil {
		return "", err
	}
	if v.Type != "string" {
		return "", fmt.Errorf("%s is a %s, not a string", expr, v.Type)
	}
	var s string
	return s, json.Unmarshal(v.Value, &s)
}

func (f *firefoxTab) setFiles(sel string, paths []string) error {
	v, err := f.evaluate(fmt.Sprintf("document.querySelector(%q)", sel))
	if err != nil {
		return err
	}
	if v.Type != "node" {
		return fmt.Errorf("%s: no element", sel)
	}
	return f.call("input.setFiles", map[string]any{"element": map[string]string{"sharedId": v.SharedID}, "files": paths}, nil)
}

// webdriverKeys are the WebDriver code points of the keys the tests press.
var webdriverKeys = map[string]string{
	"Tab": "\uE004", "Enter": "\uE007", "Escape": "\uE00C", "Backspace": "\uE003",
	"ArrowLeft": "\uE012", "ArrowUp": "\uE013", "ArrowRight": "\uE014", "ArrowDown": "\uE015",
	"Home": "\uE011", "End": "\uE010", "Shift": "\uE008", "Control": "\uE009",
}

func (f *firefoxTab) press(key string, mods ...string) error {
	code := func(k string) string {
		if c, ok := webdriverKeys[k]; ok {
			return c
		}
		return k
	}
	var acts []map[string]string
	for _, m := range mods {
		acts = append(acts, map[string]string{"type": "keyDown", "value": code(m)})
	}
	acts = append(acts, map[string]string{"type": "keyDown", "value": code(key)}, map[string]string{"type": "keyUp", "value": code(key)})
	for i := len(mods) - 1; i >= 0; i-- {
		acts = append(acts, map[string]string{"type": "keyUp", "value": code(mods[i])})
	}
	return f.call("input.performActions", map[string]any{"actions": []any{map[string]any{"type": "key", "id": "keyboard", "actions": acts}}}, nil)
}

func (f *firefoxTab) screenshot() ([]byte, error) {
	var res struct {
		Data string `json:"data"`
	}
	if err := f.call("browsingContext.captureScreenshot", map[string]any{}, &res); err != nil {
		return nil, err
	}
	return base64.StdEncoding.DecodeString(res.Data)
}

func (f *firefoxTab) scriptErrors() []string {
	f.mu.Lock()
	defer f.mu.Unlock()
	errs := f.errs
	f.errs = nil
	return errs
}
