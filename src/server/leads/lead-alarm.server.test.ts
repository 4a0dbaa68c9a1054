import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { migrateToLatest, openDatabase, type OpenedDatabase } from "~/server/db/database.server";
import { mayContactCustomer, refuseContact } from "~/server/data/do-not-contact.server";
import { insertStaffAccount } from "~/server/data/staff-accounts.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { loadSecrets } from "~/server/secrets.server";
import { openingPhrase, runEscalations } from "./lead-alarm.server";
import { isOverdue } from "~/shared/leads/lead-waiting";
import { inTransaction } from "~/server/db/transaction.server";
import { assignArrivingLead, registerLead } from "./register-lead.server";

// A real SQLite file in a temp dir (no mocks). Wednesday 2025-01-15 10:00 in Fitchburg (EST) = 15:00 UTC.
const arrival = new Date("2025-01-15T15:00:00Z");
let dataDir: string;
let opened: OpenedDatabase;
let ctx: AppContext;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "lead-alarm-"));
  opened = openDatabase(dataDir);
  await migrateToLatest(opened.db);
  ctx = { env: readEnv({ DATA_DIR: dataDir }), db: opened.db, logger: createLogger("silent"), secrets: loadSecrets(dataDir) };
  await insertStaffAccount(opened.db, { email: "owner@dealer.test", name: "Olga Owner", role: "owner", passwordHash: null });
  await insertStaffAccount(opened.db, { email: "sales@dealer.test", name: "Sam Sales", role: "sales", passwordHash: null });
});
afterAll(async () => {
  await opened.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const lead = (id: string) => ({
  type: "message" as const,
  id,
  firstName: "Maria",
  lastName: "Silva",
  email: `${id}@example.com`,
  phone: "9785550100",
  locale: "en",
  vehicleId: null,
});

describe("runEscalations", () => {
  it("raises a lead's alarm once, however many runs race for it, and never before it is due", async () => {
    await inTransaction(opened.db, async (trx) =>
      assignArrivingLead(trx, ctx.env, await registerLead(trx, lead("race"), arrival), [], arrival),
    );
    const row = await opened.db.selectFrom("leads").selectAll().where("id", "=", "race").executeTakeFirstOrThrow();
    expect(row.responseDueAt).toBe("2025-01-15T15:05:00.000Z");
    expect(isOverdue(row, new Date("2025-01-15T15:04:59Z"))).toBe(false);
    expect(isOverdue(row, new Date("2025-01-15T15:05:00Z"))).toBe(true);

    expect(await runEscalations(ctx, new Date("2025-01-15T15:04:59Z"))).toBe(0);
    const due = new Date("2025-01-15T15:05:00Z");
    const raised = await Promise.all([runEscalations(ctx, due), runEscalations(ctx, due), runEscalations(ctx, due)]);
    expect(raised.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await runEscalations(ctx, new Date("2025-01-15T16:00:00Z"))).toBe(0);

    const mails = await opened.db.selectFrom("outbox").selectAll().where("kind", "=", "lead-alarm-staff").execute();
    expect(mails.map((m) => m.toAddress).sort()).toEqual(["owner@dealer.test", "sales@dealer.test"]);
    expect(mails[0]!.subject).toBe("Lead waiting 5 min: Maria Silva, message");
    const events = await opened.db.selectFrom("leadEvents").selectAll().where("kind", "=", "escalated").execute();
    expect(events).toHaveLength(1);
  });
});

describe("the after-hours reply and do-not-contact (decision 094)", () => {
  it("is queued for a lead that arrives while closed, unless the shopper asked not to be e-mailed", async () => {
    // Saturday 2025-01-18, 17:00 in Fitchburg (closed after 16:00).
    const closed = new Date("2025-01-18T22:00:00Z");
    await refuseContact(
      opened.db,
      { id: null, email: "stopped@example.com", phone: null },
      ["email"],
      { source: "opt-out-link", staffId: null },
      closed,
    );
    expect(await mayContactCustomer(opened.db, { email: "STOPPED@example.com ", phone: null }, "email")).toBe(false);
    expect(await mayContactCustomer(opened.db, { email: "stopped@example.com", phone: "9785550100" }, "text")).toBe(true);
    for (const id of ["night", "stopped"])
      await inTransaction(opened.db, async (trx) =>
        assignArrivingLead(trx, ctx.env, await registerLead(trx, lead(id), closed), [], closed),
      );
    const replies = await opened.db.selectFrom("outbox").select("toAddress").where("kind", "=", "after-hours-reply").execute();
    expect(replies.map((r) => r.toAddress)).toEqual(["night@example.com"]);
  });
});

describe("openingPhrase", () => {
  it("says the opening in the shopper's language, on the dealership's clock", () => {
    // Monday 2025-01-20, 8:30 EST.
    const opening = new Date("2025-01-20T13:30:00Z");
    expect(openingPhrase(opening, "en")).toBe("Monday, January 20 at 8:30 AM");
    // As the language review writes it (B6): no comma after the weekday in Spanish; "na" before it in Portuguese.
    expect(openingPhrase(opening, "es")).toBe("el lunes 20 de enero a las 8:30 a. m.");
    expect(openingPhrase(opening, "pt")).toBe("na segunda-feira, 20 de janeiro, às 8h30");
  });

  it("says one o'clock in the singular, and the weekend days with their own article", () => {
    // Saturday 2025-01-18, 13:00 EST.
    const onePm = new Date("2025-01-18T18:00:00Z");
    expect(openingPhrase(onePm, "es")).toBe("el sábado 18 de enero a la 1 p. m.");
    expect(openingPhrase(onePm, "pt")).toBe("no sábado, 18 de janeiro, às 13h");
  });
});
