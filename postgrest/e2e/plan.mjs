// supabase-js's count: 'planned' | 'estimated' and .explain() against a
// server with db-plan-enabled. Env: URL, ANON_KEY.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'
import assert from 'node:assert/strict'

const anon = createClient(process.env.URL, process.env.ANON_KEY, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } })

let failed = 0
async function check(name, fn) {
  try {
    await fn()
  } catch (e) {
    failed++
    console.log(`FAIL ${name}: ${e.message}`)
  }
}
const ok = ({ data, error, ...rest }) => { if (error) throw new Error(JSON.stringify(error)); return { data, ...rest } }

await check('planned count of the whole table', async () => {
  const { count, data } = ok(await anon.from('nums').select('*', { count: 'planned', head: true }))
  assert.equal(count, 1000); assert.equal(data, null)
})
await check('planned count with a filter', async () => {
  const { count, data } = ok(await anon.from('nums').select('n', { count: 'planned' }).eq('grp', 3).order('n').limit(5))
  assert.equal(count, 100); assert.equal(data.length, 5)
})
await check('estimated count below db-max-rows is exact', async () => {
  const { count } = ok(await anon.from('nums').select('n', { count: 'estimated' }).eq('grp', 3).lt('n', 500).limit(2))
  assert.equal(count, 50)
})
await check('explain as text', async () => {
  const { data } = ok(await anon.from('nums').select('n, label').eq('n', 5).explain())
  assert.equal(typeof data, 'string')
  assert.match(data, /Index Cond: \(n = /)
})
await check('explain analyze as json', async () => {
  const { data } = ok(await anon.from('nums').select('n').eq('grp', 1).explain({ analyze: true, format: 'json' }))
  assert.ok(Array.isArray(data), JSON.stringify(data))
  assert.ok(data[0].Plan['Node Type'])
  assert.ok('Actual Rows' in data[0].Plan)
  assert.ok('Execution Time' in data[0])
})
await check('explain of an insert does not write it', async () => {
  const { data } = ok(await anon.from('nums').insert({ n: 5000, grp: 0 }).explain())
  assert.match(data, /Insert on nums/)
  const { count } = ok(await anon.from('nums').select('*', { count: 'exact', head: true }).eq('n', 5000))
  assert.equal(count, 0)
})
console.log(failed === 0 ? 'plan: all passed' : `plan: ${failed} failed`)
if (failed > 0) process.exit(1)
