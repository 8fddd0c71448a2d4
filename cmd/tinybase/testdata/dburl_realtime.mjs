// Realtime over `tinybase start --db-url` with the real supabase-js:
// broadcast (self, ack, REST), presence, private channels authorized by
// RLS on realtime.messages in PostgreSQL, and a postgres_changes binding
// answered with the error that says it is not served in this mode.
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

// postgres_changes: the join succeeds, then the binding is refused with
// a reason in a system message, as Realtime reports a binding it cannot
// serve.
const pc = await new Promise((resolve) => {
  const t = setTimeout(() => resolve('no system message within 5 s'), 5000)
  alice.channel('changes').on('postgres_changes', { event: '*', schema: 'public', table: 'room_members' }, () => {})
    .on('system', {}, (m) => { if (m.extension === 'postgres_changes') { clearTimeout(t); resolve(`${m.status}: ${m.message}`) } })
    .subscribe()
})
assert(/^error: postgres_changes are not served when tinybase runs over PostgreSQL/.test(pc), `postgres_changes: ${pc}`)

console.log('ok')
process.exit(0)
