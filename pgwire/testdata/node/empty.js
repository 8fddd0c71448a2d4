// node-postgres against process.env.DATABASE_URL: values that are empty
// strings (or short non-NULL values) must not arrive as null. A query
// without parameters uses the simple protocol, one with parameters the
// extended protocol. Prints one JSON line per query for empty.golden.
const { Client } = require('pg');

async function main() {
  const c = new Client({ connectionString: process.env.DATABASE_URL });
  await c.connect();
  const q = async (text, params) => {
    const res = await c.query({ text, values: params, rowMode: 'array' });
    console.log(JSON.stringify({ text, params, rows: res.rows }));
  };
  const sqls = [
    "select ''",
    "select split_part('a,', ',', 2)",
    "select coalesce(null, '')",
    "select * from (values (''), ('x'), (null)) v(a) order by a nulls last",
    "select ''::bytea",
    "select '{}'::int[], '{}'::text[], array['']::text[]",
    `select '""'::jsonb, '""'::json`,
    "select null::text",
  ];
  for (const s of sqls) await q(s);
  await q('select $1::text', ['']);
  await q('select $1::text = $2', ['', '']);
  await q('select coalesce($1::text, $2)', [null, '']);
  await q("select split_part($1, ',', 2)", ['a,']);
  await q('select $1::bytea', [Buffer.alloc(0)]);
  await q('select $1::jsonb', ['""']);
  await c.end();
}
main().catch(e => { console.error(e); process.exit(1); });
