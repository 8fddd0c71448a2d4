// supabase-js end-to-end scenario against tinybase's /rest/v1.
// Env: URL, ANON_KEY, SERVICE_KEY, USER1_TOKEN, USER2_TOKEN; RPC=1 and
// RLS=1 enable the parts that need functions and row-level security.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import assert from 'node:assert/strict'

const opts = { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } }
const anon = createClient(process.env.URL, process.env.ANON_KEY, opts)
const asUser = (token) => createClient(process.env.URL, process.env.ANON_KEY, { ...opts, global: { headers: { Authorization: `Bearer ${token}` } } })

let passed = 0, failed = 0
async function check(name, fn) {
  try {
    await fn()
    passed++
  } catch (e) {
    failed++
    console.log(`FAIL ${name}: ${e.message}`)
  }
}
const ok = ({ data, error, ...rest }) => { if (error) throw new Error(JSON.stringify(error)); return { data, ...rest } }

await check('insert one and return it', async () => {
  const { data } = ok(await anon.from('items').insert({ name: 'first', qty: 1 }).select().single())
  assert.equal(data.name, 'first'); assert.equal(data.qty, 1); assert.equal(data.done, false)
})
await check('bulk insert with defaults', async () => {
  const { data } = ok(await anon.from('items').insert([{ name: 'b1' }, { name: 'b2', qty: 5 }], { defaultToNull: false }).select('name,qty'))
  assert.deepEqual(data, [{ name: 'b1', qty: 7 }, { name: 'b2', qty: 5 }])
})
await check('filters, order, limit', async () => {
  const { data } = ok(await anon.from('books').select('id,title').gte('year', 2000).lt('year', 2010).order('year', { ascending: false }).limit(5))
  assert.deepEqual(data.map((b) => b.id), [2, 1])
})
await check('or / in / ilike / is', async () => {
  const { data } = ok(await anon.from('books').select('id').or('year.lt.2000,price.gt.15').order('id'))
  assert.deepEqual(data, [{ id: 2 }, { id: 3 }])
  const r2 = ok(await anon.from('books').select('id').in('id', [1, 3, 99]).order('id'))
  assert.deepEqual(r2.data, [{ id: 1 }, { id: 3 }])
  const r3 = ok(await anon.from('books').select('id').ilike('title', 'ALP%'))
  assert.deepEqual(r3.data, [{ id: 1 }])
  const r4 = ok(await anon.from('books').select('id').is('price', null))
  assert.deepEqual(r4.data, [{ id: 3 }])
})
await check('contains and json path', async () => {
  const { data } = ok(await anon.from('books').select('id, lang:meta->>lang').contains('tags', ['b']).order('id'))
  assert.deepEqual(data, [{ id: 1, lang: 'en' }, { id: 2, lang: 'fr' }])
})
await check('embedding to-one, to-many, many-to-many', async () => {
  const r1 = ok(await anon.from('books').select('title, author:authors(name)').eq('id', 1).single())
  assert.deepEqual(r1.data, { title: 'Alpha', author: { name: 'Ann' } })
  const r2 = ok(await anon.from('authors').select('name, books(title)').eq('id', 1).order('id', { referencedTable: 'books' }).single())
  assert.deepEqual(r2.data, { name: 'Ann', books: [{ title: 'Alpha' }, { title: 'Beta' }] })
  const r3 = ok(await anon.from('books').select('title, tags(label)').eq('id', 1).single())
  assert.equal(r3.data.tags.length, 2)
})
await check('inner join filter on embed', async () => {
  const { data } = ok(await anon.from('authors').select('name, books!inner(title)').eq('books.year', 1999))
  assert.deepEqual(data, [{ name: 'Bob', books: [{ title: 'Gamma' }] }])
})
await check('count and head', async () => {
  const { count, data } = ok(await anon.from('books').select('*', { count: 'exact', head: true }))
  assert.equal(count, 4); assert.equal(data, null)
})
await check('range', async () => {
  const { data } = ok(await anon.from('books').select('id').order('id').range(1, 2))
  assert.deepEqual(data, [{ id: 2 }, { id: 3 }])
})
await check('single errors with PGRST116', async () => {
  const { error } = await anon.from('books').select('id').gt('id', 100).single()
  assert.equal(error.code, 'PGRST116')
})
await check('maybeSingle', async () => {
  const { data } = ok(await anon.from('books').select('id').eq('id', 100).maybeSingle())
  assert.equal(data, null)
})
await check('update and delete', async () => {
  const r1 = ok(await anon.from('items').update({ done: true }).eq('name', 'b1').select('name,done'))
  assert.deepEqual(r1.data, [{ name: 'b1', done: true }])
  const r2 = ok(await anon.from('items').delete().eq('name', 'b2').select('name'))
  assert.deepEqual(r2.data, [{ name: 'b2' }])
  const r3 = ok(await anon.from('items').select('name').eq('name', 'b2'))
  assert.deepEqual(r3.data, [])
})
await check('upsert merge and ignore', async () => {
  ok(await anon.from('tags').upsert({ id: 1, label: 'FICTION' }))
  ok(await anon.from('tags').upsert([{ id: 2, label: 'ignored' }, { id: 9, label: 'new' }], { ignoreDuplicates: true }))
  const { data } = ok(await anon.from('tags').select('id,label').order('id'))
  assert.deepEqual(data, [{ id: 1, label: 'FICTION' }, { id: 2, label: 'science' }, { id: 3, label: 'poetry' }, { id: 9, label: 'new' }])
})
await check('unique violation surfaces as 23505 / 409', async () => {
  const { error, status } = await anon.from('tags').insert({ id: 1, label: 'dup' })
  assert.equal(error.code, '23505'); assert.equal(status, 409)
})
await check('csv', async () => {
  const { data } = ok(await anon.from('authors').select('id,name').order('id').csv())
  assert.equal(data, 'id,name\n1,Ann\n2,Bob\n3,Cy')
})
await check('unknown table is PGRST205', async () => {
  const { error, status } = await anon.from('nope').select()
  assert.equal(error.code, 'PGRST205'); assert.equal(status, 404)
})
await check('schema switch', async () => {
  const { data } = ok(await anon.schema('other').from('notes').select('body'))
  assert.deepEqual(data, [{ body: 'hidden' }])
})
if (process.env.RPC) {
  await check('rpc scalar, setof with filters, void', async () => {
    const r1 = ok(await anon.rpc('add_them', { a: 2, b: 3 }))
    assert.equal(r1.data, 5)
    const r3 = ok(await anon.rpc('hello', { name: 'js' }, { get: true }))
    assert.equal(r3.data, 'hello js')
    const r4 = await anon.rpc('add_item', { name: 'via rpc' })
    assert.equal(r4.error, null)
  })
  if (process.env.RPC_ROWTYPE) {
    await check('rpc setof table with filters', async () => {
      const r2 = ok(await anon.rpc('books_after', { y: 2000 }).select('title').neq('title', 'Beta').order('id'))
      assert.deepEqual(r2.data, [{ title: 'Alpha' }, { title: 'Delta, the "fourth"' }])
    })
  }
  await check('rpc custom error', async () => {
    const { error, status } = await anon.rpc('fail_custom')
    assert.equal(status, 402); assert.equal(error.message, 'custom failure'); assert.equal(error.details, 'pay up')
  })
}
if (process.env.RLS) {
  await check('RLS isolates two users', async () => {
    const u1 = asUser(process.env.USER1_TOKEN), u2 = asUser(process.env.USER2_TOKEN)
    const r1 = ok(await u1.from('todos').select('task').order('id'))
    assert.deepEqual(r1.data, [{ task: 'one' }, { task: 'two' }])
    const r2 = ok(await u2.from('todos').select('task'))
    assert.deepEqual(r2.data, [{ task: 'three' }])
    const bad = await u2.from('todos').insert({ owner: 'u1', task: 'sneaky' })
    assert.equal(bad.error.code, '42501'); assert.equal(bad.status, 403)
    const upd = ok(await u2.from('todos').update({ task: 'x' }).eq('owner', 'u1').select())
    assert.deepEqual(upd.data, [])
    const r3 = ok(await anon.from('todos').select('task'))
    assert.deepEqual(r3.data, [])
  })
}
if (process.env.VIEWS) {
  await check('embedding through views', async () => {
    const r1 = ok(await anon.from('books_view').select('title, author:authors(name)').eq('id', 1).single())
    assert.deepEqual(r1.data, { title: 'Alpha', author: { name: 'Ann' } })
    const r2 = ok(await anon.from('authors').select('name, books_view(title)').eq('id', 1).order('id', { referencedTable: 'books_view' }).single())
    assert.deepEqual(r2.data, { name: 'Ann', books_view: [{ title: 'Alpha' }, { title: 'Beta' }] })
    const r3 = ok(await anon.from('posts').select('body, members(handle)').eq('id', 3).single())
    assert.deepEqual(r3.data, { body: 'third', members: { handle: 'bob' } })
  })
  await check('computed fields and relationships', async () => {
    const r1 = ok(await anon.from('authors').select('full_name, book_count').gte('book_count', 1).order('book_count', { ascending: false }))
    assert.deepEqual(r1.data, [{ full_name: 'Ann (1)', book_count: 2 }, { full_name: 'Bob (2)', book_count: 1 }])
    const r2 = ok(await anon.from('books').select('title, writer(name)').eq('id', 3).single())
    assert.deepEqual(r2.data, { title: 'Gamma', writer: { name: 'Bob' } })
    const r3 = ok(await anon.from('authors').select('name, written(title)').eq('id', 1).order('id', { referencedTable: 'written' }).single())
    assert.deepEqual(r3.data, { name: 'Ann', written: [{ title: 'Alpha' }, { title: 'Beta' }] })
  })
}
console.log(`${passed} passed, ${failed} failed`)
process.exit(failed ? 1 : 0)
