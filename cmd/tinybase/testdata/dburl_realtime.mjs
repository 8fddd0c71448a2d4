// Realtime over `tinybase start --db-url` with the real supabase-js:
// broadcast (self, ack, REST), presence, private channels authorized by
// RLS on realtime.messages in PostgreSQL, and postgres_changes from
// logical replication with RLS per subscriber.
// Env: URL, ANON, SERVICE, ALICE, BOB (user JWTs; alice is a member of
// private-room). Prints "ok" or throws.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const url = process.env.URL
const base = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws } }
function client(token) {
  const c = createClient(url, process.env.ANON, { ...base, global: { headers: { Authorization: `Bearer ${token}` } } })
  c.realtime.setAuth(token)
  return c
}
const alice = client(process.env.ALICE)
const bob = client(process.env.BOB)

function assert(cond, msg) { if (!cond) throw new Error(msg) }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
function status(ch) {
  return new Promise((resolve) => {
    ch.subscribe((st, err) => { if (st !== 'CLOSED') resolve(err ? `${st}: ${err.message}` : st) })
  })
}
async function until(cond, what) {
  for (let i = 0; i < 100; i++) { if (cond()) return; await sleep(50) }
  throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`)
}

// Broadcast and presence between the two users.
const got = []
const joins = []
const rA = alice.channel('room-1', { config: { broadcast: { self: true, ack: true }, presence: { key: 'alice' } } })
const rB = bob.channel('room-1', { config: { presence: { key: 'bob' } } })
rA.on('broadcast', { event: 'cursor' }, (m) => got.push(['a', m.payload.x]))
rB.on('broadcast', { event: 'cursor' }, (m) => got.push(['b', m.payload.x]))
rB.on('presence', { event: 'join' }, ({ key }) => joins.push(key))
assert(await status(rA) === 'SUBSCRIBED', 'alice joins room-1')
assert(await status(rB) === 'SUBSCRIBED', 'bob joins room-1')
assert(await rA.send({ type: 'broadcast', event: 'cursor', payload: { x: 7 } }) === 'ok', 'broadcast ack')
await until(() => got.length >= 2, () => `broadcast ${JSON.stringify(got)}`)
assert((await rA.track({ online_at: 'now' })) === 'ok', 'track')
await until(() => joins.includes('alice'), 'presence join')
const res = await fetch(`${url}/realtime/v1/api/broadcast`, {
  method: 'POST', headers: { apikey: process.env.SERVICE, 'Content-Type': 'application/json' },
  body: JSON.stringify({ messages: [{ topic: 'room-1', event: 'cursor', payload: { x: 9 } }] }),
})
assert(res.status === 202, `REST broadcast ${res.status}`)
await until(() => got.some(([w, x]) => w === 'b' && x === 9), 'REST broadcast')

// Private channels, checked by the policies in PostgreSQL.
const priv = []
const pA = alice.channel('private-room', { config: { private: true, broadcast: { self: true, ack: true } } })
pA.on('broadcast', { event: '*' }, (m) => priv.push(`${m.event}:${m.payload.body}`))
assert(await status(pA) === 'SUBSCRIBED', 'alice joins private-room')
const pB = await status(bob.channel('private-room', { config: { private: true } }))
assert(/Unauthorized: You do not have permissions to read from this Channel topic: private-room/.test(pB), `bob's private join: ${pB}`)
assert((await pA.send({ type: 'broadcast', event: 'say', payload: { body: 'hi' } })) === 'ok', 'private send ack')
await until(() => priv.includes('say:hi'), () => `private broadcast: ${priv}`)

// postgres_changes from logical replication, checked per subscriber
// with RLS in PostgreSQL: each user hears only their own notes.
const seenA = [], seenB = []
const cA = alice.channel('notes-a').on('postgres_changes', { event: '*', schema: 'public', table: 'notes' }, (p) => seenA.push(p))
const cB = bob.channel('notes-b').on('postgres_changes', { event: '*', schema: 'public', table: 'notes' }, (p) => seenB.push(p))
const sys = []
cA.on('system', {}, (m) => sys.push(m))
assert(await status(cA) === 'SUBSCRIBED', 'alice subscribes to notes')
assert(await status(cB) === 'SUBSCRIBED', 'bob subscribes to notes')
await until(() => sys.some((m) => m.extension === 'postgres_changes'), 'postgres_changes system message')
const ps = sys.find((m) => m.extension === 'postgres_changes')
assert(ps.status === 'ok', `postgres_changes: ${JSON.stringify(ps)}`)
let r = await alice.from('notes').insert({ body: 'alice 1' })
assert(!r.error, `alice insert: ${JSON.stringify(r.error)}`)
r = await bob.from('notes').insert({ body: 'bob 1' })
assert(!r.error, `bob insert: ${JSON.stringify(r.error)}`)
r = await alice.from('notes').update({ done: true }).eq('body', 'alice 1')
assert(!r.error, `alice update: ${JSON.stringify(r.error)}`)
await until(() => seenA.length >= 2 && seenB.length >= 1, () => `changes: alice ${JSON.stringify(seenA)} bob ${JSON.stringify(seenB)}`)
await sleep(300)
assert(seenA.length === 2 && seenB.length === 1, `extra changes: alice ${JSON.stringify(seenA)} bob ${JSON.stringify(seenB)}`)
const [ins, upd] = seenA
assert(ins.eventType === 'INSERT' && ins.new.body === 'alice 1' && typeof ins.new.id === 'number' && ins.new.done === false && ins.schema === 'public' && ins.table === 'notes', `alice insert payload ${JSON.stringify(ins)}`)
assert(upd.eventType === 'UPDATE' && upd.new.done === true && upd.old.id === ins.new.id, `alice update payload ${JSON.stringify(upd)}`)
assert(seenB[0].eventType === 'INSERT' && seenB[0].new.body === 'bob 1', `bob payload ${JSON.stringify(seenB[0])}`)

console.log('ok')
process.exit(0)
