// storage-js flows against tinybase's /storage/v1, run by e2e_test.go.
// Env: URL, ANON, SERVICE, ALICE_ID, ALICE, BOB_ID, BOB (JWTs).
import { createClient } from '@supabase/supabase-js'
import ws from 'ws'

const env = process.env
const opts = (jwt) => ({ auth: { persistSession: false, autoRefreshToken: false }, realtime: { transport: ws }, global: jwt ? { headers: { Authorization: `Bearer ${jwt}` } } : {} })
const admin = createClient(env.URL, env.SERVICE, opts())
const alice = createClient(env.URL, env.ANON, opts(env.ALICE))
const bob = createClient(env.URL, env.ANON, opts(env.BOB))
const anon = createClient(env.URL, env.ANON, opts())

let failures = 0
function check(name, ok, detail) {
  if (ok) {
    console.log(`ok   ${name}`)
  } else {
    failures++
    console.log(`FAIL ${name}: ${JSON.stringify(detail)}`)
  }
}
const code = (error) => error && (error.statusCode ?? error.status)

// buckets
{
  const a = await admin.storage.createBucket('avatars', { public: true })
  check('createBucket public', !a.error && a.data.name === 'avatars', a)
  const p = await admin.storage.createBucket('private', { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['text/plain', 'image/png'] })
  check('createBucket limits', !p.error, p)
  const dup = await admin.storage.createBucket('avatars')
  check('createBucket duplicate', code(dup.error) === '409', dup.error)
  const l = await admin.storage.listBuckets()
  check('listBuckets', !l.error && l.data.map((b) => b.id).sort().join() === 'avatars,private', l)
  const g = await admin.storage.getBucket('private')
  check('getBucket', !g.error && g.data.file_size_limit === 1024 && g.data.allowed_mime_types.length === 2 && g.data.public === false, g)
  const u = await admin.storage.updateBucket('private', { public: false, fileSizeLimit: 1024, allowedMimeTypes: ['text/plain', 'image/png'] })
  check('updateBucket', !u.error, u)
  const missing = await admin.storage.getBucket('nope')
  check('getBucket unknown', code(missing.error) === '404', missing.error)
}

// uploads, RLS per user folder
const A = env.ALICE_ID
const B = env.BOB_ID
{
  const up = await alice.storage.from('private').upload(`${A}/note.txt`, new Blob(['hello alice'], { type: 'text/plain' }))
  check('upload own folder', !up.error && up.data.path === `${A}/note.txt` && up.data.fullPath === `private/${A}/note.txt`, up)
  const again = await alice.storage.from('private').upload(`${A}/note.txt`, new Blob(['again'], { type: 'text/plain' }))
  check('upload conflict', code(again.error) === '409', again.error)
  const ups = await alice.storage.from('private').upload(`${A}/note.txt`, new Blob(['hello again'], { type: 'text/plain' }), { upsert: true, cacheControl: '120' })
  check('upload upsert', !ups.error, ups)
  const dl = await alice.storage.from('private').download(`${A}/note.txt`)
  check('download', !dl.error && (await dl.data.text()) === 'hello again', dl.error)
  const other = await alice.storage.from('private').upload(`${B}/x.txt`, new Blob(['intrusion'], { type: 'text/plain' }))
  check('upload other user folder denied', code(other.error) === '403', other.error)
  const bobUp = await bob.storage.from('private').upload(`${B}/b.txt`, new Blob(['bob'], { type: 'text/plain' }))
  check('bob uploads own', !bobUp.error, bobUp)
  const peek = await bob.storage.from('private').download(`${A}/note.txt`)
  check('bob cannot read alice', peek.error !== null, peek)
  const anonUp = await anon.storage.from('private').upload(`${A}/anon.txt`, new Blob(['x'], { type: 'text/plain' }))
  check('anon upload denied', code(anonUp.error) === '403', anonUp.error)
  const list = await alice.storage.from('private').list(A)
  check('list own folder', !list.error && list.data.length === 1 && list.data[0].name === 'note.txt' && list.data[0].metadata.size === 11, list)
  const root = await alice.storage.from('private').list()
  check('list root shows own folder only', !root.error && root.data.length === 1 && root.data[0].name === A && root.data[0].id === null, root)
  const big = await alice.storage.from('private').upload(`${A}/big.txt`, new Blob(['x'.repeat(2048)], { type: 'text/plain' }))
  check('bucket size limit', code(big.error) === '413', big.error)
  const gif = await alice.storage.from('private').upload(`${A}/a.gif`, new Blob(['GIF89a'], { type: 'image/gif' }))
  check('bucket mime limit', code(gif.error) === '415', gif.error)
  const bad = await alice.storage.from('private').upload(`${A}/../escape.txt`, new Blob(['x'], { type: 'text/plain' }))
  check('traversal refused', bad.error !== null, bad)
  const spaced = await alice.storage.from('private').upload(`${A}/with space (1).txt`, new Blob(['spaced'], { type: 'text/plain' }))
  check('name with spaces', !spaced.error, spaced)
  const sdl = await alice.storage.from('private').download(`${A}/with space (1).txt`)
  check('download name with spaces', !sdl.error && (await sdl.data.text()) === 'spaced', sdl.error)
  if (typeof alice.storage.from('private').info === 'function') {
    const info = await alice.storage.from('private').info(`${A}/note.txt`)
    check('info', !info.error && info.data.size === 11 && info.data.contentType === 'text/plain', info)
    const ex = await alice.storage.from('private').exists(`${A}/nope.txt`)
    check('exists false', !ex.error ? ex.data === false : true, ex)
  }
}

// move, copy, remove
{
  const mv = await alice.storage.from('private').move(`${A}/note.txt`, `${A}/moved.txt`)
  check('move', !mv.error, mv)
  const cp = await alice.storage.from('private').copy(`${A}/moved.txt`, `${A}/copy.txt`)
  check('copy', !cp.error && cp.data.path === `private/${A}/copy.txt`, cp)
  const cpd = await alice.storage.from('private').download(`${A}/copy.txt`)
  check('download copy', !cpd.error && (await cpd.data.text()) === 'hello again', cpd.error)
  const mvOther = await alice.storage.from('private').move(`${A}/moved.txt`, `${B}/stolen.txt`)
  check('move into other folder denied', mvOther.error !== null, mvOther)
  const rm = await alice.storage.from('private').remove([`${A}/moved.txt`, `${A}/copy.txt`, `${B}/b.txt`])
  check('remove own only', !rm.error && rm.data.length === 2, rm)
  const left = await bob.storage.from('private').download(`${B}/b.txt`)
  check('bob object kept', !left.error && (await left.data.text()) === 'bob', left.error)
}

// public and signed URLs
{
  const up = await admin.storage.from('avatars').upload('team/logo.png', new Blob([new Uint8Array([137, 80, 78, 71, 1, 2, 3])], { type: 'image/png' }))
  check('admin upload public bucket', !up.error, up)
  const { data } = anon.storage.from('avatars').getPublicUrl('team/logo.png')
  const res = await fetch(data.publicUrl)
  const bytes = new Uint8Array(await res.arrayBuffer())
  check('public URL', res.status === 200 && bytes.length === 7 && res.headers.get('content-type') === 'image/png', res.status)
  const etag = res.headers.get('etag')
  const res304 = await fetch(data.publicUrl, { headers: { 'If-None-Match': etag } })
  check('public URL If-None-Match', res304.status === 304, res304.status)
  const ranged = await fetch(data.publicUrl, { headers: { Range: 'bytes=1-3' } })
  check('public URL range', ranged.status === 206 && (await ranged.arrayBuffer()).byteLength === 3, ranged.status)

  const s = await alice.storage.from('private').createSignedUrl(`${A}/with space (1).txt`, 60)
  check('createSignedUrl', !s.error && s.data.signedUrl.includes('token='), s)
  const sres = await fetch(s.data.signedUrl)
  check('signed URL fetch', sres.status === 200 && (await sres.text()) === 'spaced', sres.status)
  const tampered = await fetch(s.data.signedUrl.slice(0, -3) + 'abc')
  check('tampered signed URL', tampered.status === 400, tampered.status)
  const denied = await bob.storage.from('private').createSignedUrl(`${A}/with space (1).txt`, 60)
  check('createSignedUrl needs read access', denied.error !== null, denied)
  const many = await alice.storage.from('private').createSignedUrls([`${A}/with space (1).txt`, `${A}/missing.txt`], 60)
  check('createSignedUrls', !many.error && many.data.length === 2 && many.data[0].signedUrl && many.data[1].error, many)

  const su = await alice.storage.from('private').createSignedUploadUrl(`${A}/via-signed.txt`)
  check('createSignedUploadUrl', !su.error && su.data.token, su)
  const put = await anon.storage.from('private').uploadToSignedUrl(`${A}/via-signed.txt`, su.data.token, new Blob(['signed upload'], { type: 'text/plain' }))
  check('uploadToSignedUrl', !put.error, put)
  const got = await alice.storage.from('private').download(`${A}/via-signed.txt`)
  check('download signed upload', !got.error && (await got.data.text()) === 'signed upload', got.error)
  const suOther = await alice.storage.from('private').createSignedUploadUrl(`${B}/nope.txt`)
  check('createSignedUploadUrl needs insert right', suOther.error !== null, suOther)
}

// a user signed up through GoTrue: storage sees auth.uid() from its session
{
  const carol = createClient(env.URL, env.ANON, opts())
  const su = await carol.auth.signUp({ email: 'carol@example.com', password: 'carol-password-1' })
  check('signUp', !su.error && su.data.session, su.error)
  const id = su.data.user.id
  const up = await carol.storage.from('private').upload(`${id}/hello.txt`, new Blob(['carol'], { type: 'text/plain' }))
  check('GoTrue session uploads to own folder', !up.error, up)
  const other = await carol.storage.from('private').upload(`${A}/carol.txt`, new Blob(['carol'], { type: 'text/plain' }))
  check('GoTrue session denied elsewhere', code(other.error) === '403', other.error)
  const dl = await carol.storage.from('private').download(`${id}/hello.txt`)
  check('GoTrue session downloads', !dl.error && (await dl.data.text()) === 'carol', dl.error)
}

// empty and delete bucket
{
  const del = await admin.storage.deleteBucket('avatars')
  check('deleteBucket not empty', del.error !== null, del)
  const em = await admin.storage.emptyBucket('avatars')
  check('emptyBucket', !em.error, em)
  const del2 = await admin.storage.deleteBucket('avatars')
  check('deleteBucket', !del2.error, del2)
}

if (failures > 0) {
  console.log(`${failures} failed`)
  process.exit(1)
}
console.log('all storage-js flows passed')
