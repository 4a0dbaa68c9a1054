import crypto from "node:crypto";
import { sql, type ExpressionBuilder } from "kysely";
import type { Db } from "~/server/db/database.server";
import { engineOf } from "~/server/db/dialect.server";
import type { Database } from "~/server/db/schema.server";
import { photoFromKey } from "~/server/images/image-urls.server";
import { defaultWarrantyType } from "~/shared/lib/massachusetts-warranty";
import { englishFeatureName, featureNames, storedFeatures } from "~/shared/lib/vehicle-features";
import type { Vehicle, VehicleStatus } from "~/shared/types/vehicle";
import type { DealerWarrantyTerms } from "~/shared/lib/warranty-terms";
import { readDealSettings } from "./deal-settings.server";
import { recordStaffEvent } from "./staff-events.server";
import { listPriceChangesSince, recordPriceChange } from "./vehicle-price-changes.server";
import { inTransaction } from "~/server/db/transaction.server";

/** The lot's own fields: optional on input, defaulted on create, unchanged on update when absent. */
type LotFields =
  | "stockNumber"
  | "trim"
  | "fuelType"
  | "status"
  | "dateInStock"
  | "warrantyType"
  | "warrantyTerms"
  | "manufacturerWarrantyApplies";

/** Fields a vehicle is created or replaced with; images are already-stored image keys in order. */
export type VehicleInput = Omit<
  Vehicle,
  "id" | "images" | "photos" | "createdAt" | "updatedAt" | "soldAt" | "priceReducedBy" | "featureNames" | "descriptionEs" | "descriptionPt" | LotFields
> &
  Partial<Pick<Vehicle, LotFields | "descriptionEs" | "descriptionPt">> & {
    images: { key: string; width: number; height: number }[];
  };

/** Vehicle fields without images: what an import row may set (any subset on update). */
export type VehicleFields = Omit<VehicleInput, "images">;

type VehicleRow = Omit<
  Vehicle,
  "features" | "featureNames" | "images" | "photos" | "priceReducedBy" | "manufacturerWarrantyApplies" | "warrantyTerms"
> & {
  /** JSON: catalogue keys and custom features. */
  features: string;
  /** JSON of DealerWarrantyTerms, or null (decision 091). */
  warrantyTerms: string | null;
  /** 0 or 1: both engines store the flag as an integer. */
  manufacturerWarrantyApplies: number;
};

/** A price drop is advertised ("Price reduced $X") for this long after it happened. */
export const PRICE_REDUCTION_WINDOW_DAYS = 30;

/**
 * How much the price fell in the window (decision 096): the former price is the old price of the
 * first change inside the window whose old price had been offered for at least `minDays` days
 * before it changed (16 CFR 233.1: a former price offered for a reasonably substantial period);
 * the drop is that price minus today's. Raising a price and then lowering it back is not a
 * reduction, and neither is a price shown for a day and then cut. `changes` runs oldest first
 * and includes the changes of the `minDays` before the window; `since` is the window's start and
 * `listedSince` when the vehicle came into stock.
 */
export function priceReduction(
  current: number,
  changes: { oldPrice: number; changedAt: string }[],
  { since, minDays, listedSince }: { since: Date; minDays: number; listedSince: string },
): number | null {
  const minMs = minDays * 86_400_000;
  let heldFrom = Date.parse(listedSince);
  for (const change of changes) {
    const at = Date.parse(change.changedAt);
    if (at >= since.getTime() && at - heldFrom >= minMs) {
      const drop = change.oldPrice - current;
      return drop > 0 ? drop : null;
    }
    heldFrom = at;
  }
  return null;
}

/** Adds photo URLs and recent price drops to vehicle rows with one query each (all rows when `allVehicles`). */
async function withDetails(db: Db, rows: VehicleRow[], allVehicles = false, now = new Date()): Promise<Vehicle[]> {
  if (rows.length === 0) return [];
  const ids = allVehicles ? null : rows.map((r) => r.id);
  let query = db.selectFrom("vehicleImages").select(["vehicleId", "imageKey", "width", "height"]);
  if (ids) query = query.where("vehicleId", "in", ids);
  const images = await query.orderBy("vehicleId").orderBy("position").execute();
  const byVehicle = Map.groupBy(images, (i) => i.vehicleId);
  const since = new Date(now.getTime() - PRICE_REDUCTION_WINDOW_DAYS * 86_400_000);
  const { priceDropMinDays: minDays } = (await readDealSettings(db)).settings;
  // The changes just before the window too: they say since when a former price inside it was offered.
  const changes = Map.groupBy(await listPriceChangesSince(db, new Date(since.getTime() - minDays * 86_400_000), ids), (c) => c.vehicleId);
  return rows.map((row) => {
    const photos = (byVehicle.get(row.id) ?? []).map((i) => photoFromKey(i.imageKey, i.width, i.height));
    const stored = JSON.parse(row.features) as string[];
    return {
      ...row,
      features: stored.map(englishFeatureName),
      featureNames: stored.map(featureNames),
      manufacturerWarrantyApplies: Number(row.manufacturerWarrantyApplies) === 1,
      warrantyTerms: row.warrantyTerms ? (JSON.parse(row.warrantyTerms) as DealerWarrantyTerms) : null,
      photos,
      images: photos.map((p) => p.src),
      priceReducedBy: priceReduction(row.price, changes.get(row.id) ?? [], { since, minDays, listedSince: row.createdAt }),
    };
  });
}

/** Every vehicle, sold ones included (staff), newest first, with photo URLs. */
export async function listVehicles(db: Db, now = new Date()): Promise<Vehicle[]> {
  const rows = await db.selectFrom("vehicles").selectAll().orderBy("createdAt", "desc").orderBy("id").execute();
  return withDetails(db, rows, true, now);
}

/** The staff list's filters (decision 128): every one optional; `inStockOnOrBefore` is a yyyy-MM-dd. */
export type VehicleListFilter = {
  /** Found, in any case, inside the make, the model, the year, the VIN or the stock number. */
  q?: string;
  status?: VehicleStatus;
  /** Only vehicles without a photo. */
  noPhotos?: boolean;
  /** Only vehicles in stock since this day or earlier (at least N days in stock). */
  inStockOnOrBefore?: string;
};
/** The staff list's orders: name ("2019 Honda Civic"), stock number, price, mileage, status, days in stock. */
export type VehicleListOrder = "vehicle" | "stock" | "price" | "mileage" | "status" | "days";

/**
 * One page of the staff list (/podium/vehicles, decision 128): filtered, counted, ordered and paged by
 * the database, so a request reads the page's rows and not the lot. Ties (and no order) keep the
 * list's own order, newest first. Text orders compare lowercase characters by their code (digits one
 * by one), the same on both engines. `today` (the dealership's, yyyy-MM-dd) caps a date in stock in the
 * future at 0 days, as the list counts them. The page's vehicles come with their photos and price drops.
 */
export async function listVehiclesPage(
  db: Db,
  {
    filter,
    order,
    page,
    pageSize,
    today,
  }: {
    /** null: a filter that could not be read, which matches nothing (the whole lot is still counted). */
    filter: VehicleListFilter | null;
    order: { by: VehicleListOrder; direction: "asc" | "desc" } | null;
    page: number;
    pageSize: number;
    today: string;
  },
  now = new Date(),
): Promise<{ vehicles: Vehicle[]; matching: number; total: number; page: number }> {
  const like = (q: string) => `%${q.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  const binary = engineOf(db) === "postgres" ? sql` collate "C"` : sql``;
  let matches = db.selectFrom("vehicles");
  if (!filter) matches = matches.where(sql<boolean>`1 = 0`);
  filter ??= {};
  const q = filter.q?.trim();
  if (q) {
    const pattern = like(q);
    const contains = (column: ReturnType<typeof sql>) => sql<boolean>`lower(${column}) like ${pattern} escape '\\'`;
    matches = matches.where(({ or }) =>
      or([
        contains(sql`${sql.ref("make")}`),
        contains(sql`${sql.ref("model")}`),
        contains(sql`cast(${sql.ref("year")} as text)`),
        contains(sql`${sql.ref("vin")}`),
        contains(sql`coalesce(${sql.ref("stockNumber")}, '')`),
      ]),
    );
  }
  if (filter.status) matches = matches.where("status", "=", filter.status);
  if (filter.noPhotos) {
    matches = matches.where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom("vehicleImages").select("vehicleImages.vehicleId").whereRef("vehicleImages.vehicleId", "=", "vehicles.id"))),
    );
  }
  if (filter.inStockOnOrBefore) matches = matches.where("dateInStock", "<=", filter.inStockOnOrBefore);
  const count = (query: typeof matches) =>
    query
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .executeTakeFirstOrThrow()
      .then((row) => Number(row.n));
  const [matching, total] = await Promise.all([count(matches), count(db.selectFrom("vehicles"))]);
  const pages = Math.max(1, Math.ceil(matching / pageSize));
  const shown = Math.min(Math.max(1, page), pages);
  if (matching === 0) return { vehicles: [], matching, total, page: shown };
  const keys = {
    vehicle: sql`lower(cast(${sql.ref("year")} as text) || ' ' || ${sql.ref("make")} || ' ' || ${sql.ref("model")})${binary}`,
    stock: sql`lower(coalesce(${sql.ref("stockNumber")}, ''))${binary}`,
    price: sql`${sql.ref("price")}`,
    mileage: sql`${sql.ref("mileage")}`,
    status: sql`case ${sql.ref("status")} when 'available' then 0 when 'pending' then 1 else 2 end`,
    // Days in stock, ascending, is the date in stock descending; a date after today counts as today.
    days: sql`case when ${sql.ref("dateInStock")} > ${today} then ${today} else ${sql.ref("dateInStock")} end`,
  } satisfies Record<VehicleListOrder, unknown>;
  let rows = matches.selectAll();
  if (order) {
    const ascending = order.by === "days" ? order.direction === "desc" : order.direction === "asc";
    rows = rows.orderBy(keys[order.by], ascending ? "asc" : "desc");
  }
  const pageRows = await rows
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .limit(pageSize)
    .offset((shown - 1) * pageSize)
    .execute();
  return { vehicles: await withDetails(db, pageRows, false, now), matching, total, page: shown };
}

/**
 * What puts a vehicle on the site (decision 054): not sold, and at least one photo. A vehicle
 * imported or saved without photos would otherwise show as an empty card, page and feed row;
 * it stays in the staff list ("Needs photos") until its first photo lists it.
 */
const isListed = (eb: ExpressionBuilder<Database, "vehicles">) =>
  eb.and([
    eb("vehicles.status", "<>", "sold"),
    eb.exists(eb.selectFrom("vehicleImages").select("vehicleImages.vehicleId").whereRef("vehicleImages.vehicleId", "=", "vehicles.id")),
  ]);

/** The vehicles shoppers see: available and pending ones with a photo, newest first. */
export async function listListedVehicles(db: Db, now = new Date()): Promise<Vehicle[]> {
  const rows = await db.selectFrom("vehicles").selectAll().where(isListed).orderBy("createdAt", "desc").orderBy("id").execute();
  return withDetails(db, rows, true, now);
}

/** What matching a vehicle against saved searches and picking similar ones reads, without photos. */
export type ListedVehicleFacts = Pick<Vehicle, "id" | "year" | "make" | "model" | "price" | "mileage" | "bodyStyle" | "transmission" | "status">;

/** The listed vehicles' facts (stock prices), in one query and no photo rows: the alert matcher's view of the site. */
export async function listListedVehicleFacts(db: Db): Promise<ListedVehicleFacts[]> {
  return db
    .selectFrom("vehicles")
    .select(["id", "year", "make", "model", "price", "mileage", "bodyStyle", "transmission", "status"])
    .where(isListed)
    .orderBy("createdAt", "desc")
    .orderBy("id")
    .execute();
}

/** One vehicle by id if shoppers may see it (see isListed), or null. */
export async function findListedVehicle(db: Db, id: string, now = new Date()): Promise<Vehicle | null> {
  const row = await db.selectFrom("vehicles").selectAll().where("id", "=", id).where(isListed).executeTakeFirst();
  if (!row) return null;
  const [vehicle] = await withDetails(db, [row], false, now);
  return vehicle ?? null;
}

/** One vehicle by id (whatever its status), or null. */
export async function findVehicle(db: Db, id: string, now = new Date()): Promise<Vehicle | null> {
  const row = await db.selectFrom("vehicles").selectAll().where("id", "=", id).executeTakeFirst();
  if (!row) return null;
  const [vehicle] = await withDetails(db, [row], false, now);
  return vehicle ?? null;
}

/** Year, make and model of the given vehicles (those that still exist), without photos: for naming and linking them. */
export async function findVehicleNames(db: Db, ids: string[]): Promise<Pick<Vehicle, "id" | "year" | "make" | "model">[]> {
  if (ids.length === 0) return [];
  return db.selectFrom("vehicles").select(["id", "year", "make", "model"]).where("id", "in", ids).execute();
}

/** The vehicles with these ids (any status), with photo URLs; unknown ids are left out. */
export async function findVehiclesByIds(db: Db, ids: string[], now = new Date()): Promise<Vehicle[]> {
  const out: Vehicle[] = [];
  for (let i = 0; i < ids.length; i += 500) {
    const rows = await db
      .selectFrom("vehicles")
      .selectAll()
      .where("id", "in", ids.slice(i, i + 500))
      .execute();
    out.push(...(await withDetails(db, rows, false, now)));
  }
  return out;
}

/**
 * The stock version: vehicle count + latest change time (+ when the deal settings were saved and the
 * latest service edit).
 * Pages and API answers built from the stock are cached per version, so every vehicle write must
 * move it: deletes change the count, inserts and updates set a change time later than every stored
 * one (`nextChangeTime`).
 */
export async function readVehiclesVersion(db: Db): Promise<string> {
  const row = await db
    .selectFrom("vehicles")
    .select((eb) => [
      eb.fn.countAll<number>().as("count"),
      eb.fn.max("updatedAt").as("latest"),
      // The deal settings' change time too: the documentation fee is part of every advertised price (decision 066).
      eb.selectFrom("dealSettings").select("dealSettings.updatedAt").where("dealSettings.id", "=", 1).as("dealSettings"),
      // The booking page shows the service menu: a service's edited text must replace the cached copy too (decision 068).
      eb
        .selectFrom("services")
        .select((s) => s.fn.max("updatedAt").as("servicesLatest"))
        .as("servicesLatest"),
    ])
    .executeTakeFirstOrThrow();
  return `${row.count}:${row.latest ?? ""}${row.dealSettings ? `:${row.dealSettings}` : ""}${row.servicesLatest ? ` services:${row.servicesLatest}` : ""}`;
}

/**
 * How long a process reuses the stock version it read from a database other processes also write
 * (PostgreSQL): the bound within which a vehicle saved through another process shows on this one's
 * cached pages (decision 047). A round trip per request to a database server cost a third of the
 * throughput of two processes; SQLite is one process's own file and answers in microseconds, so it
 * is read on every request. Writes through this process are seen at once on both.
 */
export const SHARED_STOCK_VERSION_REUSE_MS = 1000;

/** Moves on every vehicle write through this process; a version read before it moved is not reused. */
let localStockWrites = 0;
type ReusableVersion = { writes: number; version: string; until: number };
const reusableVersions = new WeakMap<Db, ReusableVersion>();
const versionReads = new WeakMap<Db, { writes: number; promise: Promise<string> }>();

/**
 * Tells the cached stock version that this process changed vehicles. Called after the write commits
 * (a version read while the transaction was open may be the old one), and by `nextChangeTime` before.
 */
export function noteVehiclesChanged(): void {
  localStockWrites++;
  for (const listener of vehicleChangeListeners) listener();
}

const vehicleChangeListeners = new Set<() => void>();

/**
 * Calls `listener` whenever this process writes vehicles (the alerts' matcher runs after each change
 * that can trigger an alert, docs/behaviour.md §21). It may be told before the write commits: a
 * listener waits a moment before it reads, and the matcher's sweep catches anything missed.
 */
export function onVehiclesChanged(listener: () => void): () => void {
  vehicleChangeListeners.add(listener);
  return () => vehicleChangeListeners.delete(listener);
}

/** The stock version at the start of a long vehicle write this process holds open on SQLite. */
const versionsHeld = new WeakMap<Db, { version: string }>();

/**
 * Runs a long vehicle write (a CSV import) in one transaction that other requests can work beside
 * (decision 053). On SQLite the transaction holds the process's one connection, so every query
 * waits for it, the stock version's included; but no other write can commit before it does, so the
 * version read as its first statement stays the committed one until then. Callers of
 * `vehiclesVersion` get that version without the database meanwhile, and pages cached under it are
 * served while `work` pauses between its statements. PostgreSQL's other connections are not held up.
 */
export async function stockWriteTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  if (engineOf(db) === "postgres") {
    const result = await inTransaction(db, work);
    noteVehiclesChanged();
    return result;
  }
  const held = { version: "" };
  try {
    return await inTransaction(db, async (trx) => {
      held.version = await readVehiclesVersion(trx);
      versionsHeld.set(db, held);
      return work(trx);
    });
  } finally {
    // Only this write's own entry: a write that started after this one committed holds its own.
    if (versionsHeld.get(db) === held) versionsHeld.delete(db);
    noteVehiclesChanged();
  }
}

/**
 * The stock version as the caches of `/`, `/inventory`, vehicle pages and `GET /api/vehicles` key on
 * it: read from the database on every call on SQLite (or the one held by `stockWriteTransaction`);
 * on PostgreSQL reused for up to SHARED_STOCK_VERSION_REUSE_MS, with concurrent callers sharing one read.
 */
export async function vehiclesVersion(db: Db): Promise<string> {
  if (engineOf(db) !== "postgres") return versionsHeld.get(db)?.version ?? readVehiclesVersion(db);
  const writes = localStockWrites;
  const kept = reusableVersions.get(db);
  if (kept && kept.writes === writes && kept.until > Date.now()) return kept.version;
  const inFlight = versionReads.get(db);
  if (inFlight && inFlight.writes === writes) return inFlight.promise;
  const until = Date.now() + SHARED_STOCK_VERSION_REUSE_MS;
  const promise = readVehiclesVersion(db)
    .then((version) => {
      if (localStockWrites === writes) reusableVersions.set(db, { writes, version, until });
      return version;
    })
    .finally(() => {
      if (versionReads.get(db)?.promise === promise) versionReads.delete(db);
    });
  versionReads.set(db, { writes, promise });
  return promise;
}

/** The deal settings last read per database, with the stock version they were read under. */
const dealSettingsOfVersions = new WeakMap<Db, { version: string; settings: ReturnType<typeof readDealSettings> }>();

/**
 * The deal settings as the stock's cached prices show them: read once per stock version, which moves when
 * they are saved (decision 066), so a change shows here when it shows on the pages: at once through this
 * process, within SHARED_STOCK_VERSION_REUSE_MS through another on PostgreSQL. For a lead's mails, where a
 * read per lead was a round trip of its own (decision 162).
 */
export async function dealSettingsOfStockVersion(db: Db): ReturnType<typeof readDealSettings> {
  // SQLite answers in microseconds, in the caller's transaction (a new object each time): read it.
  if (engineOf(db) !== "postgres") return readDealSettings(db);
  const version = await vehiclesVersion(db);
  const kept = dealSettingsOfVersions.get(db);
  if (kept?.version === version) return kept.settings;
  const settings = readDealSettings(db);
  dealSettingsOfVersions.set(db, { version, settings });
  // A failed read is not kept: the next caller reads again.
  settings.catch(() => {
    if (dealSettingsOfVersions.get(db)?.settings === settings) dealSettingsOfVersions.delete(db);
  });
  return settings;
}

/**
 * A change time strictly later than every stored one. Two writes in the same millisecond, or a
 * clock stepping back, would otherwise leave `vehiclesVersion` unchanged and a cached page stale.
 */
export async function nextChangeTime(db: Db, now: Date): Promise<string> {
  noteVehiclesChanged();
  const row = await db
    .selectFrom("vehicles")
    .select((eb) => eb.fn.max("updatedAt").as("latest"))
    .executeTakeFirst();
  const latest = row?.latest ? Date.parse(row.latest) : 0;
  return new Date(Math.max(now.getTime(), latest + 1)).toISOString();
}

/** Every column an input may set (callers may pass whole Vehicle objects: anything else is ignored). */
const INPUT_COLUMNS = [
  "year",
  "make",
  "model",
  "price",
  "mileage",
  "transmission",
  "drivetrain",
  "bodyStyle",
  "exteriorColor",
  "vin",
  "description",
  "descriptionEs",
  "descriptionPt",
  "stockNumber",
  "trim",
  "fuelType",
  "status",
  "dateInStock",
  "warrantyType",
  "manufacturerWarrantyApplies",
] as const satisfies readonly (keyof VehicleFields)[];

/** The columns an input sets; lot fields only when given (absent = unchanged on update). */
function vehicleColumns(fields: Partial<VehicleFields>) {
  const columns: Record<string, unknown> = {};
  for (const key of INPUT_COLUMNS) if (fields[key] !== undefined) columns[key] = fields[key];
  // The flag is an integer column on both engines.
  if (fields.manufacturerWarrantyApplies !== undefined) columns.manufacturerWarrantyApplies = fields.manufacturerWarrantyApplies ? 1 : 0;
  // Typed and imported names are stored as catalogue keys where the catalogue knows them (decision 069).
  if (fields.features !== undefined) columns.features = JSON.stringify(storedFeatures(fields.features));
  if (fields.warrantyTerms !== undefined) columns.warrantyTerms = fields.warrantyTerms ? JSON.stringify(fields.warrantyTerms) : null;
  return columns as Partial<Omit<VehicleFields, "features" | "manufacturerWarrantyApplies" | "warrantyTerms">> & {
    features?: string;
    manufacturerWarrantyApplies?: number;
    warrantyTerms?: string | null;
  };
}

/** Image rows of a vehicle, in order (position 0 is the cover). */
function imageRows(vehicleId: string, images: VehicleInput["images"]) {
  return images.map((image, position) => ({ vehicleId, position, imageKey: image.key, width: image.width, height: image.height }));
}

/** A new vehicle's row with every column set (a multi-row insert needs the same columns in each row). */
function newVehicleRow(fields: VehicleFields, at: string, updatedAt: string) {
  const status = fields.status ?? "available";
  return {
    id: crypto.randomUUID(),
    ...(vehicleColumns(fields) as Omit<VehicleFields, "features" | "manufacturerWarrantyApplies" | "warrantyTerms"> & { features: string }),
    description: fields.description ?? null,
    descriptionEs: fields.descriptionEs ?? null,
    descriptionPt: fields.descriptionPt ?? null,
    stockNumber: fields.stockNumber ?? null,
    trim: fields.trim ?? null,
    fuelType: fields.fuelType ?? null,
    status,
    dateInStock: fields.dateInStock ?? at.slice(0, 10),
    soldAt: status === "sold" ? at : null,
    warrantyType: fields.warrantyType ?? defaultWarrantyType(fields.price, fields.mileage),
    warrantyTerms: fields.warrantyTerms ? JSON.stringify(fields.warrantyTerms) : null,
    manufacturerWarrantyApplies: fields.manufacturerWarrantyApplies ? 1 : 0,
    createdAt: at,
    updatedAt,
  };
}

/** Inserts a vehicle (no images) inside an open transaction; returns the new id. */
export async function insertVehicleRow(trx: Db, fields: VehicleFields, now = new Date()): Promise<string> {
  const row = newVehicleRow(fields, now.toISOString(), await nextChangeTime(trx, now));
  await trx.insertInto("vehicles").values(row).execute();
  return row.id;
}

/** Rows per statement of a bulk insert: well under SQLite's 32,766 bound parameters at 25 columns. */
const INSERT_BATCH = 500;

/**
 * Inserts many vehicles (no images) inside an open transaction, several rows per statement and
 * with one change time: a 5,000-row import then holds the database for a few statements instead
 * of a stock-version query and an insert per row (decision 053). Returns the ids in input order.
 */
export async function insertVehicleRows(trx: Db, rows: VehicleFields[], now = new Date()): Promise<string[]> {
  if (rows.length === 0) return [];
  const at = now.toISOString();
  const updatedAt = await nextChangeTime(trx, now);
  const values = rows.map((fields) => newVehicleRow(fields, at, updatedAt));
  for (let i = 0; i < values.length; i += INSERT_BATCH) {
    await trx
      .insertInto("vehicles")
      .values(values.slice(i, i + INSERT_BATCH))
      .execute();
  }
  return values.map((v) => v.id);
}

/**
 * Changes some fields of a vehicle inside an open transaction, recording a price change and
 * the sold date when they happen; false when no such vehicle. A caller changing many vehicles
 * passes one `changeTime` from `nextChangeTime` for all of them.
 */
export async function patchVehicleRow(
  trx: Db,
  id: string,
  fields: Partial<VehicleFields>,
  now = new Date(),
  changeTime?: string,
): Promise<boolean> {
  const before = await trx.selectFrom("vehicles").select(["price", "status"]).where("id", "=", id).executeTakeFirst();
  if (!before) return false;
  const at = now.toISOString();
  const soldAt = fields.status === undefined || fields.status === before.status ? {} : { soldAt: fields.status === "sold" ? at : null };
  await trx
    .updateTable("vehicles")
    .set({ ...vehicleColumns(fields), ...soldAt, updatedAt: changeTime ?? (await nextChangeTime(trx, now)) })
    .where("id", "=", id)
    .execute();
  if (fields.price !== undefined && fields.price !== before.price) {
    await recordPriceChange(trx, { vehicleId: id, oldPrice: before.price, newPrice: fields.price, changedAt: at });
  }
  // The live screens hear of it in the same transaction (decision 110).
  if (fields.status !== undefined && fields.status !== before.status) {
    await recordStaffEvent(trx, { name: "vehicle.status", subjectType: "vehicle", subjectId: id, area: "vehicles" }, now);
  }
  return true;
}

/** Inserts a vehicle and its images in one transaction; returns the new id. */
export async function insertVehicle(db: Db, input: VehicleInput, now = new Date()): Promise<string> {
  const { images, ...fields } = input;
  const id = await inTransaction(db, async (trx) => {
    const id = await insertVehicleRow(trx, fields, now);
    if (images.length > 0) await trx.insertInto("vehicleImages").values(imageRows(id, images)).execute();
    return id;
  });
  noteVehiclesChanged();
  return id;
}

/** Replaces a vehicle's fields and images (lot fields only when given); false when no such vehicle. */
export async function updateVehicle(db: Db, id: string, input: VehicleInput, now = new Date()): Promise<boolean> {
  const { images, ...fields } = input;
  const updated = await inTransaction(db, async (trx) => {
    if (!(await patchVehicleRow(trx, id, fields, now))) return false;
    await trx.deleteFrom("vehicleImages").where("vehicleId", "=", id).execute();
    if (images.length > 0) await trx.insertInto("vehicleImages").values(imageRows(id, images)).execute();
    return true;
  });
  noteVehiclesChanged();
  return updated;
}

/** Marks a vehicle available, pending or sold; false when no such vehicle. */
export async function setVehicleStatus(db: Db, id: string, status: VehicleStatus, now = new Date()): Promise<boolean> {
  const updated = await inTransaction(db, (trx) => patchVehicleRow(trx, id, { status }, now));
  noteVehiclesChanged();
  return updated;
}

/** Ids of the vehicles with these VINs, by VIN. */
export async function vehicleIdsByVin(db: Db, vins: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  // SQLite allows at most 32,766 bound parameters: look up in chunks.
  for (let i = 0; i < vins.length; i += 500) {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "vin"])
      .where("vin", "in", vins.slice(i, i + 500))
      .execute();
    for (const row of rows) out.set(row.vin, row.id);
  }
  return out;
}

/** Ids of the vehicles with these stock numbers, by stock number. */
export async function vehicleIdsByStockNumber(db: Db, stockNumbers: string[]): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (let i = 0; i < stockNumbers.length; i += 500) {
    const rows = await db
      .selectFrom("vehicles")
      .select(["id", "stockNumber"])
      .where("stockNumber", "in", stockNumbers.slice(i, i + 500))
      .execute();
    for (const row of rows) if (row.stockNumber) out.set(row.stockNumber, row.id);
  }
  return out;
}

/** Deletes a vehicle (its image rows and price history cascade); false when no such vehicle. */
export async function deleteVehicle(db: Db, id: string): Promise<boolean> {
  const result = await db.deleteFrom("vehicles").where("id", "=", id).executeTakeFirst();
  noteVehiclesChanged();
  return Number(result.numDeletedRows) > 0;
}

/** How many vehicles are stored. */
export async function countVehicles(db: Db): Promise<number> {
  const row = await db.selectFrom("vehicles").select((eb) => eb.fn.countAll<number>().as("n")).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Whether any vehicle shows the image with this content hash (image files are stored once per content). */
/** The image keys a vehicle shows (its photo files are named by them). */
export async function vehicleImageKeys(db: Db, vehicleId: string): Promise<string[]> {
  const rows = await db.selectFrom("vehicleImages").select("imageKey").where("vehicleId", "=", vehicleId).execute();
  return rows.map((r) => r.imageKey);
}

export async function vehicleImageKeyInUse(db: Db, key: string): Promise<boolean> {
  const row = await db.selectFrom("vehicleImages").select("vehicleId").where("imageKey", "=", key).executeTakeFirst();
  return row !== undefined;
}

/** A vehicle as staff search lists it. */
export type VehicleHit = Pick<Database["vehicles"], "id" | "year" | "make" | "model" | "trim" | "vin" | "stockNumber" | "status" | "price">;

/**
 * The lot's vehicles matching every word of `q` (the staff app's search, docs/behaviour.md §2 Staff
 * app): a word is found in the stock number, the VIN, the year, the make, the model or the trim, in
 * any case ("P01234", "1HGCV1F3", "2019 honda civic"). Unsold first, then the newest; at most `limit`.
 * A lot holds a few thousand vehicles: the table is read whole, in a few milliseconds.
 */
export async function searchVehicles(db: Db, q: string, limit = 10): Promise<VehicleHit[]> {
  const words = q.toLowerCase().split(/\s+/).filter(Boolean).slice(0, 6);
  if (words.length === 0) return [];
  const like = (word: string) => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  let query = db.selectFrom("vehicles").select(["id", "year", "make", "model", "trim", "vin", "stockNumber", "status", "price"]);
  for (const word of words) {
    const pattern = like(word);
    query = query.where((eb) =>
      eb.or([
        eb(sql`lower(coalesce(${sql.ref("stockNumber")}, ''))`, "like", sql<string>`${pattern} escape '\\'`),
        eb(sql`lower(${sql.ref("vin")})`, "like", sql<string>`${pattern} escape '\\'`),
        eb(sql`lower(${sql.ref("make")})`, "like", sql<string>`${pattern} escape '\\'`),
        eb(sql`lower(${sql.ref("model")})`, "like", sql<string>`${pattern} escape '\\'`),
        eb(sql`lower(coalesce(${sql.ref("trim")}, ''))`, "like", sql<string>`${pattern} escape '\\'`),
        ...(/^\d{4}$/.test(word) ? [eb("year", "=", Number(word))] : []),
      ]),
    );
  }
  return query
    .orderBy(sql`case when ${sql.ref("status")} = 'sold' then 1 else 0 end`)
    .orderBy("updatedAt", "desc")
    .limit(limit)
    .execute();
}
