// Storage bench (issue 23), run by e2e_test.go's TestStorageBench:
// upload + download of a 1 MiB object through storage-js against a
// PostgREST insert + select round trip of the same client, then 100
// concurrent 64 KiB uploads.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const env = process.env
const sb = createClient(env.URL, env.SERVICE, { auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws } })
const N = Number(env.ROUNDS || 30)

const must = (r, what) => {
  if (r.error) throw new Error(`${what}: ${JSON.stringify(r.error)}`)
  return r.data
}
must(await sb.storage.createBucket('bench'), 'createBucket')
const mib = new Uint8Array(1 << 20).map((_, i) => i & 255)

async function timeIt(fn) {
  await fn(-1) // warm up
  const t0 = performance.now()
  for (let i = 0; i < N; i++) await fn(i)
  return (performance.now() - t0) / N
}

const storageMs = await timeIt(async (i) => {
  must(await sb.storage.from('bench').upload(`obj-${i}.bin`, new Blob([mib], { type: 'application/octet-stream' }), { upsert: true }), 'upload')
  const d = must(await sb.storage.from('bench').download(`obj-${i}.bin`), 'download')
  if ((await d.arrayBuffer()).byteLength !== mib.length) throw new Error('short download')
})
if (env.DETAIL) {
  const upMs = await timeIt(async (i) => {
    must(await sb.storage.from('bench').upload(`obj-${i}.bin`, new Blob([mib], { type: 'application/octet-stream' }), { upsert: true }), 'upload')
  })
  const rawUpMs = await timeIt(async (i) => {
    must(await sb.storage.from('bench').upload(`obj-${i}.bin`, mib, { upsert: true, contentType: 'application/octet-stream' }), 'upload')
  })
  const downMs = await timeIt(async (i) => {
    const d = must(await sb.storage.from('bench').download(`obj-${Math.max(i, 0)}.bin`), 'download')
    await d.arrayBuffer()
  })
  const fetchMs = await timeIt(async (i) => {
    const r = await fetch(`${env.URL}/storage/v1/object/bench/obj-${Math.max(i, 0)}.bin`, { headers: { Authorization: `Bearer ${env.SERVICE}`, apikey: env.SERVICE } })
    await r.arrayBuffer()
  })
  const restBig = await timeIt(async () => {
    await fetch(`${env.URL}/rest/v1/items?select=id&limit=1`, { headers: { Authorization: `Bearer ${env.SERVICE}`, apikey: env.SERVICE } }).then((r) => r.text())
  })
  console.log(`detail: plain fetch download ${fetchMs.toFixed(2)} ms, plain fetch rest ${restBig.toFixed(2)} ms`)
  console.log(`detail: upload (Blob, multipart) ${upMs.toFixed(2)} ms, upload (raw bytes) ${rawUpMs.toFixed(2)} ms, download ${downMs.toFixed(2)} ms`)
}
const restMs = await timeIt(async () => {
  const row = must(await sb.from('items').insert({ body: 'x' }).select().single(), 'insert')
  must(await sb.from('items').select().eq('id', row.id).single(), 'select')
})
console.log(`storage 1MiB upload+download: ${storageMs.toFixed(2)} ms/round`)
console.log(`rest insert+select: ${restMs.toFixed(2)} ms/round`)
console.log(`ratio: ${(storageMs / restMs).toFixed(2)}x (target <= 1.5x)`)

const k64 = new Uint8Array(64 << 10).map((_, i) => (i * 7) & 255)
const t0 = performance.now()
const results = await Promise.all(Array.from({ length: 100 }, (_, i) =>
  sb.storage.from('bench').upload(`concurrent/${i}.bin`, new Blob([k64, new Uint8Array([i])]))))
const errors = results.filter((r) => r.error)
console.log(`100 concurrent 64KiB uploads: ${errors.length} errors, ${(performance.now() - t0).toFixed(0)} ms`)
if (errors.length > 0) {
  console.log(JSON.stringify(errors[0].error))
  process.exit(1)
}
const listed = must(await sb.storage.from('bench').list('concurrent', { limit: 1000 }), 'list')
if (listed.length !== 100) {
  console.log(`listed ${listed.length}, want 100`)
  process.exit(1)
}
