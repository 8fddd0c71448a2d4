package studio_test

import "testing"

// keyboardFlow drives the main flows with the keyboard alone: trusted
// key presses (Tab, Shift+Tab, Enter, Space, Escape, arrows, type-ahead
// in selects), each control reached through the Tab order and drawn with
// a focus outline, and focus kept in place when a page redraws. The page
// is only read with script, except window.confirm, the browser's own
// dialog, which is answered yes.
func keyboardFlow(t *testing.T, p *page) {
	if err := p.drv.navigate("about:blank"); err != nil {
		t.Fatal(err)
	}
	p.open("/tables")
	p.wait(`document.querySelector('.rel-list a')`)

	// The skip link comes first and moves focus to the content.
	p.tabTo(`#skip`, 1, false)
	p.press("Enter")
	p.focusOn(`#main`)

	// The sidebar: arrows move between tables, Enter opens one, and focus
	// stays on its link in the redrawn page.
	p.tabTo(`.rel-list a`, 5, false)
	p.press("End")
	p.focusOn(`.rel-list a[data-rel=todos]`)
	p.press("ArrowUp")
	p.focusOn(`.rel-list a[data-rel=pairs]`)
	p.press("ArrowDown")
	p.press("Enter")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
	p.focusOn(`.rel-list a.active[data-rel=todos]`)

	// View as anon by type-ahead in the role select, and back with Home.
	p.tabTo(`#view-role`, 5, false)
	p.typeText("a")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '2'`)
	p.press("Home")
	p.wait(`document.querySelector('#view-role').value === '' && document.querySelector('.table-out')?.dataset.rows === '4'`)

	// A filter: column and operator by type-ahead, the value typed, Enter
	// adds it; the chip removes it and hands focus back to the value.
	p.tabTo(`#filter-col`, 5, false)
	p.typeText("ti")
	p.tabTo(`#filter-op`, 1, false)
	p.typeText("c")
	p.tabTo(`#filter-val`, 1, false)
	p.typeText("milk")
	p.press("Enter")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '1'`)
	p.tabTo(`.chips .chip`, 3, false)
	p.press("Enter")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '4'`)
	p.focusOn(`#filter-val`)

	// The insert form: Escape closes it without inserting and focus goes
	// back to its button; Enter in a field submits it.
	p.tabTo(`#row-insert`, 5, false)
	p.press("Enter")
	p.wait(`document.querySelector('dialog[open]')?.contains(document.activeElement)`)
	p.press("Escape")
	p.wait(`!document.querySelector('dialog')`)
	p.focusOn(`#row-insert`)
	p.press(" ")
	p.wait(`document.querySelector('dialog[open]')?.contains(document.activeElement)`)
	p.tabTo(`#field-title`, 5, false)
	p.typeText("typed")
	p.press("Enter")
	p.wait(`!document.querySelector('dialog') && document.querySelector('.table-out')?.dataset.rows === '5'`)

	// Sort with Enter and Space on a column's button; focus stays on it.
	p.tabTo(`button.sort[data-col=title]`, 10, false)
	p.press("Enter")
	p.wait(`document.querySelector('button.sort[data-col=title]').textContent.includes('▲')`)
	p.focusOn(`button.sort[data-col=title]`)
	p.press(" ")
	p.wait(`document.querySelector('button.sort[data-col=title]').textContent.includes('▼') && document.querySelector('.table-out tbody tr td:nth-child(3)')?.textContent === 'typed'`)
	p.focusOn(`button.sort[data-col=title]`)

	// Arrows move from the header into the rows' actions and between
	// rows; Tab reaches the row's Delete, Enter deletes it, and focus
	// lands in the grid, not at the top of the page.
	p.press("ArrowDown")
	p.focusOn(`.table-out tbody tr:nth-child(1) button[aria-label^="Edit row"]`)
	p.press("ArrowDown")
	p.focusOn(`.table-out tbody tr:nth-child(2) button[aria-label^="Edit row"]`)
	p.press("ArrowUp")
	p.focusOn(`.table-out tbody tr:nth-child(1) button[aria-label^="Edit row"]`)
	p.tabTo(`.table-out tbody tr:nth-child(1) button[aria-label^="Delete row"]`, 1, false)
	p.do(`window.confirm = () => true`)
	p.press("Enter")
	p.wait(`document.querySelector('.table-out')?.dataset.rows === '4' && ![...document.querySelectorAll('.table-out td')].some(td => td.textContent === 'typed')`)
	p.wait(`document.activeElement !== document.body && document.querySelector('.table-out').contains(document.activeElement)`)

	// The pages by the header's links, backwards with Shift+Tab. The SQL
	// editor runs on Ctrl+Enter and puts the caret at the error.
	p.tabTo(`header a[href="#/sql"]`, 60, true)
	p.press("Enter")
	p.wait(`document.querySelector('#sql-text')`)
	p.tabTo(`#sql-text`, 12, false)
	p.press("a", "Control")
	p.typeText("select * from nope")
	p.press("Enter", "Control")
	p.wait(`document.querySelector('#sql-out .sqlstate')?.textContent === '42P01'`)
	if got := js[int](p, `document.activeElement.id === 'sql-text' ? document.activeElement.selectionStart : -1`); got != 14 {
		t.Errorf("after the error the caret is at %d, want 14 (before the n of nope)", got)
	}

	// Policies: the RLS switch by keyboard; focus stays on it.
	p.tabTo(`header a[href="#/policies"]`, 10, true)
	p.press("Enter")
	p.wait(`document.querySelector('article[data-table="public.notes"]')`)
	p.tabTo(`button[data-key="rls-public.notes"]`, 30, false)
	p.press("Enter")
	p.wait(`document.querySelector('article[data-table="public.notes"] .badge.on')`)
	p.focusOn(`button[data-key="rls-public.notes"]`)
	p.press("Enter")
	p.wait(`document.querySelector('article[data-table="public.notes"] .badge.off')`)

	// The schema diagram's tables are links: Enter opens one.
	p.tabTo(`header a[href="#/schema"]`, 40, true)
	p.press("Enter")
	p.wait(`document.querySelector('#schema-svg')`)
	p.tabTo(`#schema-svg a[aria-label="Open table notes"]`, 15, false)
	p.press("Enter")
	p.wait(`location.hash === '#/tables/public/notes' && document.querySelector('.table-out')?.dataset.rows === '1'`)
}
