package studio_test

import (
	"context"
	"flag"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/tinybase/tinybase/studio"
)

var screenshots = flag.Bool("screenshots", false, "write a PNG of each page to docs/studio/ (TestScreenshots)")

// browserPath finds Chromium (Debian's chromium package) or Chrome.
// Without one the browser tests skip, except under .ci/run
// (TINYBASE_BROWSER_TESTS=1) or CI, where they fail.
func browserPath(t *testing.T) string {
	t.Helper()
	for _, name := range []string{"chromium", "chromium-browser", "google-chrome"} {
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	msg := "no chromium, chromium-browser or google-chrome on PATH: the dashboard's browser tests need one (Debian: apt-get install chromium)"
	if os.Getenv("TINYBASE_BROWSER_TESTS") != "" || os.Getenv("CI") != "" {
		t.Fatal(msg)
	}
	t.Skip(msg)
	return ""
}

// browser starts one headless Chromium for a test; each returned context
// is a tab. rebind.test resolves to 127.0.0.1, as a DNS rebinding
// attacker's name would.
func browser(t *testing.T) context.Context {
	t.Helper()
	opts := append(chromedp.DefaultExecAllocatorOptions[:],
		chromedp.ExecPath(browserPath(t)),
		chromedp.WindowSize(1280, 800),
		chromedp.Flag("host-resolver-rules", "MAP rebind.test 127.0.0.1"),
		chromedp.Flag("disable-gpu", true),
	)
	if os.Geteuid() == 0 {
		opts = append(opts, chromedp.NoSandbox)
	}
	actx, cancelA := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx, chromedp.Navigate("about:blank")); err != nil {
		cancel()
		cancelA()
		t.Fatalf("starting the browser: %v", err)
	}
	t.Cleanup(func() { cancel(); cancelA() })
	return ctx
}

// page is a tab of the browser on the dashboard.
type page struct {
	t    *testing.T
	ctx  context.Context
	base string
}

func (p *page) open(hash string) {
	p.t.Helper()
	if err := chromedp.Do(p.ctx, chromedp.Navigate(p.base+"/#"+hash)); err != nil {
		p.t.Fatalf("open %s: %v", hash, err)
	}
	p.wait(`document.body.dataset.ready === '1'`)
}

// js evaluates expr (a promise is awaited) and returns its value.
func js[T any](p *page, expr string) T {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 10*time.Second)
	defer cancel()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		p.t.Fatalf("%s: %v", expr, err)
	}
	return v
}

// wait polls until expr is truthy.
func (p *page) wait(expr string) {
	p.t.Helper()
	ctx, cancel := context.WithTimeout(p.ctx, 20*time.Second)
	defer cancel()
	if _, err := chromedp.Run(ctx, chromedp.Poll[chromedp.Void](expr, chromedp.WithPollingTimeout(15*time.Second), chromedp.WithPollingInterval(20*time.Millisecond))); err != nil {
		body := ""
		if b, err := chromedp.Run(p.ctx, chromedp.Evaluate[string](`document.getElementById('main')?.innerText.slice(0, 800)`)); err == nil {
			body = b
		}
		p.t.Fatalf("waiting for %s: %v\npage: %s", expr, err, body)
	}
}

// do runs statements in the page (setting values, clicking).
func (p *page) do(stmts string) {
	p.t.Helper()
	js[chromedp.Void](p, "(() => {"+stmts+"})()")
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

type mailbox []studio.Message

// testMail is what the mail catcher would hold after a sign-up: a
// message whose HTML tries to run script, which the sandboxed frame must
// not allow.
var testMail = mailbox{{ID: "m1", From: "noreply@example.com", To: []string{"bob@example.com"}, Subject: "Confirm your signup",
	Text: "Follow this link to confirm your user: http://127.0.0.1:54321/auth/v1/verify?token=abc", HTML: `<p>Confirm</p><img src=x onerror="parent.window.__xss=3">`,
	Date: time.Date(2024, 1, 2, 3, 4, 5, 0, time.UTC)}}

func (m mailbox) Messages(context.Context) ([]studio.Message, error) { return m, nil }

func TestBrowser(t *testing.T) {
	bctx := browser(t)
	pr := newProject(t, testMail)
	p := &page{t: t, ctx: bctx, base: pr.studio}

	t.Run("tables", func(t *testing.T) {
		p.t = t
		p.open("/tables/public/todos")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
		if !js[bool](p, `[...document.querySelectorAll('.rel-list a')].some(a => a.textContent === 'notes')`) {
			t.Error("the sidebar does not list notes")
		}
		// The markup row is text on screen, and nothing of it ran.
		if !js[bool](p, `[...document.querySelectorAll('.table-out td')].some(td => td.textContent.startsWith('<img src=x onerror='))`) {
			t.Error("the markup row is not shown as text")
		}
		p.noXSS()
		// Sort by title descending: the markup row ('<' sorts first) is last.
		p.click(`button.sort[data-col=title]`)
		p.wait(`document.querySelector('button.sort[data-col=title]').textContent.includes('▲')`)
		p.click(`button.sort[data-col=title]`)
		p.wait(`document.querySelector('button.sort[data-col=title]').textContent.includes('▼') && document.querySelector('.table-out tbody tr td:nth-child(3)')?.textContent === 'hidden'`)
		// Filter.
		p.set(`#filter-col`, "title")
		p.set(`#filter-op`, "ilike")
		p.set(`#filter-val`, "milk")
		p.click(`#filter-add`)
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '1'`)
		p.click(`.chips .chip`)
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)

		// Insert with typed inputs: the enum is a select with its labels.
		p.click(`#row-insert`)
		p.wait(`document.querySelector('dialog[open] #field-mood')`)
		if got := js[string](p, `[...document.querySelectorAll('#field-mood option')].map(o => o.value).join(',')`); got != ",happy,sad" {
			t.Errorf("mood options: %q", got)
		}
		if got := js[string](p, `document.querySelector('#field-done').tagName + document.querySelector('#field-meta').tagName`); got != "SELECTTEXTAREA" {
			t.Errorf("boolean and jsonb inputs: %s", got)
		}
		p.set(`#field-title`, "from the browser")
		p.set(`#field-mood`, "sad")
		p.set(`#field-meta`, `{"k": [1, 2]}`)
		p.click(`#row-save`)
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '5' && !document.querySelector('dialog[open]')`)
		// Edit it.
		p.do(`[...document.querySelectorAll('.table-out tbody tr')].find(tr => tr.textContent.includes('from the browser')).querySelector('button[aria-label="Edit row"]').click()`)
		p.wait(`document.querySelector('dialog[open] #field-title')?.value === 'from the browser'`)
		p.set(`#field-title`, "edited in the browser")
		p.click(`#row-save`)
		p.wait(`[...document.querySelectorAll('.table-out td')].some(td => td.textContent === 'edited in the browser')`)
		// A bad enum value: the error shows its SQLSTATE in the dialog.
		p.click(`#row-insert`)
		p.wait(`document.querySelector('dialog[open] #field-title')`)
		p.set(`#field-title`, "x")
		p.do(`const s = document.querySelector('#field-mood'); s.append(new Option('angry', 'angry')); s.value = 'angry';`)
		p.click(`#row-save`)
		p.wait(`document.querySelector('dialog[open] .error .sqlstate')?.textContent === '22P02'`)
		p.do(`document.querySelector('dialog[open]').close()`)
		p.wait(`!document.querySelector('dialog')`)
		// Delete it.
		p.do(`window.confirm = () => true; [...document.querySelectorAll('.table-out tbody tr')].find(tr => tr.textContent.includes('edited in the browser')).querySelector('button[aria-label="Delete row"]').click()`)
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4' && ![...document.querySelectorAll('.table-out td')].some(td => td.textContent === 'edited in the browser')`)
		p.noXSS()
	})

	t.Run("role switch", func(t *testing.T) {
		p.t = t
		p.open("/tables/public/todos")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
		p.set(`#view-role`, "anon")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '2'`)
		p.set(`#view-role`, "authenticated")
		p.wait(`document.querySelector('#view-user option')?.textContent === 'alice@example.com' && document.querySelector('.table-out')?.dataset.rows === '3'`)
		if !js[bool](p, `[...document.querySelectorAll('.table-out td')].some(td => td.textContent === 'alice secret')`) {
			t.Error("alice does not see her own row")
		}
		p.set(`#view-role`, "service_role")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
		p.set(`#view-role`, "")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
		p.noXSS()
	})

	t.Run("foreign key link", func(t *testing.T) {
		p.t = t
		p.open("/tables/public/notes")
		p.wait(`document.querySelector('.table-out td a')`)
		// The foreign key's input suggests the referenced keys.
		p.do(`document.querySelector('button[aria-label="Edit row"]').click()`)
		p.wait(`document.querySelectorAll('dialog[open] #field-todo_id-refs option').length === 4`)
		p.do(`document.querySelector('dialog[open]').close()`)
		p.click(`.table-out td a`)
		p.wait(`location.hash.startsWith('#/tables/public/todos') && document.querySelector('.table-out')?.dataset.rows === '1'`)
	})

	t.Run("sql editor", func(t *testing.T) {
		p.t = t
		p.open("/sql")
		p.wait(`document.querySelector('#sql-text')`)
		p.set(`#sql-text`, "select 1 as one;\nselect * from nope")
		p.click(`#sql-run`)
		p.wait(`document.querySelector('#sql-out .sqlstate')?.textContent === '42P01'`)
		if got := js[string](p, `document.querySelector('#sql-error-pos mark').textContent`); got != "n" {
			t.Errorf("marked %q, want the n of nope", got)
		}
		p.set(`#sql-text`, "select id, title from public.todos order by id")
		p.click(`#sql-run`)
		p.wait(`document.querySelectorAll('#sql-out tbody tr').length === 4`)
		p.noXSS()
		p.wait(`document.querySelector('#sql-history li')?.textContent.includes('select id, title from public.todos')`)
		// EXPLAIN as a tree: a join's node holds its two scans.
		p.set(`#sql-text`, "select 1;\nselect * from public.todos t join public.notes n on n.todo_id = t.id")
		p.click(`#sql-explain`)
		p.wait(`document.querySelectorAll('#plan-tree details details').length >= 2 && document.querySelector('#plan-tree').textContent.includes('on notes')`)
		// Validate, then save as a migration file.
		p.set(`#sql-text`, "create table public.tags (id int primary key, name text);")
		p.click(`#sql-validate`)
		p.wait(`document.querySelector('#sql-verdict.ok')`)
		p.set(`#sql-text`, "create table public.todos (id int);")
		p.click(`#sql-validate`)
		p.wait(`document.querySelector('#sql-verdict.error .sqlstate')?.textContent === '42P07'`)
		p.set(`#sql-text`, "create table public.tags (id int primary key, name text);")
		p.set(`#migration-name`, "add_tags")
		p.click(`#sql-save`)
		p.wait(`document.querySelector('#sql-verdict.ok')?.textContent.includes('_add_tags.sql')`)
		m, _ := filepath.Glob(filepath.Join(pr.dir, "supabase", "migrations", "*_add_tags.sql"))
		if len(m) != 1 {
			t.Fatalf("saved migration: %v", m)
		}
		if b, _ := os.ReadFile(m[0]); !strings.Contains(string(b), "create table public.tags") {
			t.Errorf("saved file: %s", b)
		}
	})

	t.Run("policies and advisors", func(t *testing.T) {
		p.t = t
		p.open("/policies")
		p.wait(`document.querySelector('article[data-table="public.todos"] table')`)
		text := js[string](p, `document.querySelector('article[data-table="public.todos"]').textContent`)
		for _, want := range []string{"RLS enabled", "public todos", "own todos", "SELECT", "is_public", "auth.uid()"} {
			if !strings.Contains(text, want) {
				t.Errorf("policies card lacks %q: %s", want, text)
			}
		}
		// notes has RLS off: lint's rls_disabled_in_public, with its link.
		p.wait(`[...document.querySelectorAll('#advisors .finding')].some(f => f.textContent.includes('notes') && f.querySelector('a[href^="https://supabase.com/docs/guides/database/database-linter"]'))`)
	})

	t.Run("auth users", func(t *testing.T) {
		p.t = t
		p.open("/auth")
		p.wait(`document.querySelector('#user-list tbody tr')`)
		p.set(`#new-email`, "bob@example.com")
		p.set(`#new-password`, "correct horse battery")
		p.click(`#user-create`)
		p.wait(`[...document.querySelectorAll('#user-list td')].some(td => td.textContent === 'bob@example.com')`)
		p.set(`#user-search`, "bob")
		p.wait(`document.querySelectorAll('#user-list tbody tr').length === 1`)
		id := js[string](p, `document.querySelector('#user-list tbody tr td:nth-child(3)').textContent`)
		p.open("/auth/" + id)
		p.wait(`document.querySelector('#user-detail h4') && document.querySelector('#user-detail').textContent.includes('email')`)
		p.do(`window.confirm = () => true; document.querySelector('button[aria-label="Delete user bob@example.com"]').click()`)
		p.wait(`document.querySelector('#user-list tbody tr') && ![...document.querySelectorAll('#user-list td')].some(td => td.textContent === 'bob@example.com')`)
	})

	t.Run("schema", func(t *testing.T) {
		p.t = t
		p.open("/schema/public")
		p.wait(`document.querySelector('#schema-svg g[data-table=todos]') && document.querySelectorAll('#schema-svg path.fk').length >= 1`)
		p.do(`document.querySelector('#schema-svg g[data-table=notes] a').dispatchEvent(new MouseEvent('click', {bubbles: true}))`)
		p.wait(`location.hash === '#/tables/public/notes' && document.querySelector('.table-out')?.dataset.rows === '1'`)
	})

	t.Run("logs, migrations, storage", func(t *testing.T) {
		p.t = t
		p.open("/logs")
		p.wait(`document.querySelectorAll('#log-out tbody tr').length > 0`)
		p.open("/migrations")
		p.wait(`document.querySelector('#main').textContent.includes('20240101000000') && document.querySelector('#main').textContent.includes('pending')`)
		p.open("/sql")
		p.set(`#sql-text`, "insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true)")
		p.click(`#sql-run`)
		p.wait(`document.querySelector('#sql-tags')`)
		p.open("/storage")
		p.wait(`document.querySelector('#bucket-list a')?.textContent.startsWith('avatars')`)
		p.open("/storage/avatars")
		p.wait(`document.querySelector('#main h3')?.textContent === 'avatars/'`)
		// Upload an HTML file: listed, downloadable only as an attachment,
		// signed and public URLs on the API, then deleted.
		f := filepath.Join(t.TempDir(), "hello.html")
		if err := os.WriteFile(f, []byte("<script>window.__xss=4</script>hi"), 0o644); err != nil {
			t.Fatal(err)
		}
		if err := chromedp.Do(p.ctx, chromedp.SetUploadFiles("#upload-file", []string{f})); err != nil {
			t.Fatal(err)
		}
		p.click(`#upload`)
		p.wait(`[...document.querySelectorAll('#main td')].some(td => td.textContent === 'hello.html')`)
		got := js[string](p, `fetch(document.querySelector('a[download="hello.html"]').href).then(async r => r.headers.get('content-type') + ' ' + r.headers.get('content-disposition') + ' ' + await r.text())`)
		if got != "application/octet-stream attachment; filename*=UTF-8''hello.html <script>window.__xss=4</script>hi" {
			t.Errorf("download: %q", got)
		}
		p.do(`[...document.querySelectorAll('#main button')].find(b => b.textContent === 'Signed URL').click()`)
		p.wait(`document.querySelector('#object-url').value.includes('/storage/v1/object/sign/avatars/hello.html?token=')`)
		signed := js[string](p, `document.querySelector('#object-url').value`)
		resp, err := http.Get(signed)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := io.ReadAll(resp.Body)
		resp.Body.Close()
		if resp.StatusCode != 200 || string(b) != "<script>window.__xss=4</script>hi" {
			t.Errorf("signed URL %s: %d %s", signed, resp.StatusCode, b)
		}
		p.do(`[...document.querySelectorAll('#main button')].find(b => b.textContent === 'Public URL').click()`)
		p.wait(`document.querySelector('#object-url').value === '` + pr.srv.APIURL() + `/storage/v1/object/public/avatars/hello.html'`)
		p.do(`window.confirm = () => true; document.querySelector('button[aria-label="Delete hello.html"]').click()`)
		p.wait(`document.querySelector('#main h3') && ![...document.querySelectorAll('#main td')].some(td => td.textContent === 'hello.html')`)
		p.noXSS()
	})

	t.Run("inbox", func(t *testing.T) {
		p.t = t
		p.open("/inbox")
		p.wait(`[...document.querySelectorAll('#main td a')].some(a => a.textContent === 'Confirm your signup')`)
		p.click(`#main td a`)
		p.wait(`document.querySelector('#mail pre')?.textContent.includes('verify?token=abc')`)
		p.wait(`document.querySelector('#mail iframe[sandbox]')`)
		p.noXSS()
	})

	t.Run("dns rebinding", func(t *testing.T) {
		p.t = t
		port := pr.studio[strings.LastIndex(pr.studio, ":")+1:]
		if err := chromedp.Do(p.ctx, chromedp.Navigate("http://rebind.test:"+port+"/")); err != nil {
			t.Fatal(err)
		}
		body := js[string](p, `document.body.innerText`)
		if !strings.Contains(body, `"error"`) || !strings.Contains(body, "local host") {
			t.Errorf("a rebinding name was served: %s", body)
		}
		if js[bool](p, `!!document.querySelector('header nav')`) {
			t.Error("the dashboard rendered under a foreign host name")
		}
	})
}
