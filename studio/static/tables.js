// tables.js: the table editor. A sidebar of schemas and relations; a grid
// paged by the server with keyset pagination; insert, edit and delete
// with inputs by type; and "view as" a role, which the server runs as
// PostgREST would, so the grid shows what RLS lets that user see.
import { api, clear, errorBox, field, grid, h, listNav, modal, previewer, restoreFocus, toast } from './dom.js';

// viewAs persists across tables while the page is open.
const state = { role: '', user: '' };

export async function tablesPage(main, [schema, name], params) {
  const { relations } = await api('GET', 'relations');
  const rels = relations || [];
  const schemas = [...new Set(rels.map(r => r.schema))];
  const current = schema || (schemas.includes('public') ? 'public' : schemas[0]);
  const pick = h('select', { id: 'schema-pick', 'aria-label': 'Schema', onchange: () => { location.hash = '#/tables/' + encodeURIComponent(pick.value); } },
    schemas.map(s => h('option', { value: s, selected: s === current }, s)));
  const list = listNav(h('ul', { class: 'rel-list', 'aria-label': 'Tables and views of ' + current }, rels.filter(r => r.schema === current).map(r =>
    h('li', null, h('a', {
      href: '#/tables/' + encodeURIComponent(r.schema) + '/' + encodeURIComponent(r.name),
      class: r.name === name ? 'active' : '', 'data-rel': r.name, 'aria-current': r.name === name ? 'page' : null,
    }, r.name, r.kind !== 'table' ? h('span', { class: 'muted' }, ' (' + r.kind + ')') : null)))));
  const body = h('section', { class: 'content' });
  const create = h('button', { id: 'table-new', onclick: () => tableForm(schemas, current) }, 'New table');
  main.append(h('div', { class: 'split' }, h('nav', { class: 'sidebar', 'aria-label': 'Tables' }, h('label', null, 'Schema ', pick), list, create), body));
  if (!name) {
    body.append(h('p', { class: 'muted' }, 'Pick a table or view.'));
    return;
  }
  await tableView(body, current, name, params);
}

async function tableView(body, schema, name, params) {
  const table = await api('GET', 'table?' + new URLSearchParams({ schema, name }));
  const cols = table.columns;
  const pk = table.primary_key;
  const q = { sort: params.get('sort') || '', desc: params.get('desc') === '1', filters: params.getAll('f'), after: '', stack: [] };

  const users = h('select', { id: 'view-user', 'aria-label': 'User', hidden: state.role !== 'authenticated' });
  const role = h('select', { id: 'view-role', 'aria-label': 'View as role' },
    [['', 'postgres (owner)'], ['service_role', 'service_role'], ['anon', 'anon'], ['authenticated', 'authenticated user']]
      .map(([v, l]) => h('option', { value: v, selected: v === state.role }, l)));
  const loadUsers = async () => {
    const { users: us } = await api('GET', 'users');
    clear(users).append(...(us || []).map(u => h('option', { value: u.id, selected: u.id === state.user }, u.email || u.id)));
    if (!state.user && us && us.length) state.user = us[0].id;
  };
  role.addEventListener('change', async () => {
    state.role = role.value;
    users.hidden = state.role !== 'authenticated';
    if (state.role === 'authenticated') await loadUsers();
    q.after = ''; q.stack = [];
    load();
  });
  users.addEventListener('change', () => { state.user = users.value; q.after = ''; q.stack = []; load(); });
  if (state.role === 'authenticated') await loadUsers();

  const fcol = h('select', { id: 'filter-col', 'aria-label': 'Filter column' }, cols.map(c => h('option', { value: c.name }, c.name)));
  const fop = h('select', { id: 'filter-op', 'aria-label': 'Filter operator' },
    [['eq', '='], ['neq', '≠'], ['lt', '<'], ['lte', '≤'], ['gt', '>'], ['gte', '≥'], ['ilike', 'contains'], ['is_null', 'is null'], ['not_null', 'is not null']]
      .map(([v, l]) => h('option', { value: v }, l)));
  const fval = h('input', { id: 'filter-val', 'aria-label': 'Filter value', placeholder: 'value' });
  const chips = h('span', { class: 'chips' });
  const addFilter = () => {
    const v = fop.value === 'ilike' ? '%' + fval.value + '%' : fval.value;
    q.filters.push(fcol.value + ':' + fop.value + ':' + v);
    fval.value = ''; q.after = ''; q.stack = [];
    load();
  };
  fval.addEventListener('keydown', e => { if (e.key === 'Enter') addFilter(); });

  const out = h('div', { class: 'table-out' });
  const pager = h('div', { class: 'pager' });
  body.append(
    h('h2', null, schema + '.' + name, table.rls ? h('span', { class: 'badge' }, 'RLS') : null),
    h('div', { class: 'toolbar' },
      h('label', null, 'View as ', role), users,
      h('span', { class: 'sep' }),
      fcol, fop, fval, h('button', { id: 'filter-add', onclick: addFilter }, 'Filter'), chips,
      h('span', { class: 'sep' }),
      table.kind === 'table' ? h('button', { id: 'row-insert', class: 'primary', onclick: () => rowForm(table, null, load) }, 'Insert row') : null),
    out, pager);

  async function load() {
    // A removed chip hands focus to the filter's value input.
    clear(chips).append(...q.filters.map((f, i) => h('button', { class: 'chip', title: 'Remove filter', 'aria-label': 'Remove filter ' + f, onclick: () => { fval.focus(); q.filters.splice(i, 1); q.after = ''; q.stack = []; load(); } }, f, ' ×')));
    const p = new URLSearchParams({ schema, name, limit: '50' });
    if (q.sort) p.set('sort', q.sort);
    if (q.desc) p.set('desc', '1');
    for (const f of q.filters) p.append('f', f);
    if (q.after) p.set('after', q.after);
    if (state.role) p.set('role', state.role);
    if (state.role === 'authenticated') p.set('user', state.user);
    // Only the latest request renders: a quick second click wins.
    const seq = q.seq = (q.seq || 0) + 1;
    let page;
    try {
      page = await api('GET', 'rows?' + p);
    } catch (e) {
      if (seq !== q.seq) return;
      clear(out).append(errorBox(e));
      clear(pager);
      return;
    }
    if (seq !== q.seq) return;
    clear(out); clear(pager);
    const headers = cols.map(c => h('button', {
      class: 'sort', 'data-col': c.name, 'data-key': 'sort-' + c.name, title: 'Sort by ' + c.name + ' (' + c.type + ')',
      onclick: () => { q.desc = q.sort === c.name ? !q.desc : false; q.sort = c.name; q.after = ''; q.stack = []; load(); },
    }, c.name, c.pk ? h('span', { class: 'badge pk' }, 'PK') : '', q.sort === c.name ? (q.desc ? ' ▼' : ' ▲') : '', h('small', { class: 'muted' }, ' ' + c.type)));
    const editable = table.kind === 'table' && pk.length > 0;
    const g = grid(headers, page.rows, (i, v) => {
      const c = cols[i];
      if (v === null) return 'NULL';
      if (c.fk) {
        return h('a', { href: '#/tables/' + encodeURIComponent(c.fk.schema) + '/' + encodeURIComponent(c.fk.table) + '?f=' + encodeURIComponent(c.fk.column + ':eq:' + v), title: 'Open the referenced row' }, v);
      }
      return v.length > 200 ? v.slice(0, 200) + '…' : v;
    }, editable ? (r) => {
      const vals = rowValues(table, r);
      const key = pk.map(k => k + '=' + vals[k]).join(', ');
      return [
        h('button', { class: 'small', 'aria-label': 'Edit row ' + key, onclick: () => rowForm(table, r, load) }, 'Edit'),
        h('button', { class: 'small danger', 'aria-label': 'Delete row ' + key, onclick: () => deleteRow(table, r, load) }, 'Delete'),
      ];
    } : null, schema + '.' + name);
    if (q.sort) g.querySelector(`button.sort[data-col="${CSS.escape(q.sort)}"]`)?.closest('th').setAttribute('aria-sort', q.desc ? 'descending' : 'ascending');
    out.append(g);
    out.dataset.rows = String(page.rows.length);
    pager.append(
      h('button', { id: 'page-first', disabled: !q.stack.length, onclick: () => { q.after = ''; q.stack = []; load(); } }, 'First page'),
      h('button', { id: 'page-next', disabled: !page.next, onclick: () => { q.stack.push(q.after); q.after = page.next; load(); } }, 'Next page'),
      h('span', { class: 'muted' }, ` ${page.rows.length} row(s) on this page` + (state.role ? ', as ' + (state.role === 'authenticated' ? users.selectedOptions[0]?.textContent || 'a user' : state.role) : '')));
    restoreFocus('.table-out .grid-wrap', '#row-insert');
  }
  await load();
}

function rowValues(table, r) {
  const o = {};
  table.columns.forEach((c, i) => { o[c.name] = r[i]; });
  return o;
}

async function deleteRow(table, r, done) {
  const vals = rowValues(table, r);
  const key = Object.fromEntries(table.primary_key.map(k => [k, vals[k]]));
  if (!confirm('Delete the row ' + JSON.stringify(key) + '?')) return;
  try {
    await api('DELETE', 'rows', { schema: table.schema, name: table.name, key, role: state.role, user: state.user });
    toast('Row deleted');
    done();
  } catch (e) { toast(e.code ? e.code + ': ' + e.message : e.message, true); }
}

// input makes the field for a column: enums and booleans as selects,
// json as a text area, everything else as text in its text form.
function input(c, value) {
  const id = 'field-' + c.name;
  if (c.enum || c.category === 'B') {
    // Booleans as PostgreSQL prints them (t, f), so an unchanged value
    // compares equal.
    const opts = c.enum ? c.enum.map(o => [o, o]) : [['t', 'true'], ['f', 'false']];
    return h('select', { id, name: c.name }, h('option', { value: '' }, '—'), opts.map(([v, l]) => h('option', { value: v, selected: v === value }, l)));
  }
  if (/^jsonb?$/.test(c.type) || c.category === 'A') {
    return h('textarea', { id, name: c.name, rows: 3, value: value ?? '', placeholder: c.category === 'A' ? '{a,b}' : '{"key": "value"}' });
  }
  const ph = c.category === 'D' ? 'e.g. 2024-01-31 12:00:00+00' : (c.default ? 'default: ' + c.default : '');
  const el = h('input', { id, name: c.name, value: value ?? '', placeholder: ph, type: 'text' });
  if (c.fk) {
    // Suggest the referenced table's keys (the first 100 the role sees).
    const list = h('datalist', { id: id + '-refs' });
    el.setAttribute('list', list.id);
    const p = new URLSearchParams({ schema: c.fk.schema, name: c.fk.table, sort: c.fk.column, limit: '100' });
    if (state.role) p.set('role', state.role);
    if (state.role === 'authenticated') p.set('user', state.user);
    api('GET', 'rows?' + p).then(page => {
      const i = page.columns.findIndex(col => col.name === c.fk.column);
      list.append(...page.rows.filter(r => r[i] !== null).map(r => h('option', { value: r[i] })));
    }).catch(() => {});
    el.datalist = list; // rowForm puts it beside the input
  }
  return el;
}

function rowForm(table, r, done) {
  const editing = r !== null;
  const vals = editing ? rowValues(table, r) : {};
  const fields = table.columns.map(c => {
    const field = input(c, vals[c.name]);
    const isNull = h('input', { type: 'checkbox', id: 'null-' + c.name, checked: editing && vals[c.name] === null, 'aria-label': c.name + ' is NULL' });
    return { c, field, isNull, row: h('div', { class: 'field' },
      h('label', { for: field.id }, c.name, ' ', h('small', { class: 'muted' }, c.type + (c.nullable ? '' : ' not null') + (c.pk ? ' · primary key' : ''))),
      field, field.datalist || null, c.nullable ? h('label', { class: 'null' }, isNull, ' NULL') : null) };
  });
  const err = h('div');
  const dlg = h('dialog', { class: 'row-form', 'aria-label': editing ? 'Edit row' : 'Insert row' },
    h('form', { method: 'dialog', onsubmit: async (ev) => {
      ev.preventDefault();
      const values = {};
      for (const f of fields) {
        const v = f.field.value;
        if (f.isNull.checked) values[f.c.name] = null;
        else if (editing ? v !== (vals[f.c.name] ?? '') : v !== '') values[f.c.name] = v;
      }
      const body = { schema: table.schema, name: table.name, values, role: state.role, user: state.user };
      try {
        if (editing) {
          body.key = Object.fromEntries(table.primary_key.map(k => [k, vals[k]]));
          await api('PATCH', 'rows', body);
        } else {
          await api('POST', 'rows', body);
        }
        dlg.close();
        toast(editing ? 'Row saved' : 'Row inserted');
        done();
      } catch (e) { clear(err).append(errorBox(e)); }
    } },
    h('h3', null, (editing ? 'Edit row in ' : 'Insert into ') + table.name),
    fields.map(f => f.row), err,
    h('div', { class: 'buttons' },
      h('button', { type: 'button', onclick: () => dlg.close() }, 'Cancel'),
      h('button', { type: 'submit', class: 'primary', id: 'row-save' }, editing ? 'Save' : 'Insert'))));
  dlg.addEventListener('close', () => dlg.remove()); // Escape, Cancel or saved
  document.body.append(dlg);
  dlg.showModal();
}

// Common column types for the new table form's type inputs; any other
// type name (an enum, numeric(10,2), text[]) can be typed.
const commonTypes = ['bigint', 'integer', 'smallint', 'numeric', 'real', 'double precision', 'text', 'varchar(255)', 'boolean',
  'uuid', 'timestamptz', 'timestamp', 'date', 'time', 'interval', 'jsonb', 'json', 'bytea', 'text[]', 'bigint[]'];

// tableForm asks for a new table: schema, name, columns (name, type,
// primary key, identity, not null, default) and whether RLS is on. Types
// and defaults are SQL as written; the statement is previewed as it is
// built. The new table opens in the editor.
function tableForm(schemas, current) {
  const schema = h('select', { id: 'table-schema' }, schemas.map(s => h('option', { value: s, selected: s === current }, s)));
  const name = h('input', { id: 'table-name', required: true, autocomplete: 'off' });
  const rls = h('input', { type: 'checkbox', id: 'table-rls', checked: true });
  const types = h('datalist', { id: 'type-list' }, commonTypes.map(t => h('option', { value: t })));
  const list = h('tbody');
  const sql = h('pre', { class: 'code preview', id: 'table-sql', 'aria-label': 'The statement' });
  let n = 0;
  const cols = [];
  const addColumn = (c = {}) => {
    const i = ++n;
    const col = {
      name: h('input', { id: 'col-name-' + i, 'aria-label': 'Column ' + i + ' name', value: c.name || '', required: true, autocomplete: 'off', size: 12 }),
      type: h('input', { id: 'col-type-' + i, 'aria-label': 'Column ' + i + ' type', value: c.type || 'text', autocomplete: 'off', size: 14 }),
      pk: h('input', { type: 'checkbox', id: 'col-pk-' + i, 'aria-label': 'Column ' + i + ' primary key', checked: !!c.pk }),
      identity: h('input', { type: 'checkbox', id: 'col-identity-' + i, 'aria-label': 'Column ' + i + ' identity (generated by default)', checked: !!c.identity }),
      notNull: h('input', { type: 'checkbox', id: 'col-notnull-' + i, 'aria-label': 'Column ' + i + ' not null', checked: !!c.notNull }),
      def: h('input', { id: 'col-default-' + i, 'aria-label': 'Column ' + i + ' default (SQL expression, run as written)', value: c.def || '', autocomplete: 'off', size: 12, class: 'code' }),
    };
    // The type input's list attribute is an attribute, not a property.
    col.type.setAttribute('list', 'type-list');
    col.row = h('tr', null,
      h('td', null, col.name), h('td', null, col.type), h('td', { class: 'center' }, col.pk), h('td', { class: 'center' }, col.identity),
      h('td', { class: 'center' }, col.notNull), h('td', null, col.def),
      h('td', null, h('button', { type: 'button', class: 'small danger', 'aria-label': 'Remove column ' + i, onclick: () => {
        cols.splice(cols.indexOf(col), 1);
        col.row.remove();
        (cols[0]?.name || document.getElementById('column-add')).focus();
        refresh();
      } }, 'Remove')));
    cols.push(col);
    list.append(col.row);
    return col;
  };
  const body = preview => ({
    schema: schema.value, name: name.value, rls: rls.checked, preview,
    columns: cols.map(c => ({ name: c.name.value, type: c.type.value, primary_key: c.pk.checked, identity: c.identity.checked, not_null: c.notNull.checked, default: c.def.value })),
  });
  const refresh = previewer(sql, () => api('POST', 'tables', body(true)));
  addColumn({ name: 'id', type: 'bigint', pk: true, identity: true });
  addColumn({ name: 'created_at', type: 'timestamptz', notNull: true, def: 'now()' });
  const dlg = modal('New table', [
    field('Schema', schema),
    field('Name', name),
    h('fieldset', { class: 'columns' }, h('legend', null, 'Columns'),
      h('table', { class: 'grid cols' },
        h('thead', null, h('tr', null, ['name', 'type', 'primary key', 'identity', 'not null', 'default (SQL)', ''].map(c => h('th', { scope: 'col' }, c)))),
        list),
      types,
      h('button', { type: 'button', id: 'column-add', onclick: () => { addColumn().name.focus(); refresh(); } }, 'Add column')),
    h('div', { class: 'field' }, h('label', { class: 'check' }, rls, ' Enable row level security'),
      h('small', { class: 'muted' }, 'Recommended for tables the API exposes: with RLS on and no policy, only the owner and service_role see rows.')),
    h('div', { class: 'field' }, h('span', { class: 'label' }, 'Statement'), sql),
  ], 'Create table', 'table-create', async () => {
    const b = body(false);
    await api('POST', 'tables', b);
    toast('Created ' + b.schema + '.' + b.name);
    return () => { location.hash = '#/tables/' + encodeURIComponent(b.schema) + '/' + encodeURIComponent(b.name); };
  });
  dlg.addEventListener('input', refresh);
  dlg.addEventListener('change', refresh);
  refresh();
  name.focus();
}
