// dom.js: building DOM without markup strings. Every value becomes a text
// node (textContent), never parsed HTML, so a row holding <script> is
// just text.

// h(tag, attrs, ...children): attrs sets properties (on* are listeners,
// class/for/aria-*/data-* attributes); children are nodes or strings.
export function h(tag, attrs, ...children) {
  const el = tag === 'svg' || attrs?.svg ? document.createElementNS('http://www.w3.org/2000/svg', tag) : document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (v === undefined || v === null || v === false || k === 'svg') continue;
    if (k.startsWith('on')) el.addEventListener(k.slice(2), v);
    else if (k === 'class' || k === 'for' || k === 'role' || k.startsWith('aria-') || k.startsWith('data-') || el instanceof SVGElement) el.setAttribute(k, v === true ? '' : String(v));
    else el[k] = v;
  }
  append(el, children);
  return el;
}

export function append(el, children) {
  for (const c of children.flat(Infinity)) {
    if (c === null || c === undefined || c === false) continue;
    el.append(c instanceof Node ? c : document.createTextNode(String(c)));
  }
  return el;
}

// svg(tag, attrs, ...children): an SVG element.
export function svg(tag, attrs, ...children) {
  return h(tag, { ...attrs, svg: true }, ...children);
}

export function clear(el) {
  el.replaceChildren();
  return el;
}

// safeHref keeps only http(s) links (remediation URLs), so a value can
// never become javascript:.
export function safeHref(u) {
  try {
    const url = new URL(u);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch { return undefined; }
}

export function toast(msg, bad) {
  const t = document.getElementById('toast');
  t.textContent = msg;
  t.className = bad ? 'show bad' : 'show';
  clearTimeout(toast.timer);
  toast.timer = setTimeout(() => { t.className = ''; }, 4000);
}

// api calls the dashboard's JSON API; a failure throws an Error carrying
// the server's {code, message, detail, hint, position}.
export async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const resp = await fetch('api/' + path, opts);
  let data;
  try { data = await resp.json(); } catch { data = { error: { message: 'HTTP ' + resp.status } }; }
  if (!resp.ok) {
    const e = new Error((data.error && data.error.message) || 'HTTP ' + resp.status);
    Object.assign(e, data.error || {}, { status: resp.status, body: data });
    throw e;
  }
  return data;
}

// errorBox shows an API error: SQLSTATE, message, detail and hint.
export function errorBox(e) {
  return h('div', { class: 'error', role: 'alert' },
    e.code ? h('code', { class: 'sqlstate' }, e.code) : null, ' ', e.message,
    e.detail ? h('div', { class: 'muted' }, 'Detail: ', e.detail) : null,
    e.hint ? h('div', { class: 'muted' }, 'Hint: ', e.hint) : null);
}

// grid renders columns and text rows as a table; cell(i, v, row, rowIndex) may
// return a node for a cell, extra(row, rowIndex) the row's action buttons.
// The table scrolls in a focusable region (arrow keys scroll it), and
// ArrowUp/ArrowDown move between the same control of adjacent rows.
export function grid(columns, rows, cell, extra, label) {
  const head = h('tr', null, extra ? h('th', { scope: 'col' }, h('span', { class: 'sr-only' }, 'Actions')) : null, columns.map(c => h('th', { scope: 'col' }, c)));
  const body = rows.map((r, ri) => h('tr', null, extra ? h('td', { class: 'actions' }, extra(r, ri)) : null,
    r.map((v, i) => h('td', { class: v === null ? 'null' : '' }, cell ? cell(i, v, r, ri) : (v === null ? 'NULL' : v)))));
  const table = h('table', { class: 'grid', onkeydown: e => rowNav(table, e) }, h('thead', null, head), h('tbody', null, body));
  return h('div', { class: 'grid-wrap', tabindex: 0, role: 'region', 'aria-label': label || 'Rows' }, table);
}

const focusable = 'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled])';

// rowNav moves focus from a control in one row to the row above or
// below (the header's sort buttons included): to the control at the same
// place in the same column when there is one, else the row's first.
function rowNav(table, e) {
  if ((e.key !== 'ArrowDown' && e.key !== 'ArrowUp') || e.altKey || e.ctrlKey || e.metaKey) return;
  if (e.target.matches('input, select, textarea')) return;
  const cell = e.target.closest('td, th');
  if (!cell) return;
  const rows = [...table.rows];
  const inCell = c => c ? [...c.querySelectorAll(focusable)] : [];
  const i = inCell(cell).indexOf(e.target);
  const step = e.key === 'ArrowDown' ? 1 : -1;
  for (let j = rows.indexOf(cell.parentElement) + step; j >= 0 && j < rows.length; j += step) {
    const same = inCell(rows[j].cells[cell.cellIndex]);
    const target = same[Math.max(0, Math.min(i, same.length - 1))] || rows[j].querySelector(focusable);
    if (target) {
      e.preventDefault();
      target.focus();
      return;
    }
  }
}

// listNav lets ArrowUp/ArrowDown, Home and End move between the links of
// a list (the sidebar's tables).
export function listNav(list) {
  list.addEventListener('keydown', e => {
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key) || e.altKey || e.ctrlKey || e.metaKey) return;
    const links = [...list.querySelectorAll('a[href]')];
    const i = links.indexOf(document.activeElement);
    if (i < 0) return;
    const j = e.key === 'Home' ? 0 : e.key === 'End' ? links.length - 1 : Math.max(0, Math.min(links.length - 1, i + (e.key === 'ArrowDown' ? 1 : -1)));
    e.preventDefault();
    links[j].focus();
  });
  return list;
}

// Focus survives re-rendering. The last focused element and its key (its
// id, data-key, aria-label or href) are remembered; when a page redraws
// and that element is gone, restoreFocus focuses the element with the
// same key in the new DOM, else the first fallback that exists, else
// #main, so a keyboard user is never sent back to the top of the document.
const last = { el: null, key: null };
document.addEventListener('focusin', e => { last.el = e.target; last.key = focusKey(e.target); });

function focusKey(el) {
  if (!(el instanceof Element) || el.id === 'main') return null;
  if (el.id) return '#' + CSS.escape(el.id);
  for (const a of ['data-key', 'aria-label', 'href']) {
    const v = el.getAttribute(a);
    if (v) return el.localName + '[' + a + '="' + CSS.escape(v) + '"]';
  }
  return null;
}

export function restoreFocus(...fallbacks) {
  const a = document.activeElement;
  // Only when focus was lost with its element, not never given.
  if ((a && a !== document.body) || !last.el || last.el.isConnected) return;
  const usable = el => el && el.isConnected && !el.disabled && !el.closest('[hidden]');
  const candidates = [last.key && document.querySelector(last.key), ...fallbacks.map(f => typeof f === 'string' ? document.querySelector(f) : f)];
  const el = candidates.find(usable) || document.getElementById('main');
  el.focus({ preventScroll: el.id === 'main' });
}

// modal shows a form in a modal <dialog> labelled title. Escape or Cancel
// closes it (the browser then returns focus to the control that opened
// it). On submit, submit() runs; an error it throws is shown in the
// dialog with its SQLSTATE, and success closes the dialog, then calls the
// function submit returned, if any (a redraw, once focus is back).
export function modal(title, children, submitLabel, submitId, submit, extraButtons) {
  const err = h('div', { class: 'form-error' });
  const dlg = h('dialog', { class: 'row-form', 'aria-label': title },
    h('form', { method: 'dialog', onsubmit: async (ev) => {
      ev.preventDefault();
      clear(err);
      let after;
      try {
        after = await submit();
      } catch (e) { err.append(errorBox(e)); return; }
      dlg.close();
      if (typeof after === 'function') after();
    } },
    h('h3', null, title), children, err,
    h('div', { class: 'buttons' }, extraButtons || null,
      h('button', { type: 'button', onclick: () => dlg.close() }, 'Cancel'),
      h('button', { type: 'submit', class: 'primary', id: submitId }, submitLabel))));
  dlg.addEventListener('close', () => dlg.remove());
  document.body.append(dlg);
  dlg.showModal();
  return dlg;
}

// field is a labelled form row: the label names the control by id;
// help is a line under the label.
export function field(label, control, help) {
  if (help) control.setAttribute('aria-describedby', control.id + '-help');
  return h('div', { class: 'field' }, h('label', { for: control.id }, label), help ? h('small', { class: 'muted', id: control.id + '-help' }, help) : null, control);
}

// previewer calls fetchSQL (an API call with preview set) a moment after
// the last change and shows the statement, or why it cannot be built.
export function previewer(out, fetchSQL) {
  let timer, seq = 0;
  const run = async () => {
    const mine = ++seq;
    try {
      const { sql } = await fetchSQL();
      if (mine === seq) { out.classList.remove('bad'); out.textContent = sql; }
    } catch (e) {
      if (mine === seq) { out.classList.add('bad'); out.textContent = (e.code ? e.code + ': ' : '') + e.message; }
    }
  };
  return () => { clearTimeout(timer); timer = setTimeout(run, 200); };
}
