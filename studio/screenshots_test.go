package studio_test

import (
	"os"
	"path/filepath"
	"testing"
)

// TestScreenshots writes the README's pictures of each page:
// go test ./studio -run TestScreenshots -screenshots
func TestScreenshots(t *testing.T) {
	if !*screenshots {
		t.Skip("pass -screenshots to write docs/studio/*.png")
	}
	pr := newProject(t, testMail)
	p := &page{t: t, drv: chromium(t), base: pr.studio}
	out := filepath.Join("..", "docs", "studio")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	shot := func(name string) {
		t.Helper()
		b, err := p.drv.screenshot()
		if err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(filepath.Join(out, name+".png"), b, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	p.open("/tables/public/todos")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
	shot("tables")
	p.set(`#view-role`, "anon")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '2'`)
	shot("tables-anon")
	p.set(`#view-role`, "")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
	p.do(`document.querySelectorAll('button[aria-label^="Edit row"]')[0].click()`)
	p.wait(`document.querySelector('dialog[open] #field-title')`)
	shot("row-edit")
	p.open("/sql")
	p.set(`#sql-text`, "select id, title, mood\nfrom public.todos\nwhere mood = 'happy';\nselect * from public.todo")
	p.click(`#sql-run`)
	p.wait(`document.querySelector('#sql-error-pos')`)
	shot("sql-error")
	p.set(`#sql-text`, "select t.id, t.title, n.body\nfrom public.todos t left join public.notes n on n.todo_id = t.id\norder by t.id")
	p.click(`#sql-run`)
	p.wait(`document.querySelectorAll('#sql-out tbody tr').length === 4`)
	shot("sql")
	p.open("/policies")
	p.wait(`document.querySelector('#advisors .finding')`)
	shot("policies")
	p.click(`button[aria-label="New policy on public.todos"]`)
	p.wait(`document.querySelector('dialog[open] #policy-name')`)
	p.set(`#policy-name`, "insert own todos")
	p.set(`#policy-command`, "INSERT")
	p.set(`#policy-check`, "owner = auth.uid()")
	p.wait(`document.querySelector('#policy-sql').textContent.includes('WITH CHECK')`)
	shot("policy-form")
	p.open("/tables/public/todos")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
	p.click(`#table-new`)
	p.wait(`document.querySelector('dialog[open] #table-name')`)
	p.set(`#table-name`, "comments")
	p.click(`#column-add`)
	p.set(`#col-name-3`, "todo_id")
	p.set(`#col-type-3`, "bigint")
	p.click(`#column-add`)
	p.set(`#col-name-4`, "body")
	p.click(`#col-notnull-4`)
	p.wait(`document.querySelector('#table-sql').textContent.includes('body text NOT NULL')`)
	shot("table-form")
	p.open("/auth")
	p.wait(`document.querySelector('#user-list tbody tr')`)
	shot("auth")
	p.open("/schema/public")
	p.wait(`document.querySelector('#schema-svg')`)
	shot("schema")
	p.open("/logs")
	p.wait(`document.querySelector('#log-out tbody tr')`)
	shot("logs")
	p.open("/migrations")
	p.wait(`document.querySelector('#main table')`)
	shot("migrations")
	p.open("/sql")
	p.set(`#sql-text`, "insert into storage.buckets (id, name, public) values ('avatars', 'avatars', true)")
	p.click(`#sql-run`)
	p.wait(`document.querySelector('#sql-tags')`)
	p.open("/storage/avatars")
	p.wait(`document.querySelector('#upload-file')`)
	f := filepath.Join(t.TempDir(), "alice.png")
	if err := os.WriteFile(f, []byte("not really a png"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := p.drv.setFiles("#upload-file", []string{f}); err != nil {
		t.Fatal(err)
	}
	p.click(`#upload`)
	p.wait(`[...document.querySelectorAll('#main td')].some(td => td.textContent === 'alice.png')`)
	p.do(`[...document.querySelectorAll('#main button')].find(b => b.textContent === 'Signed URL').click()`)
	p.wait(`document.querySelector('#object-url').value`)
	shot("storage")
	p.open("/inbox/m1")
	p.wait(`document.querySelector('#mail')`)
	shot("inbox")
}
