// pages.js: policies and advisors, auth users, the schema diagram, logs,
// migrations, storage and the inbox.
import { api, clear, errorBox, field, grid, h, modal, previewer, restoreFocus, safeHref, svg, toast } from './dom.js';

export async function policiesPage(main) {
  let [{ tables }, lint] = await Promise.all([api('GET', 'policies'), api('GET', 'lint').catch(e => ({ error: e }))]);
  const reload = async () => { ({ tables } = await api('GET', 'policies')); render(); };
  const only = h('input', { type: 'checkbox', id: 'policies-public', checked: true });
  const list = h('div', { id: 'policy-list' });
  const render = () => {
    clear(list).append(...tables.filter(t => !only.checked || t.schema === 'public').map(t => h('article', { class: 'card', 'data-table': t.schema + '.' + t.name },
      h('h3', null, t.schema + '.' + t.name, ' ',
        h('span', { class: t.rls ? 'badge on' : 'badge off' }, t.rls ? 'RLS enabled' : 'RLS disabled'),
        t.forced ? h('span', { class: 'badge' }, 'forced') : null, ' ',
        h('button', { class: 'small', 'data-key': 'rls-' + t.schema + '.' + t.name, 'aria-label': (t.rls ? 'Disable RLS on ' : 'Enable RLS on ') + t.schema + '.' + t.name, onclick: async () => {
          try {
            await api('POST', 'policies/rls', { schema: t.schema, name: t.name, enabled: !t.rls });
            t.rls = !t.rls; render();
          } catch (e) { toast(e.message, true); }
        } }, t.rls ? 'Disable RLS' : 'Enable RLS'), ' ',
        h('button', { class: 'small', 'data-key': 'new-policy-' + t.schema + '.' + t.name, 'aria-label': 'New policy on ' + t.schema + '.' + t.name, onclick: () => policyForm(t, reload) }, 'New policy')),
      t.policies.length ? grid(['policy', 'command', 'roles', 'type', 'USING', 'WITH CHECK'],
        t.policies.map(p => [p.name, p.command, p.roles, p.permissive, p.using || null, p.with_check || null]), null,
        (r) => [h('button', { class: 'small danger', 'aria-label': 'Drop policy ' + r[0] + ' on ' + t.schema + '.' + t.name, onclick: async () => {
          if (!confirm('Drop the policy ' + r[0] + ' on ' + t.schema + '.' + t.name + '?')) return;
          try { await api('DELETE', 'policies', { schema: t.schema, table: t.name, name: r[0] }); toast('Dropped ' + r[0]); await reload(); } catch (e) { toast((e.code ? e.code + ': ' : '') + e.message, true); }
        } }, 'Drop')], 'Policies of ' + t.schema + '.' + t.name)
        : h('p', { class: 'muted' }, t.rls ? 'No policies: nobody but the owner and BYPASSRLS roles sees rows.' : 'No policies.'))));
    restoreFocus('#policies-public');
  };
  only.addEventListener('change', render);
  const adv = h('section', { id: 'advisors' }, h('h2', null, 'Advisors (db lint)'));
  if (lint.error) adv.append(errorBox(lint.error));
  else if (!lint.findings.length) adv.append(h('p', { class: 'ok' }, 'No findings.'));
  else adv.append(...lint.findings.map(f => h('article', { class: 'card finding ' + f.level },
    h('h3', null, h('span', { class: 'badge ' + f.level }, f.level), ' ', f.title),
    h('p', null, f.detail),
    h('p', { class: 'muted' }, f.description),
    safeHref(f.remediation) ? h('a', { href: safeHref(f.remediation), target: '_blank', rel: 'noopener noreferrer' }, 'Remediation') : null)));
  main.append(h('section', { class: 'content' }, h('h2', null, 'Policies'), h('label', null, only, ' public schema only'), list, adv));
  render();
}

// policyForm asks for a new policy on table t: name, permissive or
// restrictive, command, roles, and the USING and WITH CHECK expressions,
// which are SQL run as written. The statement is previewed as it is
// built, and can be taken to the SQL editor (to save as a migration).
async function policyForm(t, done) {
  const { roles } = await api('GET', 'roles');
  const key = t.schema + '.' + t.name;
  const name = h('input', { id: 'policy-name', required: true, autocomplete: 'off' });
  const command = h('select', { id: 'policy-command' }, ['ALL', 'SELECT', 'INSERT', 'UPDATE', 'DELETE'].map(c => h('option', { value: c }, c)));
  const kind = h('select', { id: 'policy-kind' },
    h('option', { value: '' }, 'permissive: any one permissive policy lets a row through'),
    h('option', { value: 'restrictive' }, 'restrictive: a row must also pass every restrictive policy'));
  const boxes = ['public', ...roles.filter(r => r !== 'public')].map(r => h('input', { type: 'checkbox', id: 'policy-role-' + r, value: r, checked: r === 'authenticated' }));
  const using = h('textarea', { id: 'policy-using', class: 'code', rows: 2, spellcheck: false, placeholder: 'auth.uid() = user_id' });
  const check = h('textarea', { id: 'policy-check', class: 'code', rows: 2, spellcheck: false, placeholder: 'auth.uid() = user_id' });
  const sql = h('pre', { class: 'code preview', id: 'policy-sql', 'aria-label': 'The statement' });
  const body = preview => ({
    schema: t.schema, table: t.name, name: name.value, command: command.value, restrictive: kind.value === 'restrictive',
    roles: boxes.filter(b => b.checked).map(b => b.value),
    using: using.disabled ? '' : using.value, with_check: check.disabled ? '' : check.value, preview,
  });
  const refresh = previewer(sql, () => api('POST', 'policies', body(true)));
  // Which expressions a command takes (CREATE POLICY): none but WITH
  // CHECK for INSERT, none but USING for SELECT and DELETE.
  const sync = () => {
    using.disabled = command.value === 'INSERT';
    check.disabled = command.value === 'SELECT' || command.value === 'DELETE';
    refresh();
  };
  const toSQL = h('button', { type: 'button', id: 'policy-to-sql', onclick: () => {
    if (sql.classList.contains('bad') || !sql.textContent) return;
    sessionStorage.setItem('studio.sql', sql.textContent);
    location.hash = '#/sql';
  } }, 'Open in SQL editor');
  const dlg = modal('New policy on ' + key, [
    field('Name', name),
    field('Type', kind),
    field('Command', command, 'ALL covers SELECT, INSERT, UPDATE and DELETE.'),
    h('fieldset', { class: 'roles' }, h('legend', null, 'Roles (none checked: PUBLIC, every role)'),
      boxes.map(b => h('label', { class: 'check' }, b, ' ', b.value))),
    field('USING — SQL expression, run as written', using, 'Which existing rows the role may see, update or delete. Not used for INSERT.'),
    field('WITH CHECK — SQL expression, run as written', check, 'Which new or updated rows are allowed. Not used for SELECT or DELETE; for ALL and UPDATE, USING applies when it is empty.'),
    h('div', { class: 'field' }, h('span', { class: 'label' }, 'Statement'), sql),
  ], 'Create policy', 'policy-create', async () => {
    const res = await api('POST', 'policies', body(false));
    toast('Created: ' + res.sql.split('\n')[0]);
    return done;
  }, toSQL);
  dlg.addEventListener('input', refresh);
  command.addEventListener('change', sync);
  sync();
}

export async function authPage(main, [id]) {
  const search = h('input', { id: 'user-search', placeholder: 'Search by email', type: 'search', 'aria-label': 'Search users' });
  const email = h('input', { id: 'new-email', type: 'email', placeholder: 'email', 'aria-label': 'Email', required: true });
  const password = h('input', { id: 'new-password', type: 'password', placeholder: 'password', 'aria-label': 'Password', required: true });
  const list = h('div', { id: 'user-list' });
  const detail = h('div', { id: 'user-detail' });
  let page = 1;
  const pager = h('div', { class: 'pager' });
  async function load() {
    clear(list); clear(pager);
    try {
      const { users } = await api('GET', 'auth/users?' + new URLSearchParams({ q: search.value, page: String(page) }));
      pager.append(
        h('button', { disabled: page === 1, onclick: () => { page--; load(); } }, 'Previous page'),
        h('button', { disabled: users.length < 50, onclick: () => { page++; load(); } }, 'Next page'),
        h('span', { class: 'muted' }, ` page ${page}`));
      list.append(grid(['email', 'id', 'confirmed', 'created', 'last sign in', 'providers'],
        users.map(u => [u.email || u.phone || '', u.id, u.email_confirmed_at ? 'yes' : 'no', u.created_at, u.last_sign_in_at || null, (u.app_metadata?.providers || []).join(', ')]),
        (i, v) => i === 1 ? h('a', { href: '#/auth/' + encodeURIComponent(v) }, v) : (v === null ? 'NULL' : v),
        (r) => [h('button', { class: 'small danger', 'aria-label': 'Delete user ' + r[0], onclick: async () => {
          if (!confirm('Delete ' + r[0] + '?')) return;
          try { await api('DELETE', 'auth/users/' + r[1]); toast('User deleted'); load(); } catch (e) { toast(e.message, true); }
        } }, 'Delete')], 'Users'));
    } catch (e) { list.append(errorBox(e)); }
    restoreFocus('#user-list .grid-wrap', '#user-search');
  }
  search.addEventListener('input', () => { clearTimeout(load.t); page = 1; load.t = setTimeout(load, 200); });
  const form = h('form', { class: 'toolbar', onsubmit: async (ev) => {
    ev.preventDefault();
    try {
      await api('POST', 'auth/users', { email: email.value, password: password.value });
      toast('Created ' + email.value);
      email.value = ''; password.value = '';
      load();
    } catch (e) { toast((e.code ? e.code + ': ' : '') + e.message, true); }
  } }, email, password, h('button', { id: 'user-create', class: 'primary', type: 'submit' }, 'Create confirmed user'));
  main.append(h('section', { class: 'content' }, h('h2', null, 'Auth users'), form, search, list, pager, detail));
  await load();
  if (id) {
    try {
      const { user, sessions } = await api('GET', 'auth/users/' + encodeURIComponent(id));
      detail.append(h('h3', null, 'User ', user.email || user.id),
        h('h4', null, 'Identities'),
        grid(['provider', 'identity id', 'email', 'created'], (user.identities || []).map(i => [i.provider, i.id || i.identity_id, i.identity_data?.email || null, i.created_at || null]), null, null, 'Identities'),
        h('h4', null, 'Sessions'),
        sessions && sessions.length ? grid(Object.keys(sessions[0]), sessions.map(s => Object.values(s)), null, null, 'Sessions') : h('p', { class: 'muted' }, 'No sessions.'),
        h('h4', null, 'Metadata'),
        h('pre', { class: 'code' }, JSON.stringify({ app_metadata: user.app_metadata, user_metadata: user.user_metadata }, null, 2)));
    } catch (e) { detail.append(errorBox(e)); }
  }
}

// schemaPage draws tables as boxes in a grid and foreign keys as lines;
// a table's title opens it in the table editor.
export async function schemaPage(main, [schema]) {
  const { relations } = await api('GET', 'relations');
  const schemas = [...new Set(relations.map(r => r.schema))];
  const current = schema || 'public';
  const pick = h('select', { 'aria-label': 'Schema', onchange: () => { location.hash = '#/schema/' + encodeURIComponent(pick.value); } },
    schemas.map(s => h('option', { value: s, selected: s === current }, s)));
  const { tables } = await api('GET', 'schema?' + new URLSearchParams({ schema: current }));
  const W = 240, RH = 20, GAP = 60, perRow = Math.max(1, Math.ceil(Math.sqrt((tables || []).length)));
  const pos = {};
  let maxY = 0;
  const rowHeights = [];
  (tables || []).forEach((t, i) => {
    const r = Math.floor(i / perRow);
    rowHeights[r] = Math.max(rowHeights[r] || 0, (t.columns.length + 1) * RH);
  });
  const boxes = (tables || []).map((t, i) => {
    const r = Math.floor(i / perRow), c = i % perRow;
    const y = 20 + rowHeights.slice(0, r).reduce((a, b) => a + b + GAP, 0);
    const x = 20 + c * (W + GAP);
    pos[t.name] = { x, y, t };
    maxY = Math.max(maxY, y + (t.columns.length + 1) * RH);
    const href = '#/tables/' + encodeURIComponent(current) + '/' + encodeURIComponent(t.name);
    return svg('g', { class: 'box', 'data-table': t.name },
      svg('rect', { x, y, width: W, height: (t.columns.length + 1) * RH, rx: 4 }),
      svg('a', { href, class: 'title', 'aria-label': 'Open table ' + t.name }, svg('text', { x: x + 8, y: y + 14, class: 'title' }, t.name)),
      t.columns.map((col, j) => svg('text', { x: x + 8, y: y + 14 + (j + 1) * RH, class: col.pk ? 'pk' : '' },
        (col.pk ? '# ' : col.fk ? '→ ' : '') + col.name + ': ' + col.type)));
  });
  const lines = [];
  for (const t of tables || []) {
    for (const fk of t.foreign_keys) {
      const a = pos[t.name], b = fk.ref_schema === current ? pos[fk.ref_table] : null;
      if (!a || !b) continue;
      const ai = t.columns.findIndex(c => c.name === fk.columns[0]) + 1;
      const bi = b.t.columns.findIndex(c => c.name === fk.ref_columns[0]) + 1;
      const ax = a.x <= b.x ? a.x + W : a.x, bx = a.x <= b.x ? b.x : b.x + W;
      lines.push(svg('path', { class: 'fk', d: `M${ax},${a.y + ai * RH + 10} C${(ax + bx) / 2},${a.y + ai * RH + 10} ${(ax + bx) / 2},${b.y + bi * RH + 10} ${bx},${b.y + bi * RH + 10}` },
        svg('title', null, fk.name)));
    }
  }
  const width = 40 + perRow * (W + GAP);
  main.append(h('section', { class: 'content' }, h('h2', null, 'Schema ', pick),
    (tables || []).length ? svg('svg', { id: 'schema-svg', width, height: maxY + 40, viewBox: `0 0 ${width} ${maxY + 40}`, role: 'group', 'aria-label': 'Tables and foreign keys of ' + current }, lines, boxes)
      : h('p', { class: 'muted' }, 'No tables in this schema.')));
}

export async function logsPage(main) {
  const service = h('select', { 'aria-label': 'Service', id: 'log-service' }, ['', 'postgres', 'rest', 'auth', 'storage', 'realtime', 'api'].map(s => h('option', { value: s }, s || 'all')));
  const out = h('div', { id: 'log-out' });
  async function load() {
    clear(out);
    const { entries } = await api('GET', 'logs?' + new URLSearchParams({ service: service.value }));
    out.append(grid(['time', 'service', 'role', 'ms', 'what', 'status'], entries.slice().reverse().map(e => [
      new Date(e.time).toLocaleTimeString(), e.service, e.role || null, (e.duration_ns / 1e6).toFixed(2),
      e.sql || (e.method + ' ' + e.path), e.sqlstate || e.error || (e.status ? String(e.status) : '')]), null, null, 'Log entries'));
  }
  service.addEventListener('change', load);
  main.append(h('section', { class: 'content' }, h('h2', null, 'Logs'), h('div', { class: 'toolbar' }, service, h('button', { onclick: load, id: 'log-refresh' }, 'Refresh')), out));
  await load();
}

export async function migrationsPage(main) {
  const { migrations, pending, drift } = await api('GET', 'migrations');
  main.append(h('section', { class: 'content' }, h('h2', null, 'Migrations'),
    h('p', null, `${migrations.length} migration(s), ${pending} pending, ${drift} drifted.`),
    grid(['version', 'name', 'status'], migrations.map(m => [m.version, m.name,
      m.drift ? 'drift: ' + m.drift : m.applied ? 'applied' : 'pending']), (i, v) => i === 2 ? h('span', { class: 'status ' + v.split(':')[0] }, v) : v, null, 'Migrations')));
}

export async function storagePage(main, [bucket, ...path]) {
  const sec = h('section', { class: 'content' }, h('h2', null, 'Storage'));
  main.append(sec);
  const [buckets, meta] = await Promise.all([api('GET', 'storage/buckets'), api('GET', 'meta')]);
  sec.append(h('ul', { class: 'rel-list inline', id: 'bucket-list' }, buckets.map(b => h('li', null,
    h('a', { href: '#/storage/' + encodeURIComponent(b.id), class: b.id === bucket ? 'active' : '' }, b.name, b.public ? ' (public)' : '')))));
  if (!buckets.length) sec.append(h('p', { class: 'muted' }, 'No buckets.'));
  const b = buckets.find(x => x.id === bucket);
  if (!b) return;
  const prefix = path.length ? path.join('/') + '/' : '';
  const here = '#/storage/' + [bucket, ...path].map(encodeURIComponent).join('/');
  const file = h('input', { type: 'file', id: 'upload-file', 'aria-label': 'File to upload' });
  const urlOut = h('input', { id: 'object-url', readOnly: true, 'aria-label': 'URL', size: 60 });
  const upload = async () => {
    const f = file.files[0];
    if (!f) return;
    const resp = await fetch('api/storage/upload?' + new URLSearchParams({ bucket, path: prefix + f.name }), { method: 'POST', headers: { 'Content-Type': f.type || 'application/octet-stream' }, body: f });
    if (!resp.ok) { const e = await resp.json().catch(() => ({})); toast((e.error && e.error.message) || 'upload failed', true); return; }
    toast('Uploaded ' + f.name);
    main.replaceChildren(); storagePage(main, [bucket, ...path]);
  };
  const objs = await api('GET', 'storage/objects?' + new URLSearchParams({ bucket, prefix }));
  const pathOf = name => prefix + name;
  sec.append(h('h3', null, bucket + '/' + prefix),
    h('div', { class: 'toolbar' }, file, h('button', { id: 'upload', class: 'primary', onclick: upload }, 'Upload'), urlOut),
    grid(['name', 'size', 'type', 'updated'], objs.map(o => [o.name, o.metadata?.size != null ? String(o.metadata.size) : null, o.metadata?.mimetype || (o.id ? null : 'folder'), o.updated_at || null]),
      (i, v, r) => i === 0 && r[2] === 'folder' ? h('a', { href: here + '/' + encodeURIComponent(v) }, v + '/') : (v === null ? '' : v),
      (r) => r[2] === 'folder' ? [] : [
        h('a', { class: 'button small', href: 'api/storage/download?' + new URLSearchParams({ bucket, path: pathOf(r[0]) }), download: r[0], 'aria-label': 'Download ' + r[0] }, 'Download'),
        b.public ? h('button', { class: 'small', 'aria-label': 'Public URL of ' + r[0], onclick: () => { urlOut.value = meta.api_url + '/storage/v1/object/public/' + [bucket, ...pathOf(r[0]).split('/')].map(encodeURIComponent).join('/'); } }, 'Public URL') : null,
        h('button', { class: 'small', 'aria-label': 'Signed URL of ' + r[0], onclick: async () => {
          try { urlOut.value = (await api('POST', 'storage/sign', { bucket, path: pathOf(r[0]), expires_in: 3600 })).url; } catch (e) { toast(e.message, true); }
        } }, 'Signed URL'),
        h('button', { class: 'small danger', 'aria-label': 'Delete ' + r[0], onclick: async () => {
          if (!confirm('Delete ' + pathOf(r[0]) + '?')) return;
          try { await api('DELETE', 'storage/object?' + new URLSearchParams({ bucket, path: pathOf(r[0]) })); toast('Deleted'); main.replaceChildren(); storagePage(main, [bucket, ...path]); } catch (e) { toast(e.message, true); }
        } }, 'Delete')], bucket + '/' + prefix));
  restoreFocus('#main .grid-wrap', '#upload-file');
}

export async function inboxPage(main, [id]) {
  const { enabled, messages } = await api('GET', 'inbox');
  const sec = h('section', { class: 'content' }, h('h2', null, 'Inbox'));
  main.append(sec);
  if (!enabled) { sec.append(h('p', { class: 'muted' }, 'The local mail catcher is not running.')); return; }
  sec.append(grid(['date', 'to', 'subject'], messages.map(m => [new Date(m.date).toLocaleString(), (m.to || []).join(', '), m.subject]),
    (i, v, r, ri) => i === 2 ? h('a', { href: '#/inbox/' + encodeURIComponent(messages[ri].id) }, v) : v, null, 'Messages'));
  const m = messages.find(x => x.id === id);
  if (m) {
    sec.append(h('article', { class: 'card', id: 'mail' }, h('h3', null, m.subject), h('p', { class: 'muted' }, 'From ', m.from, ' to ', (m.to || []).join(', ')),
      m.html ? h('iframe', { sandbox: '', srcdoc: m.html, title: 'Message', class: 'mail-html' }) : null,
      h('pre', { class: 'code' }, m.text)));
  }
}
