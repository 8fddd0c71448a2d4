package studio_test

import (
	"encoding/json"
	"io"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// runFlows drives each page's main flow of the dashboard served by pr in
// the browser behind drv: TestBrowser runs them in Chromium, TestFirefox
// in Firefox.
func runFlows(t *testing.T, drv driver, pr *project) {
	p := &page{t: t, drv: drv, base: pr.studio}
	// run is one flow as a subtest; the page must raise no script error
	// and every control on it must have a name.
	run := func(name string, fn func(t *testing.T)) {
		t.Run(name, func(t *testing.T) {
			p.t = t
			fn(t)
			p.noScriptErrors()
			p.labelled()
		})
	}

	run("tables", func(t *testing.T) {
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
		p.do(`[...document.querySelectorAll('.table-out tbody tr')].find(tr => tr.textContent.includes('from the browser')).querySelector('button[aria-label^="Edit row"]').click()`)
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
		p.do(`window.confirm = () => true; [...document.querySelectorAll('.table-out tbody tr')].find(tr => tr.textContent.includes('edited in the browser')).querySelector('button[aria-label^="Delete row"]').click()`)
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4' && ![...document.querySelectorAll('.table-out td')].some(td => td.textContent === 'edited in the browser')`)
		p.noXSS()
	})

	run("role switch", func(t *testing.T) {
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

	run("foreign key link", func(t *testing.T) {
		p.open("/tables/public/notes")
		p.wait(`document.querySelector('.table-out td a')`)
		// The foreign key's input suggests the referenced keys.
		p.do(`document.querySelector('button[aria-label^="Edit row"]').click()`)
		p.wait(`document.querySelectorAll('dialog[open] #field-todo_id-refs option').length === 4`)
		p.do(`document.querySelector('dialog[open]').close()`)
		p.click(`.table-out td a`)
		p.wait(`location.hash.startsWith('#/tables/public/todos') && document.querySelector('.table-out')?.dataset.rows === '1'`)
	})

	run("sql editor", func(t *testing.T) {
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

	run("policies and advisors", func(t *testing.T) {
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

	run("auth users", func(t *testing.T) {
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

	run("schema", func(t *testing.T) {
		p.open("/schema/public")
		p.wait(`document.querySelector('#schema-svg g[data-table=todos]') && document.querySelectorAll('#schema-svg path.fk').length >= 1`)
		p.do(`document.querySelector('#schema-svg g[data-table=notes] a').dispatchEvent(new MouseEvent('click', {bubbles: true}))`)
		p.wait(`location.hash === '#/tables/public/notes' && document.querySelector('.table-out')?.dataset.rows === '1'`)
	})

	run("logs, migrations, storage", func(t *testing.T) {
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
		if err := p.drv.setFiles("#upload-file", []string{f}); err != nil {
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

	run("inbox", func(t *testing.T) {
		p.open("/inbox")
		p.wait(`[...document.querySelectorAll('#main td a')].some(a => a.textContent === 'Confirm your signup')`)
		p.click(`#main td a`)
		p.wait(`document.querySelector('#mail pre')?.textContent.includes('verify?token=abc')`)
		p.wait(`document.querySelector('#mail iframe[sandbox]')`)
		p.noXSS()
	})

	run("policy form", func(t *testing.T) {
		p.open("/policies")
		p.wait(`document.querySelector('article[data-table="public.notes"]')`)
		p.click(`button[aria-label="New policy on public.notes"]`)
		p.wait(`document.querySelector('dialog[open] #policy-name')`)
		p.labelled()
		p.set(`#policy-name`, "notes for anon")
		p.set(`#policy-command`, "SELECT")
		if !js[bool](p, `document.querySelector('#policy-check').disabled && !document.querySelector('#policy-using').disabled`) {
			t.Error("SELECT should take USING only")
		}
		p.click(`#policy-role-anon`)
		p.set(`#policy-using`, "body is not null")
		// The statement as it will run: quoted name, the expression as typed.
		want := "CREATE POLICY \"notes for anon\" ON public.notes\n  AS PERMISSIVE\n  FOR SELECT\n  TO anon, authenticated\n  USING (body is not null);"
		p.wait(`document.querySelector('#policy-sql').textContent === ` + jsString(want))
		p.click(`#policy-create`)
		p.wait(`!document.querySelector('dialog') && document.querySelector('article[data-table="public.notes"] table')?.textContent.includes('notes for anon')`)
		// Again: the name is taken, 42710 in the dialog.
		p.click(`button[aria-label="New policy on public.notes"]`)
		p.wait(`document.querySelector('dialog[open] #policy-name')`)
		p.set(`#policy-name`, "notes for anon")
		p.set(`#policy-using`, "true")
		p.click(`#policy-create`)
		p.wait(`document.querySelector('dialog[open] .error .sqlstate')?.textContent === '42710'`)
		// An expression that would close its parenthesis: refused, 42601.
		p.set(`#policy-name`, "other")
		p.set(`#policy-using`, "true) with check (false")
		p.click(`#policy-create`)
		p.wait(`document.querySelector('dialog[open] .error .sqlstate')?.textContent === '42601'`)
		p.do(`document.querySelector('dialog[open]').close()`)
		p.wait(`!document.querySelector('dialog')`)
		// With RLS on, the policy is what anon sees of notes.
		p.click(`button[data-key="rls-public.notes"]`)
		p.wait(`document.querySelector('article[data-table="public.notes"] .badge.on')`)
		p.open("/tables/public/notes")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '1'`)
		p.set(`#view-role`, "anon")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '1'`)
		p.set(`#view-role`, "")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '1'`)
		// Drop it and turn RLS off again.
		p.open("/policies")
		p.wait(`document.querySelector('article[data-table="public.notes"] table')`)
		p.do(`window.confirm = () => true; document.querySelector('button[aria-label="Drop policy notes for anon on public.notes"]').click()`)
		p.wait(`!document.querySelector('article[data-table="public.notes"] table')`)
		p.click(`button[data-key="rls-public.notes"]`)
		p.wait(`document.querySelector('article[data-table="public.notes"] .badge.off')`)
	})

	run("table form", func(t *testing.T) {
		p.open("/tables/public/todos")
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
		p.click(`#table-new`)
		p.wait(`document.querySelector('dialog[open] #table-name')`)
		p.labelled()
		p.set(`#table-name`, "labels")
		p.click(`#column-add`)
		p.set(`#col-name-3`, "label")
		p.set(`#col-type-3`, "nosuchtype")
		p.click(`#col-notnull-3`)
		want := "CREATE TABLE public.labels (\n  id bigint GENERATED BY DEFAULT AS IDENTITY,\n  created_at timestamptz NOT NULL DEFAULT (now()),\n  label nosuchtype NOT NULL,\n  PRIMARY KEY (id)\n);\nALTER TABLE public.labels ENABLE ROW LEVEL SECURITY;"
		p.wait(`document.querySelector('#table-sql').textContent === ` + jsString(want))
		// The database's error, with its SQLSTATE, in the dialog.
		p.click(`#table-create`)
		p.wait(`document.querySelector('dialog[open] .error .sqlstate')?.textContent === '42704'`)
		p.set(`#col-type-3`, "text")
		p.click(`#table-create`)
		p.wait(`location.hash === '#/tables/public/labels' && document.querySelector('.table-out')?.dataset.rows === '0' && !document.querySelector('dialog')`)
		if got := js[string](p, `document.querySelector('#main h2').textContent + ' ' + [...document.querySelectorAll('button.sort')].map(b => b.dataset.col).join(',')`); got != "public.labelsRLS id,created_at,label" {
			t.Errorf("the new table: %q", got)
		}
		p.click(`#row-insert`)
		p.wait(`document.querySelector('dialog[open] #field-label')`)
		p.set(`#field-label`, "first")
		p.click(`#row-save`)
		p.wait(`document.querySelector('.table-out')?.dataset.rows === '1' && document.querySelector('.table-out tbody td:nth-child(2)')?.textContent === '1'`)
	})

	run("dns rebinding", func(t *testing.T) {
		port := pr.studio[strings.LastIndex(pr.studio, ":")+1:]
		if err := p.drv.navigate("http://rebind.test:" + port + "/"); err != nil {
			t.Fatal(err)
		}
		// The answer as fetched, not as shown: Firefox renders JSON in
		// its viewer.
		body := js[string](p, `fetch(location.href).then(async r => r.status + ' ' + await r.text())`)
		if !strings.HasPrefix(body, `403 {"error"`) || !strings.Contains(body, "local host") {
			t.Errorf("a rebinding name was served: %s", body)
		}
		if js[bool](p, `!!document.querySelector('header nav')`) {
			t.Error("the dashboard rendered under a foreign host name")
		}
	})
}

// jsString is s as a JavaScript string literal.
func jsString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
