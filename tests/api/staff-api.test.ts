import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { staffRouter } from "~/app/http/staff-router.server";
import { staffAccess } from "~/features/staff/staff-accounts-api.server";
import { ADMIN_ROUTE_ACCESS } from "~/server/auth/route-access.server";
import { listRoutes } from "~/server/http/route-list.server";
import type { AppContext } from "~/server/context.server";
import { insertBooking, takenSlotsOn } from "~/server/data/bookings.server";
import { insertContactSubmission } from "~/server/data/contact-submissions.server";
import { listServices } from "~/server/data/services.server";
import { TEST_CLOCK_FILE } from "~/server/clock.server";
import { PUBLIC_IMAGE_RECHECK_MS } from "~/server/images/public-images.server";
import { insertVisit } from "~/server/data/visitors.server";
import { insertApplication } from "../support/admin-fixtures";
import { setServerClock } from "../support/alerts-helpers";
import { DEMO_OWNER, signInOwner } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { openServerDatabase } from "../support/server-database";
import { newVehicleBody, vehicleFormBody } from "../support/vehicle-form";
import type { Vehicle } from "~/shared/types/vehicle";

const VPIC_CACHE_DIR = path.join(os.tmpdir(), "dealership-vpic-cache");

type Client = { server: TestServer; cookie: string };

function req(
  client: { server: TestServer; cookie?: string },
  p: string,
  init: { method?: string; body?: unknown; raw?: Buffer; origin?: string | null } = {},
) {
  const headers: Record<string, string> = {};
  if (client.cookie) headers.cookie = client.cookie;
  if (init.origin !== null) headers.origin = init.origin ?? client.server.url;
  if (init.body !== undefined) headers["content-type"] = "application/json";
  if (init.raw) headers["content-type"] = "image/jpeg";
  return fetch(`${client.server.url}${p}`, {
    method: init.method ?? "GET",
    headers,
    body: init.raw ? new Uint8Array(init.raw) : init.body !== undefined ? JSON.stringify(init.body) : undefined,
    redirect: "manual",
  });
}

/** Signs the demo owner in through both steps (password, then a TOTP code). */
async function login(server: TestServer): Promise<Client> {
  const { cookie } = await signInOwner(server);
  return { server, cookie };
}

const jpeg = (w = 1600, h = 1200, seed = 0) =>
  sharp({ create: { width: w, height: h, channels: 3, background: { r: (seed * 37) % 255, g: 90, b: 140 } } })
    .jpeg()
    .toBuffer();

/** Every registered route with sample parameters, straight from the router's stack. */
function enumeratedRoutes() {
  const ctx = { env: { dataDir: os.tmpdir(), adminSessionIdleMs: 1000 } } as AppContext;
  const router = staffRouter(ctx, staffAccess(ctx));
  const samples: Record<string, string> = {
    id: crypto.randomUUID(),
    vin: "1HGCM82633A004352",
    kind: "signature",
    who: "applicant",
  };
  return listRoutes(router).map((r) => ({
    method: r.method,
    route: r.path,
    url: `/api${r.path.replace(/:(\w+)/g, (_, name: string) => samples[name] ?? "x").replace("{*rest}", "anything/else")}`,
  }));
}

describe("the staff API (/api/admin)", () => {
  let server: TestServer;
  let admin: Client;

  beforeAll(async () => {
    server = await startTestServer({ seeded: true, env: { VPIC_CACHE_DIR, TEST_CLOCK: "true" } });
    admin = await login(server);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("answers 401 on every /api/admin route without a session (enumerated from the router)", async () => {
    const routes = enumeratedRoutes();
    expect(routes.length).toBeGreaterThan(15);
    for (const r of routes) {
      const res = await req({ server }, r.url, { method: r.method, body: r.method === "GET" || r.method === "DELETE" ? undefined : {} });
      if (ADMIN_ROUTE_ACCESS[`${r.method} ${r.route}`] === "public") {
        expect(res.status, `${r.method} ${r.url}`).not.toBe(500);
        continue;
      }
      expect(res.status, `${r.method} ${r.url}`).toBe(401);
    }
    // A forged cookie is no session either.
    const forged = await req({ server, cookie: "staff_session=forged" }, "/api/admin/vehicles");
    expect(forged.status).toBe(401);
  });

  it("reports the session and ends it at logout", async () => {
    const other = await login(server);
    expect(await (await req(other, "/api/admin/session")).json()).toMatchObject({ user: { email: DEMO_OWNER.email, role: "owner" } });
    expect((await req(other, "/api/admin/logout", { method: "POST" })).status).toBe(200);
    expect((await req(other, "/api/admin/vehicles")).status).toBe(401);
    expect((await req(other, "/api/admin/session")).status).toBe(401);
    // Each sign-in gets a new id.
    const again = await login(server);
    expect(again.cookie).not.toBe(other.cookie);
  });

  it("refuses cross-site state-changing calls even with a valid session", async () => {
    const evil = await req(admin, "/api/admin/vehicles", { method: "POST", body: {}, origin: "https://evil.example" });
    expect(evil.status).toBe(403);
    const noOrigin = await req(admin, `/api/admin/vehicles/${crypto.randomUUID()}`, { method: "DELETE", origin: null });
    expect(noOrigin.status).toBe(403);
    const crossSiteLogin = await req({ server }, "/api/admin/login", {
      method: "POST",
      body: { email: DEMO_OWNER.email, password: DEMO_OWNER.password },
      origin: "https://evil.example",
    });
    expect(crossSiteLogin.status).toBe(403);
    // Reads stay possible (they change nothing).
    expect((await req(admin, "/api/admin/vehicles", { origin: null })).status).toBe(200);
  });

  it("validates photos by content and stores their variants", async () => {
    const ok = await req(admin, "/api/admin/photos", { method: "POST", raw: await jpeg() });
    expect(ok.status).toBe(201);
    const photo = (await ok.json()) as { key: string; width: number; height: number; url: string };
    expect(photo).toMatchObject({ width: 1600, height: 1200, url: `/images/${photo.key}-1200.jpg` });
    expect((await fetch(`${server.url}${photo.url}`)).status).toBe(200);

    const text = await req(admin, "/api/admin/photos", { method: "POST", raw: Buffer.from("<svg>not a photo</svg>") });
    expect(text.status).toBe(415);
    const fakeJpeg = await req(admin, "/api/admin/photos", { method: "POST", raw: Buffer.from([0xff, 0xd8, 0xff, 0, 1, 2, 3]) });
    expect(fakeJpeg.status).toBe(415);
  });

  it("refuses 27 photos at once and a data URL that is not an image", async () => {
    const small = `data:image/jpeg;base64,${(await jpeg(40, 30)).toString("base64")}`;
    const base = vehicleBody([]);
    const tooMany = await req(admin, "/api/admin/vehicles", { method: "POST", body: { ...base, images: Array(27).fill(small) } });
    expect(tooMany.status).toBe(400);
    expect(JSON.stringify(await tooMany.json())).toContain("You can upload up to 25 photos at once");
    const notImage = await req(admin, "/api/admin/vehicles", {
      method: "POST",
      body: { ...base, images: [`data:image/png;base64,${Buffer.from("hello, not a png").toString("base64")}`] },
    });
    expect(notImage.status).toBe(400);
    const noPhotos = await req(admin, "/api/admin/vehicles", { method: "POST", body: base });
    expect(noPhotos.status).toBe(400);
  });

  it("removes a photo's files when no vehicle shows it any more: on delete and on an edit that drops it; a photo another vehicle shows stays", async () => {
    const own = `data:image/jpeg;base64,${(await jpeg(640, 480, 21)).toString("base64")}`;
    const shared = `data:image/jpeg;base64,${(await jpeg(640, 480, 22)).toString("base64")}`;
    const create = async (images: string[], vin: string) => {
      const res = await req(admin, "/api/admin/vehicles", { method: "POST", body: { ...vehicleBody(images), vin } });
      expect(res.status, await res.clone().text()).toBe(201);
      return ((await res.json()) as { id: string }).id;
    };
    const first = await create([own, shared], "1HGCM82633A004352");
    const second = await create([shared], "1FTFW1ET9DFC10312");
    const list = (await (await req(admin, "/api/admin/vehicles")).json()) as Vehicle[];
    const keysOf = (id: string) => list.find((v) => v.id === id)!.images.map((url) => /\/images\/([0-9a-f]{32})-1200\.jpg$/.exec(url)![1]!);
    const [ownKey, sharedKey] = keysOf(first) as [string, string];
    const variants = (key: string) =>
      Promise.all(["400.webp", "800.webp", "1200.webp", "1200.jpg"].map((v) => server.files.exists(`images/${key}-${v}`)));
    expect(await variants(ownKey)).toEqual([true, true, true, true]);

    expect((await req(admin, `/api/admin/vehicles/${first}`, { method: "DELETE" })).status).toBe(204);
    expect(await variants(ownKey)).toEqual([false, false, false, false]);
    expect((await fetch(`${server.url}/images/${ownKey}-1200.jpg`)).status).toBe(404);
    // The second vehicle still shows the shared photo.
    expect(await variants(sharedKey)).toEqual([true, true, true, true]);

    const other = `data:image/jpeg;base64,${(await jpeg(640, 480, 23)).toString("base64")}`;
    const edited = await req(admin, `/api/admin/vehicles/${second}`, {
      method: "PATCH",
      body: vehicleFormBody(
        list.find((v) => v.id === second)!,
        { images: [other] },
      ),
    });
    expect(edited.status).toBe(200);
    expect(await variants(sharedKey)).toEqual([false, false, false, false]);
    expect((await req(admin, `/api/admin/vehicles/${second}`, { method: "DELETE" })).status).toBe(204);
  });

  it("stops serving a removed photo from memory once it is re-read from the store, within the re-check time (decision 164)", async () => {
    const photo = `data:image/jpeg;base64,${(await jpeg(640, 480, 31)).toString("base64")}`;
    const res = await req(admin, "/api/admin/vehicles", { method: "POST", body: { ...vehicleBody([photo]), vin: "1M8GDM9AXKP042788" } });
    expect(res.status, await res.clone().text()).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const listed = (await (await req(admin, "/api/admin/vehicles")).json()) as Vehicle[];
    const url = listed.find((v) => v.id === id)!.images[0]!;
    // Read once: the process keeps it in memory.
    expect((await fetch(`${server.url}${url}`)).status).toBe(200);
    expect((await req(admin, `/api/admin/vehicles/${id}`, { method: "DELETE" })).status).toBe(204);
    expect(await server.files.exists(url.slice(1))).toBe(false);
    try {
      // Past the re-check: the copy in memory is sent once more while it is re-read, then the photo is gone.
      setServerClock(server.dataDir, new Date(Date.now() + PUBLIC_IMAGE_RECHECK_MS + 60_000).toISOString());
      await expect.poll(async () => (await fetch(`${server.url}${url}`)).status).toBe(404);
    } finally {
      fs.rmSync(path.join(server.dataDir, TEST_CLOCK_FILE), { force: true });
    }
  });

  it("creates, updates and deletes a vehicle (with the audit log)", async () => {
    const photo = (await (await req(admin, "/api/admin/photos", { method: "POST", raw: await jpeg(1600, 1200, 3) })).json()) as {
      key: string;
    };
    const inline = `data:image/jpeg;base64,${(await jpeg(800, 600, 9)).toString("base64")}`;
    const created = await req(admin, "/api/admin/vehicles", { method: "POST", body: vehicleBody([photo.key, inline]) });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };

    const list = (await (await req(admin, "/api/admin/vehicles")).json()) as {
      id: string;
      vin: string;
      features: string[];
      images: string[];
    }[];
    const stored = list.find((v) => v.id === id)!;
    expect(stored.vin).toBe("1HGCM82633A004352");
    expect(stored.features).toEqual(["Sunroof", "Heated Seats"]);
    expect(stored.images).toHaveLength(2);
    expect(stored.images[0]).toBe(`/images/${photo.key}-1200.jpg`);
    expect(JSON.stringify(list)).not.toContain("data:image");

    // Bad input: 400 with field messages, nothing changed.
    const bad = await req(admin, `/api/admin/vehicles/${id}`, {
      method: "PATCH",
      body: { ...vehicleBody([photo.key]), vin: "123", year: "20.5", transmission: "Warp" },
    });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { fieldErrors: Record<string, string> }).fieldErrors;
    expect(fields.vin).toBe("VIN must be 17 characters");
    expect(fields.year).toBeTruthy();
    expect(fields.transmission).toBe("Transmission is required");

    const patched = await req(admin, `/api/admin/vehicles/${id}`, {
      method: "PATCH",
      body: { ...vehicleBody([stored.images[1]!, photo.key]), price: 15995, features: ["Sunroof"] },
    });
    expect(patched.status).toBe(200);
    const after = ((await (await req(admin, "/api/admin/vehicles")).json()) as typeof list).find((v) => v.id === id)!;
    expect(after).toMatchObject({ price: 15995, features: ["Sunroof"] });
    expect(after.images[1]).toBe(`/images/${photo.key}-1200.jpg`);

    expect((await req(admin, `/api/admin/vehicles/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await req(admin, `/api/admin/vehicles/${id}`, { method: "DELETE" })).status).toBe(404);
    const audit = (
      (await (await req(admin, "/api/admin/audit?limit=200")).json()) as {
        entries: { action: string; entity: string; entityId: string; actor: string; accountId: string }[];
      }
    ).entries;
    const mine = audit.filter((a) => a.entityId === id);
    expect(mine.map((a) => a.action).sort()).toEqual(["create", "delete", "update"]);
    // Each entry names the person, not a session.
    for (const entry of mine) expect(entry).toMatchObject({ actor: DEMO_OWNER.email, accountId: expect.stringMatching(/^[0-9a-f-]{36}$/) });
  });

  it("decodes real VINs from several makes and decades, offline", async () => {
    const cases: [string, number, string, string][] = [
      ["JH4DA9352MS016526", 1991, "Acura", "Integra"],
      ["1J4GZ58SXVC123456", 1997, "Jeep", "Grand Cherokee"],
      ["1HGCM82633A004352", 2003, "Honda", "Accord"],
      ["WDBUF56X98B123456", 2008, "Mercedes-Benz", "E-Class"],
      ["1FTFW1ET9DFC10312", 2013, "Ford", "F-150"],
      ["5YJ3E1EA2KF317000", 2019, "Tesla", "Model 3"],
    ];
    for (const [vin, year, make, model] of cases) {
      const res = await req(admin, `/api/admin/vin/${vin}`);
      expect(res.status, vin).toBe(200);
      const body = (await res.json()) as Record<string, unknown>;
      expect(body, vin).toMatchObject({ year, make, model });
      expect(typeof body.year).toBe("number");
      for (const key of ["bodyStyle", "drivetrain", "transmission"]) expect(body).toHaveProperty(key);
    }
    expect(((await (await req(admin, "/api/admin/vin/1FTFW1ET9DFC10312")).json()) as { bodyStyle: string }).bodyStyle).toBe("Truck");
    expect(((await (await req(admin, "/api/admin/vin/5YJ3E1EA2KF317000")).json()) as { transmission: string }).transmission).toBe(
      "Automatic",
    );
    // Bad check digit, bad length, undecodable.
    expect((await req(admin, "/api/admin/vin/1HGCM82643A004352")).status).toBe(400);
    expect((await req(admin, "/api/admin/vin/1HGCM8263")).status).toBe(400);
    expect((await req(admin, "/api/admin/vin/00000000000000000")).status).toBeGreaterThanOrEqual(400);
  });

  it("shows, reveals, serves, downloads and deletes a financing application, audited", async () => {
    const { id, files } = await insertApplication(server);
    const list = (await (await req(admin, "/api/admin/financing")).json()) as Record<string, unknown>[];
    const row = list.find((a) => a.id === id)!;
    expect(row).toMatchObject({ firstName: "Ana", lastName: "Silva", coOwnerFirstName: "Joao", vehicleOfInterest: null });
    expect(JSON.stringify(list)).not.toMatch(/123-45-6789|Enc|File/);

    const detailsRes = await req(admin, `/api/admin/financing/${id}`);
    const details = (await detailsRes.json()) as {
      applicant: { ssnMasked: string; dateOfBirth: string; documents: { signature: { contentType: string } } };
      coApplicant: { ssnMasked: string };
    };
    expect(details.applicant.ssnMasked).toBe("***-**-6789");
    expect(details.applicant.dateOfBirth).toBe("1990-04-02");
    expect(details.applicant.documents.signature.contentType).toBe("image/png");
    expect(details.coApplicant.ssnMasked).toBe("***-**-4321");
    expect(JSON.stringify(details)).not.toContain("123-45-6789");
    expect(await (await req(admin, `/api/admin/financing/${id}/ssn/applicant`)).json()).toEqual({ ssn: "123-45-6789" });

    const signature = await req(admin, `/api/admin/financing/${id}/documents/signature`);
    expect(signature.status).toBe(200);
    expect(signature.headers.get("content-type")).toBe("image/png");
    expect(signature.headers.get("cache-control")).toBe("no-store");
    const license = await req(admin, `/api/admin/financing/${id}/documents/driverLicense`);
    expect(license.headers.get("content-type")).toBe("image/jpeg");

    const pdf = await req(admin, `/api/admin/financing/${id}/pdf`);
    expect(pdf.status).toBe(200);
    expect(pdf.headers.get("content-disposition")).toBe('attachment; filename="financing-application-Ana-Silva.pdf"');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe("%PDF-");

    // Kept 25 months after the action taken (Regulation B, decision 095): refused with the reason, files kept.
    const early = await req(admin, `/api/admin/financing/${id}`, { method: "DELETE" });
    expect(early.status).toBe(409);
    expect(((await early.json()) as { error: string }).error).toContain("Regulation B (12 CFR 1002.12(b))");
    for (const file of files) expect(await server.files.exists(file), file).toBe(true);
    // Declined 26 months ago: the retention has run, staff may delete it.
    const decided = await req(admin, `/api/admin/financing/${id}/decision`, { method: "PATCH", body: { decision: "declined" } });
    expect(decided.status).toBe(200);
    const { db: aged } = openServerDatabase(server);
    const longAgo = new Date(Date.now() - 800 * 86_400_000).toISOString();
    await aged.updateTable("financingApplications").set({ createdAt: longAgo, actionTakenAt: longAgo }).where("id", "=", id).execute();
    await aged.destroy();
    expect((await req(admin, `/api/admin/financing/${id}`, { method: "DELETE" })).status).toBe(204);
    for (const file of files) expect(await server.files.exists(file), file).toBe(false);
    expect((await req(admin, `/api/admin/financing/${id}`)).status).toBe(404);
    const audit = (
      (await (await req(admin, "/api/admin/audit?limit=200")).json()) as { entries: { action: string; entityId: string; actor: string }[] }
    ).entries;
    const actions = audit.filter((a) => a.entityId === id).map((a) => a.action);
    expect(audit.filter((a) => a.entityId === id).every((a) => a.actor === DEMO_OWNER.email)).toBe(true);
    expect(actions).toEqual(
      expect.arrayContaining(["view", "reveal-ssn", "view-signature", "download-pdf", "decision-declined", "delete"]),
    );
    expect(JSON.stringify(audit)).not.toContain("123-45-6789");
  });

  it("lists and deletes messages, naming and linking the vehicle asked about", async () => {
    const { db } = openServerDatabase(server);
    const vehicle = await db.selectFrom("vehicles").select(["id", "year", "make", "model"]).executeTakeFirstOrThrow();
    const message = { firstName: "Lee", lastName: "Park", email: "lee@example.com", phone: "9785550100", message: "Still available?" };
    const id = await insertContactSubmission(db, { ...message, vehicleId: vehicle.id, hasTradeIn: true });
    // A message about a vehicle sold (deleted) since keeps its id but has nothing to link.
    const goneId = crypto.randomUUID();
    const aboutGone = await insertContactSubmission(db, { ...message, vehicleId: goneId, hasTradeIn: false });
    await db.destroy();
    type Listed = {
      id: string;
      vehicleId: string | null;
      vehicle: { year: number; make: string; model: string; path: string } | null;
      vehiclePath: string | null;
      hasTradeIn: boolean;
    };
    const list = (await (await req(admin, "/api/admin/contact-submissions")).json()) as Listed[];
    const msg = list.find((m) => m.id === id)!;
    expect(msg.hasTradeIn).toBe(true);
    expect(msg.vehicle).toMatchObject({ year: vehicle.year, make: vehicle.make, model: vehicle.model });
    expect(msg.vehicle!.path).toMatch(new RegExp(`^/used-${vehicle.year}-.*-fitchburg-ma-01430-${vehicle.id}$`));
    expect(msg.vehiclePath).toBe(msg.vehicle!.path);
    expect(list.find((m) => m.id === aboutGone)).toMatchObject({ vehicleId: goneId, vehicle: null, vehiclePath: null });
    expect((await req(admin, `/api/admin/contact-submissions/${aboutGone}`, { method: "DELETE" })).status).toBe(204);
    expect((await req(admin, `/api/admin/contact-submissions/${id}`, { method: "DELETE" })).status).toBe(204);
    expect((await req(admin, `/api/admin/contact-submissions/${id}`, { method: "DELETE" })).status).toBe(404);
  });

  it("lists upcoming bookings, confirms and cancels; a cancelled slot is bookable again", async () => {
    const { db } = openServerDatabase(server);
    const [service] = await listServices(db);
    const date = new Date(Date.now() + 3 * 86_400_000).toISOString().slice(0, 10);
    const slot = { serviceId: service!.id, bookingDate: date, bookingTime: service!.availableTimes[0]! };
    const customer = {
      customerFirstName: "Sam",
      customerLastName: "Reed",
      customerEmail: "sam@example.com",
      customerPhone: "9785550101",
      notes: "Brakes squeak",
    };
    const booking = await insertBooking(db, { ...slot, ...customer });
    const list = (await (await req(admin, "/api/admin/bookings")).json()) as { id: string; serviceName: string; status: string }[];
    expect(list.find((b) => b.id === booking.id)).toMatchObject({ serviceName: service!.name, status: "pending" });

    const confirmed = await req(admin, `/api/admin/bookings/${booking.id}`, { method: "PATCH", body: { status: "confirmed" } });
    expect(await confirmed.json()).toMatchObject({ status: "confirmed" });
    expect((await req(admin, `/api/admin/bookings/${booking.id}`, { method: "PATCH", body: { status: "gone" } })).status).toBe(400);
    await req(admin, `/api/admin/bookings/${booking.id}`, { method: "PATCH", body: { status: "cancelled" } });
    expect(await takenSlotsOn(db, date)).not.toContainEqual({ serviceId: slot.serviceId, bookingTime: slot.bookingTime });
    const rebooked = await insertBooking(db, { ...slot, ...customer, customerFirstName: "Kim" });
    expect(rebooked.status).toBe("pending");
    // Re-confirming the cancelled one now collides with the new booking.
    expect((await req(admin, `/api/admin/bookings/${booking.id}`, { method: "PATCH", body: { status: "confirmed" } })).status).toBe(409);
    await db.destroy();
  });

  it("reports visitors: per page, active in the last 5 minutes, daily for 30 days", async () => {
    const { db } = openServerDatabase(server);
    const pages: [string, string, number][] = [
      ["/", "a", 0],
      ["/inventory", "a", 0],
      ["/inventory", "b", 0],
      ["/about", "c", 10 * 60_000],
      ["/about", "c", 3 * 86_400_000],
    ];
    for (const [page, visitorKey, ago] of pages) {
      await insertVisit(db, { page, userAgent: "Mozilla/5.0", referrer: null, visitorKey }, new Date(Date.now() - ago));
    }
    await db.destroy();
    const stats = (await (await req(admin, "/api/admin/visitor-stats")).json()) as { page: string; count: number }[];
    expect(stats.find((s) => s.page === "/inventory")?.count).toBeGreaterThanOrEqual(2);
    // Visitors a and b were seen in the last 5 minutes; c only earlier.
    expect(await (await req(admin, "/api/admin/active-visitors")).json()).toEqual({ count: 2 });
    const daily = (await (await req(admin, "/api/admin/visitor-daily")).json()) as { day: string; count: number }[];
    expect(daily).toHaveLength(30);
    expect(daily.at(-1)!.count).toBeGreaterThanOrEqual(3);
    expect(daily.at(-4)!.count).toBe(1);
  });
});

describe("staff sign-in limits", () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ env: { VPIC_CACHE_DIR } });
  });
  afterAll(async () => {
    await server?.stop();
  });

  /** Time passing, without waiting: the one session's stored times moved into the past (the server reads the clock). */
  async function ageSession(field: "lastSeenAt" | "createdAt", msAgo: number) {
    const { db } = openServerDatabase(server);
    await db
      .updateTable("staffSessions")
      .set({ [field]: new Date(Date.now() - msAgo).toISOString() })
      .execute();
    const [row] = await db.selectFrom("staffSessions").select(["lastSeenAt", "createdAt"]).execute();
    await db.destroy();
    return row!;
  }
  const MINUTE = 60_000;

  it("ends a session after 30 idle minutes; activity keeps it alive, background polling does not", async () => {
    const admin = await login(server);
    await ageSession("lastSeenAt", 29 * MINUTE);
    expect((await req(admin, "/api/admin/vehicles")).status).toBe(200);
    // Activity counted: it was seen just now.
    const seen = await ageSession("createdAt", 0);
    expect(Date.now() - Date.parse(seen.lastSeenAt)).toBeLessThan(MINUTE);

    const polled = await ageSession("lastSeenAt", 29 * MINUTE);
    expect((await req(admin, "/api/admin/active-visitors")).status).toBe(200);
    expect((await req(admin, "/api/admin/mail-status")).status).toBe(200);
    // Background polling (active visitors, the mail banner) is not activity: the last-seen time did not move.
    expect((await ageSession("createdAt", 0)).lastSeenAt).toBe(polled.lastSeenAt);

    await ageSession("lastSeenAt", 31 * MINUTE);
    expect((await req(admin, "/api/admin/mail-status")).status).toBe(401);
    expect((await req(admin, "/api/admin/active-visitors")).status).toBe(401);
    expect((await req(admin, "/api/admin/vehicles")).status).toBe(401);
  });

  it("marks a session seen at most once a minute (no write on every request)", async () => {
    const admin = await login(server);
    // Seen 30 s ago: a request within the minute leaves the stored time as it is.
    const recent = await ageSession("lastSeenAt", 30_000);
    expect((await req(admin, "/api/admin/vehicles")).status).toBe(200);
    expect((await ageSession("createdAt", 0)).lastSeenAt).toBe(recent.lastSeenAt);
    // Seen 2 minutes ago: the next request marks it seen now.
    const older = await ageSession("lastSeenAt", 2 * MINUTE);
    expect((await req(admin, "/api/admin/vehicles")).status).toBe(200);
    const marked = await ageSession("createdAt", 0);
    expect(marked.lastSeenAt > older.lastSeenAt).toBe(true);
    expect(Date.now() - Date.parse(marked.lastSeenAt)).toBeLessThan(MINUTE);
  });

  it("ends a session 12 hours after sign-in however active it is", async () => {
    const admin = await login(server);
    await ageSession("createdAt", 11 * 60 * MINUTE);
    expect((await req(admin, "/api/admin/vehicles")).status).toBe(200);
    await ageSession("createdAt", 12 * 60 * MINUTE + MINUTE);
    expect((await req(admin, "/api/admin/vehicles")).status).toBe(401);
  });
});

function vehicleBody(images: string[]) {
  return newVehicleBody(images, { features: " Sunroof , , Heated Seats," });
}
