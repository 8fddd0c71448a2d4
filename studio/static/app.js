// app.js: the dashboard's router. Each page is a function that fills
// #main from the JSON API under api/.
import { clear, errorBox, h, restoreFocus } from './dom.js';
import { tablesPage } from './tables.js';
import { sqlPage } from './sql.js';
import { policiesPage, authPage, schemaPage, logsPage, migrationsPage, storagePage, inboxPage } from './pages.js';

const pages = {
  tables: tablesPage, sql: sqlPage, policies: policiesPage, auth: authPage, schema: schemaPage,
  logs: logsPage, migrations: migrationsPage, storage: storagePage, inbox: inboxPage,
};

// route reads #/page/arg1/arg2?query.
function route() {
  const raw = location.hash.replace(/^#\/?/, '');
  const [path, query] = raw.split('?');
  const parts = path.split('/').filter(Boolean).map(p => { try { return decodeURIComponent(p); } catch { return p; } });
  const name = Object.hasOwn(pages, parts[0] || '') ? parts[0] : 'tables';
  for (const a of document.querySelectorAll('header nav a')) {
    if (a.getAttribute('href') === '#/' + name) a.setAttribute('aria-current', 'page');
    else a.removeAttribute('aria-current');
  }
  for (const d of document.querySelectorAll('dialog')) d.remove(); // a form of the page left behind
  document.getElementById('toast').className = '';
  // A fresh container per visit: a page still loading from the last
  // visit fills a detached one.
  const main = h('div', { class: 'page', 'data-page': name });
  clear(document.getElementById('main')).append(main);
  Promise.resolve(pages[name](main, parts.slice(1), new URLSearchParams(query || '')))
    .catch(e => main.append(errorBox(e)))
    .then(() => restoreFocus());
}

// The skip link focuses the page's content without touching the route
// (its hash would be read as a page name).
document.getElementById('skip').addEventListener('click', e => {
  e.preventDefault();
  document.getElementById('main').focus();
});

window.addEventListener('hashchange', route);
route();
document.body.dataset.ready = '1';
