// Realtime end to end with the real supabase-js: two users on
// postgres_changes (RLS isolation, filters, a rolled-back write never
// delivered), broadcast and presence, private channels authorized by RLS
// on realtime.messages and realtime.send from SQL. Prints "ok" or throws.
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const url = process.env.SUPABASE_URL
const anon = process.env.SUPABASE_ANON_KEY
const service = process.env.SUPABASE_SERVICE_ROLE_KEY
const ALICE = process.env.ALICE_ID, BOB = process.env.BOB_ID

// Node 20 has no WebSocket: realtime-js needs the ws package.
const base = { auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false }, realtime: { transport: ws } }
function client(token) {
  const opts = token ? { ...base, global: { headers: { Authorization: `Bearer ${token}` } } } : base
  const c = createClient(url, anon, opts)
  if (token) c.realtime.setAuth(token)
  return c
}
const alice = client(process.env.ALICE_TOKEN)
const bob = client(process.env.BOB_TOKEN)
const admin = createClient(url, service, base)

function assert(cond, msg) { if (!cond) throw new Error(msg) }
const sleep = (ms) => new Promise((r) => setTimeout(r, ms))
function subscribed(ch) {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error(`${ch.topic}: subscribe timed out`)), 10000)
    ch.subscribe((status, err) => {
      if (status === 'SUBSCRIBED') { clearTimeout(t); resolve() }
      else if (status === 'CHANNEL_ERROR' || status === 'TIMED_OUT') { clearTimeout(t); reject(err ?? new Error(status)) }
    })
  })
}
async function until(cond, what) {
  for (let i = 0; i < 100; i++) { if (cond()) return; await sleep(50) }
  throw new Error(`timed out waiting for ${typeof what === 'function' ? what() : what}`)
}

// postgres_changes: both users watch all of messages; alice also watches
// room 2 only with a filter.
const seenA = [], seenB = [], room2 = []
const chA = alice.channel('db-a')
  .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (p) => seenA.push(p))
  .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'messages', filter: 'room_id=eq.2' }, (p) => room2.push(p))
const chB = bob.channel('db-b')
  .on('postgres_changes', { event: '*', schema: 'public', table: 'messages' }, (p) => seenB.push(p))
await subscribed(chA)
await subscribed(chB)

const ids = (list) => list.map((p) => `${p.eventType}:${(p.new && p.new.id) ?? p.old.id}`).join(',')

let r = await admin.from('messages').insert([
  { id: 1, room_id: 1, owner: ALICE, body: 'alice in 1' },
  { id: 2, room_id: 2, owner: BOB, body: 'bob in 2' },
  { id: 3, room_id: 2, owner: ALICE, body: 'alice in 2' },
])
assert(!r.error, `insert: ${JSON.stringify(r.error)}`)
// A failed statement rolls back: the first row must never be delivered.
r = await admin.from('messages').insert([{ id: 4, room_id: 1, owner: ALICE, body: 'rolled back' }, { id: 1, room_id: 1, owner: ALICE, body: 'dup' }])
assert(r.error && r.error.code === '23505', `duplicate insert should fail: ${JSON.stringify(r)}`)
// alice updates her own row through PostgREST (RLS applies to the write too).
r = await alice.from('messages').update({ body: 'edited' }).eq('id', 1).select()
assert(!r.error && r.data.length === 1, `update: ${JSON.stringify(r)}`)

await until(() => seenA.length >= 3 && seenB.length >= 1 && room2.length >= 1, () => `changes: alice ${ids(seenA)} bob ${ids(seenB)} room2 ${ids(room2)}`)
await sleep(300)
assert(ids(seenA) === 'INSERT:1,INSERT:3,UPDATE:1', `alice saw ${ids(seenA)}`)
assert(ids(seenB) === 'INSERT:2', `bob saw ${ids(seenB)}`)
assert(ids(room2) === 'INSERT:3', `alice's room 2 filter saw ${ids(room2)}`)
const ins = seenA[0]
assert(ins.schema === 'public' && ins.table === 'messages' && ins.new.body === 'alice in 1' && ins.new.room_id === 1, `payload ${JSON.stringify(ins)}`)
assert(typeof ins.commit_timestamp === 'string' && ins.errors === null, `payload ${JSON.stringify(ins)}`)
const upd = seenA[2]
assert(upd.new.body === 'edited' && upd.old.body === 'alice in 1', `replica identity full old record: ${JSON.stringify(upd)}`)

// Delete: RLS tables only carry the key.
r = await admin.from('messages').delete().eq('id', 2)
assert(!r.error, `delete: ${JSON.stringify(r.error)}`)
await until(() => seenB.length >= 2, 'delete')
assert(seenB[1].eventType === 'DELETE' && JSON.stringify(seenB[1].old) === '{"id":2}', `delete payload ${JSON.stringify(seenB[1])}`)

// Broadcast between the two users, with self and ack.
const got = []
const rA = alice.channel('room-1', { config: { broadcast: { self: true, ack: true }, presence: { key: 'alice' } } })
const rB = bob.channel('room-1', { config: { presence: { key: 'bob' } } })
rA.on('broadcast', { event: 'cursor' }, (m) => got.push(['a', m.payload.x]))
rB.on('broadcast', { event: 'cursor' }, (m) => got.push(['b', m.payload.x]))
const joinsB = []
rB.on('presence', { event: 'join' }, ({ key }) => joinsB.push(key))
rB.on('presence', { event: 'leave' }, ({ key }) => joinsB.push('-' + key))
await subscribed(rA)
await subscribed(rB)
const ack = await rA.send({ type: 'broadcast', event: 'cursor', payload: { x: 7 } })
assert(ack === 'ok', `ack ${ack}`)
await until(() => got.length >= 2, 'broadcast')
assert(JSON.stringify(got.sort()) === '[["a",7],["b",7]]', `broadcast ${JSON.stringify(got)}`)

// Presence: alice tracks, bob sees her join, then her leave.
assert((await rA.track({ online_at: 'now' })) === 'ok', 'track')
await until(() => joinsB.includes('alice'), 'presence join')
const state = rB.presenceState()
assert(state.alice && state.alice[0].online_at === 'now', `presence state ${JSON.stringify(state)}`)
assert((await rA.untrack()) === 'ok', 'untrack')
await until(() => joinsB.includes('-alice'), 'presence leave')

// REST broadcast reaches the channel.
const res = await fetch(`${url}/realtime/v1/api/broadcast`, {
  method: 'POST', headers: { apikey: service, 'Content-Type': 'application/json' },
  body: JSON.stringify({ messages: [{ topic: 'room-1', event: 'cursor', payload: { x: 9 } }] }),
})
assert(res.status === 202, `REST broadcast ${res.status}`)
await until(() => got.some(([w, x]) => w === 'b' && x === 9), 'REST broadcast')

// Private channels: alice is a member of private-room, bob is not.
const priv = []
const pA = alice.channel('private-room', { config: { private: true, broadcast: { self: true, ack: true } } })
pA.on('broadcast', { event: '*' }, (m) => priv.push(`${m.event}:${m.payload.body}`))
await subscribed(pA)
const errPriv = await new Promise((resolve) => {
  bob.channel('private-room', { config: { private: true } }).subscribe((status, err) => { if (status !== 'SUBSCRIBED') resolve(err ? err.message : status) })
})
assert(/Unauthorized: You do not have permissions to read from this Channel topic: private-room/.test(errPriv), `bob's private join: ${errPriv}`)
// alice may send on it (INSERT policy): acked, and self delivers it.
assert((await pA.send({ type: 'broadcast', event: 'say', payload: { body: 'hi' } })) === 'ok', 'private send ack')
await until(() => priv.includes('say:hi'), () => `private broadcast: ${priv}`)

// realtime.send from SQL (an RPC over PostgREST): public to room-1,
// private to private-room.
const announced = []
rB.on('broadcast', { event: 'announce' }, (m) => announced.push(m.payload.body))
r = await alice.rpc('announce', { room: 'room-1', body: 'public news', private: false })
assert(!r.error, `announce: ${JSON.stringify(r.error)}`)
await until(() => announced.includes('public news'), () => `realtime.send public: ${announced}`)
r = await alice.rpc('announce', { room: 'private-room', body: 'members only', private: true })
assert(!r.error, `announce private: ${JSON.stringify(r.error)}`)
await until(() => priv.includes('announce:members only'), () => `realtime.send private: ${priv}`)
// A private message on room-1 reaches no public channel of room-1.
r = await alice.rpc('announce', { room: 'room-1', body: 'private news', private: true })
assert(!r.error, `announce private on room-1: ${JSON.stringify(r.error)}`)
await sleep(300)
assert(!announced.includes('private news'), 'a private message reached a public channel')

// An expired token cannot join.
const expired = client(process.env.EXPIRED_TOKEN)
const errJoin = await new Promise((resolve) => {
  expired.channel('nope').subscribe((status, err) => { if (status !== 'SUBSCRIBED') resolve(err ? err.message : status) })
})
assert(/Token has expired/.test(errJoin), `expired join: ${errJoin}`)

for (const c of [alice, bob, admin, expired]) await c.removeAllChannels()
console.log('ok')
process.exit(0)
