import fs from "node:fs";
import path from "node:path";
import sharp from "sharp";
import { afterAll, describe, expect, it } from "vitest";
import { openDatabase } from "~/server/db/database.server";
import { decrypt, loadSecrets } from "~/server/secrets.server";
import { signInOwner } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { onPostgres } from "../support/server-database";

/*
 * 200 contact and financing submissions in flight, the server SIGKILLed
 * in the middle, restarted on the same DATA_DIR. Every submission that got a 2xx must be
 * there, intact, and the database must pass its integrity check.
 * Each submission comes from its own client address (TRUST_PROXY=true + X-Forwarded-For),
 * so the per-client rate limits (contact 5 / 10 min) see 200 different shoppers.
 */

const TOTAL = 200;
/** Kill once this many of each kind have been answered 2xx: the rest are still in flight. */
const KILL_AFTER = { contact: 30, financing: 30 };
/**
 * How far apart each kind's bodies finish arriving. A contact message is answered in a few ms, a
 * financing application (encryption, files) far later, so contact messages arrive over a longer
 * spread: on a busy machine the 30th application was once answered after all 100 messages, and
 * the kill found no message in flight.
 */
const SLOW_BODY_SPREAD_MS = { contact: 3000, financing: 1500 };

/**
 * The last few contact messages of the 200 finish their bodies only at the kill: whatever the
 * machine's speed, or what runs beside this file, the kill then lands with messages in flight. The
 * others still race it freely, so messages are also killed mid-write when the timing allows.
 */
const CONTACTS_HELD_UNTIL_KILL = 5;

/** A request body sent in two parts: the second `pauseMs` later, or when `release` settles. */
function slowBody(text: string, pauseMs: number, release?: Promise<unknown>): ReadableStream<Uint8Array> {
  const bytes = new TextEncoder().encode(text);
  const half = Math.floor(bytes.length / 2);
  return new ReadableStream({
    async start(controller) {
      controller.enqueue(bytes.subarray(0, half));
      await (release ?? new Promise((r) => setTimeout(r, pauseMs)));
      controller.enqueue(bytes.subarray(half));
      controller.close();
    },
  });
}

type Sent =
  | { kind: "contact"; i: number; body: Record<string, string> }
  | { kind: "financing"; i: number; body: Record<string, unknown>; ssn: string; dateOfBirth: string };
/** status null: sent, never answered. */
type Outcome = { sent: Sent; status: number | null; id?: string };

let first: TestServer | undefined;
let second: TestServer | undefined;

afterAll(async () => {
  await first?.kill("SIGKILL");
  await second?.stop();
});

const pad = (n: number, width: number) => String(n).padStart(width, "0");

// SQLite only: it checks the file's WAL recovery with PRAGMA integrity_check; on PostgreSQL,
// crash recovery is the database server's own (and the app process holds no data to lose).
describe.skipIf(onPostgres)("crash safety", () => {
  it("keeps every acknowledged submission intact across a SIGKILL, with a sound database", async () => {
    first = await startTestServer({ env: { TRUST_PROXY: "true" } });
    const dataDir = first.dataDir;

    const signaturePng = await sharp({ create: { width: 500, height: 200, channels: 4, background: "#ffffff" } })
      .png()
      .toBuffer();
    const licenseJpeg = await sharp({ create: { width: 1200, height: 760, channels: 3, background: "#3366aa" } })
      .jpeg({ quality: 90 })
      .toBuffer();
    const signature = `data:image/png;base64,${signaturePng.toString("base64")}`;
    const license = `data:image/jpeg;base64,${licenseJpeg.toString("base64")}`;

    const submissions = Array.from({ length: TOTAL }, (_, i): Sent => {
      const tag = `crash${pad(i, 3)}`;
      if (i % 2 === 0) {
        return {
          kind: "contact",
          i,
          body: {
            firstName: `Ana ${tag}`,
            lastName: "Silva",
            email: `${tag}@example.com`,
            phone: `978555${pad(i, 4)}`,
            message: `Message ${tag}: is the Civic still available?`,
          },
        };
      }
      const ssn = `${pad(100 + i, 3)}-${pad(i % 100, 2)}-${pad(1000 + i, 4)}`;
      const dateOfBirth = `19${pad(50 + (i % 40), 2)}-0${1 + (i % 9)}-1${i % 10}`;
      return {
        kind: "financing",
        i,
        ssn,
        dateOfBirth,
        body: {
          firstName: "Jane",
          lastName: `Applicant ${tag}`,
          email: `${tag}@example.com`,
          phone: `978555${pad(i, 4)}`,
          address: `${i} Main Street`,
          city: "Fitchburg",
          state: "MA",
          zipCode: "01420",
          ssn,
          dateOfBirth,
          employmentStatus: "employed",
          employer: `Employer ${tag}`,
          monthlyIncome: String(3000 + i),
          downPayment: String(500 + i),
          hasTradeIn: false,
          signature,
          driverLicense: license,
          hasCoOwner: false,
          creditConsent: true,
        },
      };
    });

    const server = first;
    const acknowledgedCount = { contact: 0, financing: 0 };
    let killed: Promise<void> | null = null;
    let releaseHeld = () => {};
    const held = new Promise<void>((resolve) => (releaseHeld = resolve));
    const t0 = Date.now();
    const submit = async (sent: Sent): Promise<Outcome> => {
      try {
        const json = JSON.stringify(sent.body);
        const heldUntilKill = sent.kind === "contact" && sent.i >= TOTAL - 2 * CONTACTS_HELD_UNTIL_KILL;
        const res = await fetch(`${server.url}/api/${sent.kind}`, {
          method: "POST",
          headers: { "content-type": "application/json", "x-forwarded-for": `10.${Math.floor(sent.i / 250)}.${sent.i % 250}.7` },
          body: slowBody(json, ((sent.i * 37) % 200) * (SLOW_BODY_SPREAD_MS[sent.kind] / 200), heldUntilKill ? held : undefined),
          duplex: "half",
        } as RequestInit);
        const body = (await res.json()) as { id?: string };
        if (res.ok) {
          acknowledgedCount[sent.kind]++;
          if (!killed && acknowledgedCount.financing >= KILL_AFTER.financing && acknowledgedCount.contact >= KILL_AFTER.contact) {
            killed = server.kill("SIGKILL");
            releaseHeld();
          }
        }
        return { sent, status: res.status, id: body.id };
      } catch {
        // The connection died with the server: no answer, so no promise was made.
        return { sent, status: null };
      }
    };
    // All 200 at once, each like a slow phone's: its body in two parts, a little apart (spread
    // over SLOW_BODY_SPREAD_MS). Otherwise the light contact messages would all be answered
    // before the first financing one; this way both kinds are mid-request when the kill lands.
    const outcomes = await Promise.all(submissions.map(submit));
    console.log(`killed after ${Date.now() - t0} ms with ${JSON.stringify(acknowledgedCount)} acknowledged`);
    await killed;
    expect(first.process.signalCode).toBe("SIGKILL");

    const acknowledged = outcomes.filter((o) => o.status !== null && o.status >= 200 && o.status < 300);
    const unanswered = outcomes.filter((o) => o.status === null);
    console.log(
      `${acknowledged.length} acknowledged, ${unanswered.length} in flight at the kill ` +
        `(${unanswered.filter((o) => o.sent.kind === "contact").length} contact)`,
    );
    // Anything else (429, 400, 500) would mean the test did not exercise what it claims.
    expect(outcomes.filter((o) => o.status !== null && (o.status < 200 || o.status >= 300))).toEqual([]);
    expect(acknowledged.length).toBeGreaterThanOrEqual(KILL_AFTER.contact + KILL_AFTER.financing);
    expect(unanswered.length, "the kill must land while submissions are in flight").toBeGreaterThan(0);
    expect(unanswered.some((o) => o.sent.kind === "financing")).toBe(true);
    expect(unanswered.some((o) => o.sent.kind === "contact")).toBe(true);

    second = await startTestServer({ dataDir });
    const { raw, db } = openDatabase(dataDir);
    const key = loadSecrets(dataDir).encryptionKey;
    try {
      expect(raw.prepare("PRAGMA integrity_check").all()).toEqual([{ integrity_check: "ok" }]);
      expect(raw.prepare("PRAGMA foreign_key_check").all()).toEqual([]);

      const contacts = await db.selectFrom("contactSubmissions").selectAll().execute();
      const byEmail = new Map(contacts.map((c) => [c.email, c]));
      // Never a duplicate or a record nobody sent.
      expect(byEmail.size).toBe(contacts.length);
      const sentEmails = new Set(submissions.map((s) => s.body.email));
      expect(contacts.filter((c) => !sentEmails.has(c.email))).toEqual([]);

      for (const o of acknowledged.filter((a) => a.sent.kind === "contact")) {
        const row = byEmail.get(o.sent.body.email as string);
        expect(row, `contact ${o.sent.i}`).toMatchObject({ ...o.sent.body, hasTradeIn: 0, vehicleId: null });
      }

      const applications = await db.selectFrom("financingApplications").selectAll().execute();
      const byId = new Map(applications.map((a) => [a.id, a]));
      const privateDir = path.join(dataDir, "private");
      for (const o of acknowledged.filter((a) => a.sent.kind === "financing")) {
        if (o.sent.kind !== "financing") continue;
        const row = byId.get(o.id!);
        expect(row, `financing ${o.sent.i}`).toBeTruthy();
        const b = o.sent.body;
        expect(row).toMatchObject({
          firstName: b.firstName,
          lastName: b.lastName,
          email: b.email,
          phone: b.phone,
          address: b.address,
          city: b.city,
          state: b.state,
          zipCode: b.zipCode,
          employmentStatus: b.employmentStatus,
          employer: b.employer,
          monthlyIncome: Number(b.monthlyIncome),
          downPayment: Number(b.downPayment),
          hasTradeIn: 0,
          hasCoOwner: 0,
        });
        expect(decrypt(key, row!.ssnEnc).toString("utf8")).toBe(o.sent.ssn);
        expect(decrypt(key, row!.dateOfBirthEnc).toString("utf8")).toBe(o.sent.dateOfBirth);
      }

      // No half-records: every stored application (acknowledged or not) has its documents, readable.
      for (const row of applications) {
        for (const [file, original] of [
          [row.signatureFile, signaturePng],
          [row.driverLicenseFile, licenseJpeg],
        ] as const) {
          expect(file, `${row.id} document column`).toBeTruthy();
          const sealed = fs.readFileSync(path.join(privateDir, file!), "utf8");
          expect(decrypt(key, sealed).equals(original), `${row.id} ${file}`).toBe(true);
        }
      }
      // And no documents without their application once the restarted server has tidied up.
      const stored = new Set(applications.flatMap((a) => [a.signatureFile, a.driverLicenseFile]));
      const orphans = (fs.existsSync(privateDir) ? fs.readdirSync(privateDir) : []).filter((name) => !stored.has(name));
      expect(orphans).toEqual([]);
    } finally {
      raw.close();
    }

    // The restarted server serves the records through the staff API too.
    const { cookie } = await signInOwner(second);
    const list = (await (await fetch(`${second.url}/api/admin/financing`, { headers: { cookie } })).json()) as { id: string }[];
    const listed = new Set(list.map((a) => a.id));
    for (const o of acknowledged.filter((a) => a.sent.kind === "financing")) expect(listed.has(o.id!)).toBe(true);
    const oneFinancing = acknowledged.find((a) => a.sent.kind === "financing")!;
    const reveal = (await (
      await fetch(`${second.url}/api/admin/financing/${oneFinancing.id}/ssn/applicant`, { headers: { cookie } })
    ).json()) as { ssn: string };
    expect(reveal.ssn).toBe((oneFinancing.sent as { ssn: string }).ssn);
  }, 180_000);
});
