// node-postgres against the server at process.env.DATABASE_URL: prints one
// JSON line per check; the Go test compares them with pg.golden.
const { Client } = require('pg');

async function main() {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  const out = [];
  const q = async (text, params) => {
    try {
      const res = await c.query(text, params);
      for (const r of Array.isArray(res) ? res : [res]) {
        out.push({ text, command: r.command, rowCount: r.rowCount, rows: r.rows, fields: r.fields.map(f => [f.name, f.dataTypeID]) });
      }
    } catch (e) {
      out.push({ text, error: e.code, message: e.message, position: e.position });
    }
  };
  await q('create table pgjs (id serial primary key, name text not null, score numeric(8,2), tags text[], at timestamptz, ok boolean, doc jsonb)');
  await q('insert into pgjs (name, score, tags, at, ok, doc) values ($1, $2, $3, $4, $5, $6) returning id', ['a', 1.5, ['x', 'y'], new Date('2024-01-02T03:04:05Z'), true, { k: [1, 2] }]);
  await q('insert into pgjs (name, score) values ($1, $2)', ['b', null]);
  await q('select id, name, score, tags, at, ok, doc from pgjs where id = $1', [1]);
  await q('select count(*) from pgjs where name = any($1)', [['a', 'b', 'c']]);
  await q('begin');
  await q('update pgjs set score = score + $1 where name = $2', [2, 'a']);
  await q('select nocol from pgjs');
  await q('rollback');
  await q('select score from pgjs order by id');
  await q('insert into pgjs (name) values (null)');
  await q("select 1 as one; select 'two' as two");
  console.log(JSON.stringify(out, null, 1));
  await c.end();
}
main().catch(e => { console.error(e); process.exit(1); });
