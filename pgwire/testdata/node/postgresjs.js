// postgres.js against the server at process.env.DATABASE_URL (extended
// protocol, named prepared statements, type fetching at connect).
const postgres = require('postgres');

async function main() {
  const sql = postgres(process.env.DATABASE_URL, { max: 2, onnotice: () => {} });
  const out = [];
  const q = async (label, f) => {
    try {
      const r = await f();
      out.push({ label, count: r.count, command: r.command, rows: Array.from(r) });
    } catch (e) {
      out.push({ label, error: e.code, message: e.message });
    }
  };
  await q('create', () => sql`create table pjs (id int primary key, name text, tags text[], n int8, at timestamptz)`);
  await q('insert', () => sql`insert into pjs ${sql([{ id: 1, name: 'a', tags: ['x'], n: 5, at: new Date('2024-01-02T03:04:05Z') }, { id: 2, name: 'b', tags: [], n: null, at: null }])}`);
  await q('select param', () => sql`select id, name, tags, n, at from pjs where id = ${1}`);
  await q('select again (prepared)', () => sql`select id, name, tags, n, at from pjs where id = ${2}`);
  await q('in list', () => sql`select id from pjs where id in ${sql([1, 2])} order by id`);
  await q('transaction', () => sql.begin(async tx => {
    await tx`update pjs set name = ${'z'} where id = ${1}`;
    return tx`select name from pjs where id = ${1}`;
  }));
  await q('unique violation', () => sql`insert into pjs (id) values (${1})`);
  await q('unsafe multi', () => sql.unsafe('select 1 as a'));
  console.log(JSON.stringify(out, null, 1));
  await sql.end();
}
main().catch(e => { console.error(e); process.exit(1); });
