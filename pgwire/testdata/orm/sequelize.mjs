import { Sequelize, DataTypes, Op } from "sequelize";
const which = process.argv[2], ver = process.argv[3] ?? "v1";
const url = which;
const sq = new Sequelize(url, { logging: process.env.LOG ? console.error : false });
const out = [];
const strip = (v) => JSON.parse(JSON.stringify(v, (k, x) => (["id", "ownerId", "createdAt", "updatedAt", "OwnerId"].includes(k)) && x !== null && typeof x !== "number" ? "<" + k + ">" : x));
async function step(name, f) { try { out.push([name, strip(await f())]); } catch (e) { out.push([name, "ERROR " + (e.parent?.code ?? "") + " " + e.message + (e.sql ? " SQL: " + e.sql : "")]); } }
const v2 = ver === "v2";
const Owner = sq.define("Owner", { id: { type: DataTypes.UUID, defaultValue: DataTypes.UUIDV4, primaryKey: true }, name: { type: DataTypes.STRING(v2 ? 200 : 100), allowNull: false },
  email: { type: DataTypes.STRING, unique: true }, status: { type: DataTypes.ENUM(...(v2 ? ["active", "banned", "pending"] : ["active", "banned"])), defaultValue: "active" },
  data: { type: DataTypes.JSONB }, ...(v2 ? { score: { type: DataTypes.DECIMAL(10, 2), defaultValue: 0 } } : { legacy: DataTypes.TEXT }) },
  { tableName: "sq_owners", indexes: [{ fields: ["name"] }, ...(v2 ? [{ unique: true, fields: ["name", "status"], name: "sq_owners_name_status" }] : [])] });
const Car = sq.define("Car", { id: { type: DataTypes.INTEGER, autoIncrement: true, primaryKey: true }, model: { type: DataTypes.STRING, allowNull: v2 }, year: DataTypes.INTEGER,
  tags: DataTypes.ARRAY(DataTypes.STRING), price: v2 ? DataTypes.DECIMAL(12, 2) : DataTypes.FLOAT, soldAt: DataTypes.DATE }, { tableName: "sq_cars" });
Owner.hasMany(Car, { foreignKey: "ownerId", onDelete: "CASCADE" }); Car.belongsTo(Owner, { foreignKey: "ownerId" });
if (ver === "drop") { await step("drop", async () => { await sq.query(`drop table if exists sq_cars, sq_owners cascade; drop type if exists "enum_sq_owners_status"`); return "ok"; }); }
else {
  await step("sync alter " + ver, async () => { await sq.sync({ alter: true }); return "ok"; });
  await step("sync alter again " + ver, async () => { await sq.sync({ alter: true }); return "ok"; });
  await step("describe owners", () => sq.getQueryInterface().describeTable("sq_owners"));
  await step("describe cars", () => sq.getQueryInterface().describeTable("sq_cars"));
  await step("indexes", () => sq.getQueryInterface().showIndex("sq_owners").then((r) => r.map((i) => [i.name, i.unique, i.primary, i.fields.map((f) => f.attribute)]).sort()));
  await step("fks", () => sq.getQueryInterface().getForeignKeyReferencesForTable("sq_cars").then((r) => r.map((f) => [f.columnName, f.referencedTableName, f.referencedColumnName]).sort()));
  if (ver === "v1") {
    await step("create", async () => { const o = await Owner.create({ name: "Ann", email: "a@x", data: { k: [1] } }); await Car.bulkCreate([{ model: "A", year: 2020, tags: ["x"], price: 1.5, ownerId: o.id }, { model: "B", year: 2021, ownerId: o.id }]); const o2 = await Owner.create({ name: "Bob", status: "banned" }); return [o.status, o2.status]; });
    await step("findAll include", () => Owner.findAll({ include: [{ model: Car }], order: [["name", "ASC"], [Car, "model", "DESC"]] }).then((r) => r.map((o) => o.toJSON())));
    await step("where ops", () => Car.findAll({ where: { year: { [Op.gte]: 2020 }, model: { [Op.iLike]: "a%" }, tags: { [Op.contains]: ["x"] } }, attributes: ["model", "tags"] }).then((r) => r.map((c) => c.toJSON())));
    await step("findAndCountAll", () => Owner.findAndCountAll({ include: [{ model: Car, required: true }], limit: 1, distinct: true }).then((r) => [r.count, r.rows.length]));
    await step("upsert", () => Owner.upsert({ name: "Ann2", email: "a@x" }, { conflictFields: ["email"] }).then(([o, c]) => [o.name, c]));
    await step("update/increment", async () => { await Car.increment("year", { by: 1, where: { model: "A" } }); return Car.findOne({ where: { model: "A" }, attributes: ["year"] }).then((c) => c.year); });
    await step("agg", () => Car.findAll({ attributes: ["ownerId", [sq.fn("COUNT", sq.col("id")), "n"], [sq.fn("MAX", sq.col("year")), "mx"]], group: ["ownerId"], raw: true }).then((r) => r.map((x) => [x.n, x.mx])));
    await step("transaction", async () => { try { await sq.transaction(async (t) => { await Owner.create({ name: "T" }, { transaction: t }); throw new Error("x"); }); } catch {} return Owner.count(); });
    await step("json query", () => Owner.findAll({ where: { "data.k": { [Op.ne]: null } }, attributes: ["name"], raw: true }));
  }
}
console.log(JSON.stringify(out, null, 1)); await sq.close();
