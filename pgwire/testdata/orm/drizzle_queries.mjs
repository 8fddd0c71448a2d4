import schema from "./drizzle_schema.cjs";
import { eq, and, desc, asc, sql, gt, inArray, count, like, isNull } from "drizzle-orm";

const { users, posts, tags, postTags } = schema;
const url = process.argv[2], drv = process.argv[3];
let db, close;
if (drv === "pg") {
  const { drizzle } = await import("drizzle-orm/node-postgres");
  const pg = (await import("pg")).default;
  const pool = new pg.Pool({ connectionString: url });
  db = drizzle(pool, { schema }); close = () => pool.end();
} else {
  const { drizzle } = await import("drizzle-orm/postgres-js");
  const postgres = (await import("postgres")).default;
  const c = postgres(url, { onnotice: () => {} });
  db = drizzle(c, { schema }); close = () => c.end();
}
const out = [];
const strip = (v) => JSON.parse(JSON.stringify(v, (k, x) => (k === "id" || k === "authorId" || k === "createdAt" || k === "created_at" || k === "author_id") && typeof x === "string" ? "<" + k + ">" : x));
async function step(name, f) {
  try { out.push([name, strip(await f())]); } catch (e) { out.push([name, "ERROR " + (e.code ?? "") + " " + e.message + " " + (e.cause?.message ?? "")]); }
}
await db.delete(postTags); await db.delete(posts); await db.delete(tags); await db.delete(users);
await step("insert users returning", () => db.insert(users).values([{ email: "a@x.io", name: "Ann", role: "admin" }, { email: "b@x.io", name: "Bob" }, { email: "c@x.io", name: "Cy", meta: { tags: ["x", "y"] } }]).returning({ email: users.email, role: users.role, meta: users.meta }));
const all = await db.select().from(users).orderBy(asc(users.email));
const [ann, bob] = all;
await step("insert posts", () => db.insert(posts).values([
  { authorId: ann.id, title: "Hello", body: "b1", published: true, score: "1.5" },
  { authorId: ann.id, title: "Second", views: 10 },
  { authorId: bob.id, title: "Bob post", published: true, views: 3 }]).returning({ title: posts.title, score: posts.score, views: posts.views, published: posts.published }));
await step("insert tags", () => db.insert(tags).values([{ name: "go" }, { name: "sql" }]).returning({ name: tags.name }));
const ps = await db.select().from(posts).orderBy(posts.title);
const ts = await db.select().from(tags).orderBy(tags.name);
await step("insert post_tags", () => db.insert(postTags).values([{ postId: ps[1].id, tagId: ts[0].id }, { postId: ps[1].id, tagId: ts[1].id }, { postId: ps[0].id, tagId: ts[1].id }]).then(() => "ok"));
await step("select join where order limit", () => db.select({ title: posts.title, name: users.name, role: users.role }).from(posts).innerJoin(users, eq(posts.authorId, users.id)).where(and(eq(posts.published, true), gt(posts.views, -1))).orderBy(desc(posts.views)).limit(5));
await step("left join group count", () => db.select({ name: users.name, n: count(posts.id) }).from(users).leftJoin(posts, eq(posts.authorId, users.id)).groupBy(users.name).orderBy(users.name));
await step("inArray like isNull", () => db.select({ t: posts.title }).from(posts).where(and(inArray(posts.views, [0, 3, 10]), like(posts.title, "%o%"), isNull(posts.body))).orderBy(posts.title));
await step("jsonb", () => db.select({ name: users.name, meta: users.meta, tag0: sql`${users.meta}->'tags'->>0` }).from(users).orderBy(users.name));
await step("onConflictDoUpdate", () => db.insert(users).values({ email: "a@x.io", name: "Ann2" }).onConflictDoUpdate({ target: users.email, set: { name: sql`excluded.name || '!'`, updatedAt: sql`now()` } }).returning({ name: users.name, upd: sql`${users.updatedAt} is not null` }));
await step("onConflictDoNothing", () => db.insert(tags).values({ name: "go" }).onConflictDoNothing().returning());
await step("update returning", () => db.update(posts).set({ views: sql`${posts.views} + 1` }).where(eq(posts.title, "Hello")).returning({ views: posts.views }));
await step("transaction commit", () => db.transaction(async (tx) => { await tx.insert(tags).values({ name: "tx1" }); const r = await tx.select({ c: count() }).from(tags); return r; }));
await step("transaction rollback", async () => { try { await db.transaction(async (tx) => { await tx.insert(tags).values({ name: "tx2" }); tx.rollback(); }); } catch (e) { } return db.select({ name: tags.name }).from(tags).orderBy(tags.name); });
await step("nested savepoint", () => db.transaction(async (tx) => { await tx.insert(tags).values({ name: "sp1" }); try { await tx.transaction(async (t2) => { await t2.insert(tags).values({ name: "go" }); }); } catch (e) { } return tx.select({ name: tags.name }).from(tags).orderBy(tags.name); }));
await step("relational findMany", () => db.query.users.findMany({ columns: { name: true, role: true }, with: { posts: { columns: { title: true, views: true }, orderBy: (p, { asc }) => [asc(p.title)], with: { postTags: { columns: {}, with: { tag: { columns: { name: true } } } } } } }, orderBy: (u, { asc }) => [asc(u.name)] }));
await step("relational findFirst", () => db.query.posts.findFirst({ where: (p, { eq }) => eq(p.title, "Second"), columns: { title: true }, with: { author: { columns: { email: true } } } }));
await step("delete cascade", async () => { await db.delete(users).where(eq(users.email, "b@x.io")); return db.select({ c: count() }).from(posts); });
await step("timestamp types", () => db.select({ c: users.createdAt, u: users.updatedAt }).from(users).limit(1).then((r) => r.map((x) => [typeof x.c, x.c instanceof Date, x.u === null ? "null" : typeof x.u])));
await step("posts createdAt string mode", () => db.select({ c: posts.createdAt }).from(posts).limit(1).then((r) => r.map((x) => [typeof x.c, /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d+\+00$/.test(x.c) ? "pgfmt" : x.c])));
console.log(JSON.stringify(out, null, 1));
await close();
