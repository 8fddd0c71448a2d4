// sql.js: the SQL editor. Runs the text as postgres, shows the last
// statement's rows, an error's SQLSTATE with its position marked in the
// text, the history, and validates or saves the text as a migration.
import { api, clear, errorBox, grid, h, toast } from './dom.js';

export async function sqlPage(main) {
  const text = h('textarea', { id: 'sql-text', class: 'code', rows: 10, spellcheck: false, 'aria-label': 'SQL', value: sessionStorage.getItem('studio.sql') || 'select 1;' });
  const hist = h('ul', { id: 'sql-history', class: 'history' });
  const analyze = h('input', { type: 'checkbox', id: 'explain-analyze' });
  const out = h('div', { id: 'sql-out', role: 'region', 'aria-label': 'Output' });
  const migName = h('input', { id: 'migration-name', placeholder: 'migration_name', 'aria-label': 'Migration name' });

  text.addEventListener('keydown', e => { if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) { e.preventDefault(); run(); } });
  text.addEventListener('input', () => sessionStorage.setItem('studio.sql', text.value));

  async function run() {
    clear(out);
    try {
      const res = await api('POST', 'sql', { sql: text.value });
      out.append(h('p', { class: 'muted', id: 'sql-tags' }, res.tags.join(' · '), ` — ${res.ms} ms`, res.truncated ? ` — showing ${res.rows.length} of ${res.total} rows` : ''));
      if (res.columns.length) out.append(grid(res.columns, res.rows, null, null, 'Results'));
    } catch (e) {
      out.append(errorBox(e));
      if (e.position) out.append(marked(text.value, e.position));
      if (e.position) { text.focus(); text.setSelectionRange(e.position - 1, e.position); }
    }
    loadHistory();
  }

  async function explain() {
    clear(out);
    try {
      const { plan } = await api('POST', 'sql/explain', { sql: text.value, analyze: analyze.checked });
      out.append(h('div', { id: 'plan-tree', class: 'plan' }, (plan || []).map(p => planNode(p.Plan, p))));
    } catch (e) {
      out.append(errorBox(e));
      if (e.position) out.append(marked(text.value, e.position));
    }
  }

  async function validate() {
    clear(out);
    try {
      const { result, priors } = await api('POST', 'sql/validate', { sql: text.value });
      out.append(verdict(result, `applies on top of ${priors} migration(s)`));
    } catch (e) { out.append(errorBox(e)); }
  }

  async function save() {
    clear(out);
    try {
      const { result, file } = await api('POST', 'sql/save', { name: migName.value, sql: text.value });
      out.append(verdict(result, 'saved as ' + file));
      toast('Saved ' + file);
    } catch (e) {
      if (e.body && e.body.result) out.append(verdict(e.body.result, ''));
      else out.append(errorBox(e));
    }
  }

  async function loadHistory() {
    try {
      const { history } = await api('GET', 'sql/history');
      clear(hist).append(...history.slice(0, 30).map(en => h('li', null,
        h('button', { class: 'link', title: new Date(en.at).toLocaleString(), onclick: () => { text.value = en.sql; text.focus(); } },
          en.ok ? '' : '✗ ', en.sql.length > 80 ? en.sql.slice(0, 80) + '…' : en.sql))));
    } catch (e) { clear(hist).append(errorBox(e)); }
  }

  main.append(h('div', { class: 'split' },
    h('section', { class: 'content' },
      h('h2', null, 'SQL editor'),
      text,
      h('div', { class: 'toolbar' },
        h('button', { id: 'sql-run', class: 'primary', onclick: run, title: 'Ctrl+Enter' }, 'Run'),
        h('button', { id: 'sql-explain', onclick: explain }, 'Explain'), h('label', null, analyze, ' analyze'),
        h('span', { class: 'sep' }),
        h('button', { id: 'sql-validate', onclick: validate }, 'Validate as migration'),
        migName,
        h('button', { id: 'sql-save', onclick: save }, 'Save as migration')),
      out),
    h('aside', { class: 'sidebar right' }, h('h3', null, 'History'), hist)));
  loadHistory();
}

// marked shows the SQL with the character at position (1-based) marked.
function marked(sql, position) {
  const chars = [...sql];
  const i = Math.min(position - 1, chars.length);
  const lineStart = chars.lastIndexOf('\n', i - 1) + 1;
  let lineEnd = chars.indexOf('\n', i);
  if (lineEnd < 0) lineEnd = chars.length;
  const line = sql.slice(0, lineStart).split('\n').length;
  return h('pre', { class: 'code error-pos', id: 'sql-error-pos' },
    h('span', { class: 'muted' }, `line ${line}: `),
    chars.slice(lineStart, i).join(''),
    h('mark', null, chars[i] === undefined || chars[i] === '\n' ? ' ' : chars[i]),
    chars.slice(i + 1, lineEnd).join(''));
}

// verdict renders a migrations.Result.
function verdict(res, okText) {
  if (res.ok) {
    return h('div', { class: 'ok', id: 'sql-verdict' }, '✓ ', okText,
      res.warnings.length ? h('ul', null, res.warnings.map(w => h('li', null, w.message))) : null);
  }
  const p = res.problem || {};
  return h('div', { class: 'error', id: 'sql-verdict', role: 'alert' },
    h('strong', null, res.outcome), res.prior ? ' (in ' + res.prior + ')' : '', ': ',
    p.sqlstate ? h('code', { class: 'sqlstate' }, p.sqlstate) : null, ' ', p.message || '',
    p.line ? h('div', { class: 'muted' }, `line ${p.line}, column ${p.column}`) : null,
    p.hint ? h('div', { class: 'muted' }, 'Hint: ', p.hint) : null,
    res.warnings.length ? h('ul', null, res.warnings.map(w => h('li', null, w.message))) : null);
}

// planNode draws one node of an EXPLAIN (FORMAT JSON) plan and its
// children as nested, collapsible details.
function planNode(n, top) {
  if (!n) return null;
  const rel = n['Relation Name'] ? ' on ' + n['Relation Name'] + (n.Alias && n.Alias !== n['Relation Name'] ? ' ' + n.Alias : '') : '';
  const idx = n['Index Name'] ? ' using ' + n['Index Name'] : '';
  const cost = n['Total Cost'] !== undefined ? `cost=${n['Startup Cost']}..${n['Total Cost']} rows=${n['Plan Rows']}` : '';
  const actual = n['Actual Total Time'] !== undefined ? ` actual ${n['Actual Total Time']} ms, ${n['Actual Rows']} rows × ${n['Actual Loops']}` : '';
  const skip = new Set(['Node Type', 'Plans', 'Relation Name', 'Alias', 'Index Name', 'Startup Cost', 'Total Cost', 'Plan Rows', 'Plan Width',
    'Actual Startup Time', 'Actual Total Time', 'Actual Rows', 'Actual Loops', 'Parent Relationship', 'Scan Direction']);
  const props = Object.entries(n).filter(([k]) => !skip.has(k));
  return h('details', { open: true, class: 'plan-node' },
    h('summary', null, h('strong', null, n['Node Type']), rel, idx, ' ', h('span', { class: 'muted' }, cost + actual)),
    props.length ? h('ul', null, props.map(([k, v]) => h('li', null, k + ': ', typeof v === 'object' ? JSON.stringify(v) : String(v)))) : null,
    (n.Plans || []).map(c => planNode(c)),
    top && top['Execution Time'] !== undefined ? h('p', { class: 'muted' }, `planning ${top['Planning Time']} ms, execution ${top['Execution Time']} ms`) : null);
}
