// The drizzle schema TestORMFlows pushes, generates and migrates: enums,
// foreign keys, indexes (partial, unique, composite), uuid defaults,
// jsonb, timestamps and relations for drizzle-orm's relational queries.
const { pgTable, pgEnum, uuid, text, integer, jsonb, timestamp, boolean, serial, index, uniqueIndex, varchar, numeric, primaryKey } = require("drizzle-orm/pg-core");
const { relations, sql } = require("drizzle-orm");

const roleEnum = pgEnum("dz_role", ["admin", "member", "guest"]);

const users = pgTable("dz_users", {
  id: uuid("id").primaryKey().defaultRandom(),
  email: varchar("email", { length: 255 }).notNull().unique(),
  name: text("name").notNull(),
  role: roleEnum("role").notNull().default("member"),
  meta: jsonb("meta").default({ tags: [] }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at"),
}, (t) => ({
  nameIdx: index("dz_users_name_idx").on(t.name),
  roleCreated: index("dz_users_role_created_idx").on(t.role, t.createdAt),
}));

const posts = pgTable("dz_posts", {
  id: serial("id").primaryKey(),
  authorId: uuid("author_id").notNull().references(() => users.id, { onDelete: "cascade" }),
  title: text("title").notNull(),
  body: text("body"),
  published: boolean("published").notNull().default(false),
  score: numeric("score", { precision: 10, scale: 2 }).default("0"),
  views: integer("views").notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true, mode: "string" }).defaultNow(),
}, (t) => ({
  authorIdx: index("dz_posts_author_idx").on(t.authorId),
  titleUq: uniqueIndex("dz_posts_author_title_uq").on(t.authorId, t.title),
  pubIdx: index("dz_posts_pub_idx").on(t.createdAt).where(sql`published`),
}));

const tags = pgTable("dz_tags", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
});

const postTags = pgTable("dz_post_tags", {
  postId: integer("post_id").notNull().references(() => posts.id, { onDelete: "cascade" }),
  tagId: integer("tag_id").notNull().references(() => tags.id),
}, (t) => ({ pk: primaryKey({ columns: [t.postId, t.tagId] }) }));

const usersRelations = relations(users, ({ many }) => ({ posts: many(posts) }));
const postsRelations = relations(posts, ({ one, many }) => ({
  author: one(users, { fields: [posts.authorId], references: [users.id] }),
  postTags: many(postTags),
}));
const postTagsRelations = relations(postTags, ({ one }) => ({
  post: one(posts, { fields: [postTags.postId], references: [posts.id] }),
  tag: one(tags, { fields: [postTags.tagId], references: [tags.id] }),
}));
const tagsRelations = relations(tags, ({ many }) => ({ postTags: many(postTags) }));

module.exports = { roleEnum, users, posts, tags, postTags, usersRelations, postsRelations, postTagsRelations, tagsRelations };
