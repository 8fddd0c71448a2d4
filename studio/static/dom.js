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
// return a node for a cell.
export function grid(columns, rows, cell, extra) {
  const head = h('tr', null, extra ? h('th', null, '') : null, columns.map(c => h('th', { scope: 'col' }, c)));
  const body = rows.map((r, ri) => h('tr', null, extra ? h('td', { class: 'actions' }, extra(r, ri)) : null,
    r.map((v, i) => h('td', { class: v === null ? 'null' : '' }, cell ? cell(i, v, r, ri) : (v === null ? 'NULL' : v)))));
  return h('div', { class: 'grid-wrap' }, h('table', { class: 'grid' }, h('thead', null, head), h('tbody', null, body)));
}
