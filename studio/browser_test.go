package studio_test

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/runtime"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"
	"github.com/tinybase/tinybase/studio"
)

var screenshots = flag.Bool("screenshots", false, "write a PNG of each page to docs/studio/ (TestScreenshots)")

// driver is one tab of a real browser, as the browser tests use it:
// Chromium through the DevTools protocol (chromedp), Firefox through
// WebDriver BiDi (bidi_test.go).
type driver interface {
	// navigate loads url and waits for the load event.
	navigate(url string) error
	// evalString evaluates expr, awaiting a promise, whose value is a string.
	evalString(expr string) (string, error)
	// setFiles picks files in the <input type=file> selector names.
	setFiles(selector string, paths []string) error
	// press sends one trusted key press to the focused element: key is a
	// DOM key name ("Tab", "Enter", "Escape", " ", "ArrowDown", "a"),
	// held with the modifiers ("Shift", "Control").
	press(key string, mods ...string) error
	screenshot() ([]byte, error)
	// scriptErrors returns the uncaught script errors and console.error
	// messages since its last call.
	scriptErrors() []string
}

// lookBrowser finds the first of names on PATH. Without one the test
// skips, except under .ci/run (TINYBASE_BROWSER_TESTS=1) or CI, where it
// fails.
func lookBrowser(t *testing.T, pkg string, names ...string) string {
	t.Helper()
	for _, name := range names {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := fmt.Sprintf("no %s on PATH: the dashboard's browser tests need one (Debian: apt-get install %s)", strings.Join(names, ", "), pkg)
	if os.Getenv("TINYBASE_BROWSER_TESTS") != "" || os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// chromiumTab is a tab of a headless Chromium (Debian's chromium package)
// driven with chromedp.
type chromiumTab struct {
	ctx  context.Context
	mu   sync.Mutex
	errs []string
}

// chromium starts one headless Chromium for a test. rebind.test resolves
// to 127.0.0.1, as a DNS rebinding attacker's name would.
func chromium(t *testing.T) *chromiumTab {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(lookBrowser(t, "chromium", "chromium", "chromium-browser", "google-chrome")),
		chromedp.WindowSize(1280, 800),
		chromedp.Flag("host-resolver-rules", "MAP rebind.test 127.0.0.1"),
		chromedp.Flag("disable-gpu", true),
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	tab := &chromiumTab{ctx: ctx}
	// Listen starts the browser; the listener only keeps the message.
	err := chromedp.Listen(ctx, func(ev any) {
		var msg string
		switch ev := ev.(type) {
		case *runtime.EventExceptionThrown:
			msg = ev.ExceptionDetails.Text
			if ex := ev.ExceptionDetails.Exception; ex != nil && ex.Description != "" {
				msg += " " + ex.Description
			}
		case *runtime.EventConsoleAPICalled:
			if ev.Type != runtime.ConsoleAPICalledTypeError {
				return
			}
			var parts []string
			for _, a := range ev.Args {
				v := strings.Trim(string(a.Value), `"`)
				if v == "" {
					v = a.Description
				}
				parts = append(parts, v)
			}
			msg = "console.error: " + strings.Join(parts, " ")
		default:
			return
		}
		tab.mu.Lock()
		tab.errs = append(tab.errs, msg)
		tab.mu.Unlock()
	})
	if err == nil {
		err = chromedp.Do(ctx, chromedp.Navigate("about:blank"))
	}
	if err != nil {
		cancel()
		cancelA()
		t.Fatalf("starting the browser: %v", err)
	}
	t.Cleanup(func() { cancel(); cancelA() })
	return tab
}

func (c *chromiumTab) run(a chromedp.Action[chromedp.Void]) error {
	ctx, cancel := context.WithTimeout(c.ctx, opTimeout)
	defer cancel()
	return chromedp.Do(ctx, a)
}

func (c *chromiumTab) navigate(url string) error { return c.run(chromedp.Navigate(url)) }

func (c *chromiumTab) evalString(expr string) (string, error) {
	ctx, cancel := context.WithTimeout(c.ctx, opTimeout)
	defer cancel()
	return chromedp.Run(ctx, chromedp.Evaluate[string](expr, chromedp.EvalAwaitPromise))
}

func (c *chromiumTab) setFiles(sel string, paths []string) error {
	return c.run(chromedp.SetUploadFiles(sel, paths))
}

// chromiumKeys maps DOM key names to chromedp's kb runes.
var chromiumKeys = map[string]string{
	"Tab": kb.Tab, "Enter": kb.Enter, "Escape": kb.Escape, "Backspace": kb.Backspace,
	"ArrowDown": kb.ArrowDown, "ArrowUp": kb.ArrowUp, "ArrowLeft": kb.ArrowLeft, "ArrowRight": kb.ArrowRight,
	"Home": kb.Home, "End": kb.End,
}

func (c *chromiumTab) press(key string, mods ...string) error {
	k, ok := chromiumKeys[key]
	if !ok {
		k = key
	}
	var ms []chromedp.Modifier
	for _, m := range mods {
		switch m {
		case "Shift":
			ms = append(ms, chromedp.ModifierShift)
		case "Control":
			ms = append(ms, chromedp.ModifierCtrl)
		default:
			return fmt.Errorf("modifier %q", m)
		}
	}
	return c.run(chromedp.KeyEvent(k, chromedp.KeyModifiers(ms...)))
}

func (c *chromiumTab) screenshot() ([]byte, error) {
	ctx, cancel := context.WithTimeout(c.ctx, opTimeout)
	defer cancel()
	return chromedp.Run(ctx, chromedp.CaptureScreenshot())
}

func (c *chromiumTab) scriptErrors() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	errs := c.errs
	c.errs = nil
	return errs
}

// opTimeout bounds one browser operation (a navigation, an evaluation):
// generous, for a CI machine under load.
const opTimeout = 30 * time.Second

// page is a tab of a browser on the dashboard.
type page struct {
	t    *testing.T
	drv  driver
	base string
}

func (p *page) open(hash string) {
	p.t.Helper()
	if err := p.drv.navigate(p.base + "/#" + hash); err != nil {
		p.t.Fatalf("open %s: %v", hash, err)
	}
	p.wait(`document.body.dataset.ready === '1'`)
}

// jsonOf wraps expr so that its value (a promise's, awaited) arrives as
// JSON text whichever protocol carries it.
func jsonOf(expr string) string {
	return "Promise.resolve((" + expr + ")).then(v => JSON.stringify(v === undefined ? null : v))"
}

// js evaluates expr (a promise is awaited) and returns its value.
func js[T any](p *page, expr string) T {
	p.t.Helper()
	var v T
	s, err := p.drv.evalString(jsonOf(expr))
	if err == nil {
		err = json.Unmarshal([]byte(s), &v)
	}
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// wait polls until expr is truthy; an evaluation that fails (a page
// still loading) is tried again.
func (p *page) wait(expr string) {
	p.t.Helper()
	deadline := time.Now().Add(opTimeout)
	var last error
	for time.Now().Before(deadline) {
		s, err := p.drv.evalString(jsonOf("!!(" + expr + ")"))
		if err == nil && s == "true" {
			return
		}
		last = err
		time.Sleep(20 * time.Millisecond)
	}
	body, _ := p.drv.evalString(`document.getElementById('main')?.innerText.slice(0, 800) ?? ''`)
	p.t.Fatalf("waiting for %s: timed out (last error: %v)\npage: %s", expr, last, body)
}

// do runs statements in the page (setting values, clicking).
func (p *page) do(stmts string) {
	p.t.Helper()
	js[any](p, "(() => {"+stmts+"})()")
}

// set sets a form control's value as typing would, firing input/change.
func (p *page) set(sel, value string) {
	p.t.Helper()
	p.do(fmt.Sprintf(`const el = document.querySelector(%q); el.value = %q; el.dispatchEvent(new Event('input', {bubbles: true})); el.dispatchEvent(new Event('change', {bubbles: true}));`, sel, value))
}

func (p *page) click(sel string) {
	p.t.Helper()
	p.do(fmt.Sprintf(`document.querySelector(%q).click()`, sel))
}

func (p *page) rows() int {
	p.t.Helper()
	return js[int](p, `document.querySelectorAll('.table-out tbody tr').length`)
}

func (p *page) noXSS() {
	p.t.Helper()
	if v := js[bool](p, `window.__xss !== undefined || document.querySelector('img[src=x]') !== null || [...document.scripts].some(s => s.textContent.includes('__xss'))`); v {
		p.t.Fatal("a row's markup was parsed: window.__xss is set or an <img src=x>/<script> exists")
	}
}

// noScriptErrors fails the test for every uncaught error or
// console.error the page raised since the last check.
func (p *page) noScriptErrors() {
	p.t.Helper()
	for _, e := range p.drv.scriptErrors() {
		p.t.Errorf("script error in the page: %s", e)
	}
}

type mailbox []studio.Message

// testMail is what the mail catcher would hold after a sign-up: a
// message whose HTML tries to run script, which the sandboxed frame must
// not allow.
var testMail = mailbox{{ID: "m1", From: "noreply@example.com", To: []string{"bob@example.com"}, Subject: "Confirm your signup",
	Text: "Follow this link to confirm your user: http://127.0.0.1:54321/auth/v1/verify?token=abc", HTML: `<p>Confirm</p><img src=x onerror="parent.window.__xss=3">`,
	Date: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}}

func (m mailbox) Messages(context.Context) ([]studio.Message, error) { return m, nil }

// TestBrowser drives every page of the dashboard in headless Chromium,
// then the main flows again by keyboard alone. (The keyboard flow runs
// in Chromium only: headless Firefox's window never has the system
// focus, so no element there matches :focus or gets focus events.)
func TestBrowser(t *testing.T) {
	tab := chromium(t)
	pr := newProject(t, testMail)
	runFlows(t, tab, pr)
	t.Run("keyboard", func(t *testing.T) {
		p := &page{t: t, drv: tab, base: pr.studio}
		keyboardFlow(t, p)
		p.noScriptErrors()
		p.labelled()
	})
}

// press sends a key press (with modifiers) to the focused element.
func (p *page) press(key string, mods ...string) {
	p.t.Helper()
	if err := p.drv.press(key, mods...); err != nil {
		p.t.Fatalf("press %s: %v", key, err)
	}
}

// typeText types s into the focused element, one key press a character.
func (p *page) typeText(s string) {
	p.t.Helper()
	for _, r := range s {
		p.press(string(r))
	}
}

// active describes the focused element for failure messages.
func (p *page) active() string {
	p.t.Helper()
	return js[string](p, `document.activeElement ? document.activeElement.outerHTML.slice(0, 160) : 'nothing'`)
}

// tabTo presses Tab (Shift+Tab when back) until the focused element
// matches sel, at most n times, then checks that it shows a focus
// outline: reachable in the Tab order, and visibly focused.
func (p *page) tabTo(sel string, n int, back bool) {
	p.t.Helper()
	var mods []string
	if back {
		mods = []string{"Shift"}
	}
	for range n {
		p.press("Tab", mods...)
		if js[bool](p, fmt.Sprintf(`document.activeElement?.matches(%q)`, sel)) {
			p.visibleFocus()
			return
		}
	}
	p.t.Fatalf("%d presses of Tab did not reach %s; focus is on %s", n, sel, p.active())
}

// visibleFocus checks that the focused element draws an outline.
func (p *page) visibleFocus() {
	p.t.Helper()
	if !js[bool](p, `(() => { const s = getComputedStyle(document.activeElement); return s.outlineStyle !== 'none' && parseFloat(s.outlineWidth) > 0; })()`) {
		p.t.Errorf("no visible focus outline on %s", p.active())
	}
}

// focusOn waits until the focused element matches sel.
func (p *page) focusOn(sel string) {
	p.t.Helper()
	p.wait(fmt.Sprintf(`document.activeElement?.matches(%q)`, sel))
}

// unlabelled lists the visible controls of the page with no accessible
// name (aria-label, aria-labelledby, a <label>, or a button's or link's
// text).
const unlabelled = `(() => {
  const name = el => {
    if (el.getAttribute('aria-label')) return el.getAttribute('aria-label').trim();
    if (el.getAttribute('aria-labelledby')) return el.getAttribute('aria-labelledby').split(/\s+/).map(id => document.getElementById(id)?.textContent || '').join(' ').trim();
    if (el.labels && el.labels.length) return [...el.labels].map(l => l.textContent).join(' ').trim();
    if (['button', 'a', 'summary'].includes(el.localName)) return el.textContent.trim() || (el.getAttribute('title') || '').trim();
    return (el.getAttribute('title') || '').trim();
  };
  return [...document.querySelectorAll('button, a[href], input:not([type=hidden]), select, textarea, summary, [tabindex]:not([tabindex="-1"])')]
    .filter(el => el.getClientRects().length && !name(el)).map(el => el.outerHTML.slice(0, 120));
})()`

func (p *page) labelled() {
	p.t.Helper()
	for _, el := range js[[]string](p, unlabelled) {
		p.t.Errorf("a control has no accessible name: %s", el)
	}
}
