import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CustomerTask } from "~/features/leads/customer-record.server";
import { insertVehicle } from "~/server/data/vehicles.server";
import { vinYearCode, withCheckDigit } from "~/shared/lib/vin";
import { setServerClock } from "../support/alerts-helpers";
import { financingApplicationBody } from "../support/lead-delivery-helpers";
import { openEventStream, type EventStreamClient, type ReceivedEvent } from "../support/event-stream-client";
import { startLoopbackPushService, type TestDevice } from "../support/loopback-push-service";
import { withServerDatabase } from "../support/server-database";
import { createAccount, signIn, signInOwner, type StaffClient } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import type { StaffRole } from "~/shared/staff/staff-roles";

/**
 * A task's due time (decision 126) and a lead given to someone (decision 127), on the real server with
 * its clock moved through TEST_CLOCK's file and a push service on loopback that verifies each request's
 * VAPID JWT and decrypts its payload with the device's private key: one `task.due` event for the people
 * who see tasks and one push to the assignee, at the due time and not before, never for a task done or
 * deleted before it, at the new time for one moved later, held over quiet hours; a push to a lead's new
 * assignee, not to the person who gave it.
 */
describe("task due notices and reassignment pushes", () => {
  let server: TestServer;
  let push: Awaited<ReturnType<typeof startLoopbackPushService>>;
  let owner: StaffClient & { id: string };
  let sales: StaffClient & { id: string };
  let finance: StaffClient & { id: string };
  let salesDevice: TestDevice;
  let ownerDevice: TestDevice;
  let customerId = "";
  let leadId = "";
  const streams: EventStreamClient[] = [];
  // Wednesday 3 December 2025, 10:00 in Fitchburg.
  const T0 = Date.parse("2025-12-03T15:00:00.000Z");
  const at = (minutes: number) => new Date(T0 + minutes * 60_000).toISOString();
  const setClock = (minutes: number) => setServerClock(server.dataDir, at(minutes));
  /** Long enough for several sweeps (every 200 ms under TEST_CLOCK) and the push worker (every second). */
  const severalTicks = () => new Promise((r) => setTimeout(r, 2_500));

  let person = 0;
  async function staffOf(role: StaffRole, name: string): Promise<StaffClient & { id: string }> {
    const email = `${role}.due.${++person}.${Date.now()}@example.com`;
    const password = `long task due passphrase ${person} for ${role}`;
    const account = await createAccount(server, { email, name, role, password });
    return { ...(await signIn(server, email, password)), id: account.id };
  }
  const api = (client: StaffClient, path: string, method = "GET", body?: unknown) =>
    fetch(`${server.url}${path}`, {
      method,
      headers: {
        Cookie: client.cookie,
        Origin: server.url,
        ...(body === undefined ? {} : { "Content-Type": "application/json" }),
        "User-Agent": "Mozilla/5.0 (Linux; Android 14) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36",
      },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
  const subscribe = async (client: StaffClient, device: TestDevice) =>
    expect((await api(client, "/api/admin/push-subscriptions", "POST", { endpoint: device.endpoint, keys: device.keys })).status).toBe(201);
  async function addTask(
    dueMinutes: number,
    note: string,
    about: { customerId: string; leadType: string; leadId: string } = { customerId, leadType: "message", leadId },
  ): Promise<CustomerTask> {
    const res = await api(owner, `/api/admin/customers/${about.customerId}/tasks`, "POST", {
      kind: "call",
      dueAt: at(dueMinutes),
      assigneeId: sales.id,
      note,
      leadType: about.leadType,
      leadId: about.leadId,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()) as CustomerTask;
  }
  async function postContact(forwardedFor: string, fields: Record<string, string>): Promise<void> {
    const res = await fetch(`${server.url}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": forwardedFor },
      body: JSON.stringify({ email: `shopper.${forwardedFor.replaceAll(".", "-")}@example.com`, ...fields }),
    });
    expect(res.status, await res.clone().text()).toBe(201);
  }
  const payloadsTo = (device: TestDevice) =>
    push.pushesTo(device).map((p) => JSON.parse(p.plaintext) as { title: string; body: string; url: string; tag: string });
  const taskPushes = (device: TestDevice, taskId: string) => payloadsTo(device).filter((p) => p.tag === `task:${taskId}`);
  const isDue = (taskId: string) => (e: ReceivedEvent) => e.event === "task.due" && JSON.parse(e.data).id === taskId;
  const storedDueEvents = (taskId: string) =>
    withServerDatabase(server, (db) =>
      db.selectFrom("staffEvents").select(["name", "subjectType", "area"]).where("subjectId", "=", taskId).execute(),
    );
  async function streamOf(client: StaffClient): Promise<EventStreamClient> {
    const stream = await openEventStream(server.url, { cookie: client.cookie });
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.event === "ready");
    return stream;
  }

  beforeAll(async () => {
    push = await startLoopbackPushService();
    server = await startTestServer({ env: { TEST_CLOCK: "true", PUSH_LOOPBACK: "true", TRUST_PROXY: "true" } });
    setServerClock(server.dataDir, at(0));
    const signedIn = await signInOwner(server);
    const ownerRow = await withServerDatabase(server, (db) =>
      db.selectFrom("staffAccounts").select("id").where("role", "=", "owner").executeTakeFirstOrThrow(),
    );
    owner = { ...signedIn, id: ownerRow.id };
    // The only salesperson when the lead arrives: it is theirs.
    sales = await staffOf("sales", "Tess Tasker");
    finance = await staffOf("finance", "Fin Ance");
    await postContact("192.0.2.77", {
      firstName: "Lucía",
      lastName: "Tarefa",
      phone: "(978) 555-4100",
      message: "¿Sigue disponible?",
      locale: "es",
    });
    const [lead] = (await (await api(owner, "/api/admin/leads?type=message&limit=1")).json()) as {
      id: string;
      customerId: string;
      assigneeId: string;
    }[];
    expect(lead!.assigneeId).toBe(sales.id);
    ({ id: leadId, customerId } = lead!);
    // Devices subscribed after the lead's own push was queued.
    salesDevice = push.newDevice();
    ownerDevice = push.newDevice();
    await subscribe(sales, salesDevice);
    await subscribe(owner, ownerDevice);
  });
  afterAll(async () => {
    for (const stream of streams) stream.close();
    await server?.stop();
    await push?.close();
  });

  it("at its due time, not before: one task.due event (ids only) for the people who see tasks, one push to the assignee opening the customer", async () => {
    const [onOwner, onSales, onFinance] = [await streamOf(owner), await streamOf(sales), await streamOf(finance)];
    const task = await addTask(10, "Call about the trade-in");
    await severalTicks();
    expect(taskPushes(salesDevice, task.id)).toEqual([]);
    expect(await storedDueEvents(task.id)).toEqual([]);
    // The Today list reads the same clock as the sweep (decision 076): not overdue yet, though the system's
    // own time is long past the server's.
    const overdueOnToday = async () => {
      const tasks = (await (await api(sales, "/api/admin/tasks?assignee=me&due=all")).json()) as { id: string; overdue: boolean }[];
      return tasks.find((t) => t.id === task.id)?.overdue;
    };
    expect(await overdueOnToday()).toBe(false);
    // …and the task is stamped by it too, as is its ticking off.
    expect(task.createdAt).toBe(at(0));

    setClock(10);
    await expect.poll(() => taskPushes(salesDevice, task.id).length, { timeout: 10_000, interval: 100 }).toBe(1);
    const [received] = push.pushesTo(salesDevice).filter((p) => JSON.parse(p.plaintext).tag === `task:${task.id}`);
    const { publicKey } = (await (await api(sales, "/api/admin/push-public-key")).json()) as { publicKey: string };
    expect(received!.vapidKey).toBe(publicKey);
    expect(received!.claims.aud).toBe(push.origin());
    expect(taskPushes(salesDevice, task.id)).toEqual([
      { title: "Task due: call", body: "Lucía · Call about the trade-in", url: `/podium/customers/${customerId}`, tag: `task:${task.id}` },
    ]);
    setClock(11);
    expect(await overdueOnToday()).toBe(true);
    const fromOwner = await onOwner.next(isDue(task.id), 5000);
    const fromSales = await onSales.next(isDue(task.id), 5000);
    expect(JSON.parse(fromSales.data)).toEqual({ type: "task", id: task.id });
    expect(fromOwner.id).toBe(fromSales.id);

    // Once: later sweeps send nothing more; the owner (not the assignee) gets no push; finance hears nothing.
    await severalTicks();
    expect(taskPushes(salesDevice, task.id)).toHaveLength(1);
    expect(taskPushes(ownerDevice, task.id)).toEqual([]);
    expect(onSales.events.filter(isDue(task.id))).toHaveLength(1);
    expect(onFinance.events.filter((e) => e.event === "task.due")).toEqual([]);
    expect(await storedDueEvents(task.id)).toEqual([{ name: "task.due", subjectType: "task", area: "today" }]);
    expect(push.rejected).toEqual([]);

    // Ticked off at the server's 10:12, whatever the system's time.
    setClock(12);
    const ticked = await api(sales, `/api/admin/tasks/${task.id}`, "PATCH", { done: true });
    expect(ticked.status).toBe(200);
    expect(((await ticked.json()) as CustomerTask).doneAt).toBe(at(12));
  });

  it("never for a task ticked off or deleted before its time; one moved later is notified at the new time, and again if moved after it", async () => {
    const done = await addTask(20, "Ticked off early");
    const deleted = await addTask(20, "Deleted early");
    const moved = await addTask(20, "Moved to later");
    expect((await api(sales, `/api/admin/tasks/${done.id}`, "PATCH", { done: true })).status).toBe(200);
    // No screen moves or deletes a task yet: the database does, as a future one would.
    await withServerDatabase(server, async (db) => {
      await db.deleteFrom("tasks").where("id", "=", deleted.id).execute();
      await db
        .updateTable("tasks")
        .set({ dueAt: at(40) })
        .where("id", "=", moved.id)
        .execute();
    });
    setClock(30);
    await severalTicks();
    for (const task of [done, deleted, moved]) {
      expect(taskPushes(salesDevice, task.id), task.note).toEqual([]);
      expect(await storedDueEvents(task.id), task.note).toEqual([]);
    }

    setClock(40);
    await expect.poll(() => taskPushes(salesDevice, moved.id).length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(await storedDueEvents(moved.id)).toHaveLength(1);

    // Moved again after its notice: a new due time, a new notice (once).
    await withServerDatabase(server, (db) =>
      db
        .updateTable("tasks")
        .set({ dueAt: at(50) })
        .where("id", "=", moved.id)
        .execute(),
    );
    setClock(45);
    await severalTicks();
    expect(taskPushes(salesDevice, moved.id)).toHaveLength(1);
    setClock(50);
    await expect.poll(() => taskPushes(salesDevice, moved.id).length, { timeout: 10_000, interval: 100 }).toBe(2);
    await severalTicks();
    expect(taskPushes(salesDevice, moved.id)).toHaveLength(2);
    expect(await storedDueEvents(moved.id)).toHaveLength(2);
    expect(taskPushes(salesDevice, done.id)).toEqual([]);
  });

  it("quiet hours: the event at the due time, the push when the assignee's quiet hours end", async () => {
    // 11:00 to 12:00 in Fitchburg (16:00Z to 17:00Z).
    expect((await api(sales, "/api/admin/push-quiet-hours", "PUT", { start: "11:00", end: "12:00" })).status).toBe(200);
    const task = await addTask(70, "In quiet hours");
    setClock(70);
    await expect.poll(() => storedDueEvents(task.id).then((rows) => rows.length), { timeout: 10_000, interval: 100 }).toBe(1);
    await severalTicks();
    expect(taskPushes(salesDevice, task.id)).toEqual([]);
    const queued = await withServerDatabase(server, (db) =>
      db
        .selectFrom("pushOutbox")
        .select(["status", "dueAt"])
        .where("kind", "=", "task-due")
        .where("payload", "like", "%In quiet hours%")
        .execute(),
    );
    expect(queued).toEqual([{ status: "queued", dueAt: at(120) }]);
    setClock(120);
    await expect.poll(() => taskPushes(salesDevice, task.id).length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect((await api(sales, "/api/admin/push-quiet-hours", "PUT", { start: null, end: null })).status).toBe(200);
  });

  it("names the vehicle of the lead a task is about, but never a financing application's", async () => {
    const vehicle = { year: 2019, make: "Honda", model: "Civic", id: "" };
    vehicle.id = await withServerDatabase(server, (db) =>
      insertVehicle(db, {
        ...vehicle,
        price: 18995,
        mileage: 41000,
        transmission: "Automatic",
        drivetrain: "FWD",
        bodyStyle: "Sedan",
        exteriorColor: "Blue",
        vin: withCheckDigit(`1HGCM8260${vinYearCode(2019)}A000777`),
        stockNumber: "T0777",
        features: [],
        description: null,
        images: [],
      }),
    );
    await postContact("192.0.2.78", {
      firstName: "Vera",
      lastName: "Vehicle",
      phone: "(978) 555-4101",
      message: "Is this one still there?",
      locale: "en",
      vehicleId: vehicle.id,
    });
    const financing = await fetch(`${server.url}/api/financing`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "X-Forwarded-For": "192.0.2.79" },
      body: JSON.stringify(
        await financingApplicationBody({
          firstName: "Fiona",
          email: `fiona.${Date.now()}@example.com`,
          locale: "en",
          vehicleId: vehicle.id,
        }),
      ),
    });
    expect(financing.status, await financing.clone().text()).toBe(201);
    const newest = async (type: string) =>
      (
        (await (await api(owner, `/api/admin/leads?type=${type}&limit=1`)).json()) as {
          id: string;
          customerId: string;
          vehicleId: string | null;
        }[]
      )[0]!;
    const [message, application] = [await newest("message"), await newest("financing")];
    expect([message.vehicleId, application.vehicleId]).toEqual([vehicle.id, vehicle.id]);
    const aboutMessage = await addTask(130, "Offer a test drive", {
      customerId: message.customerId,
      leadType: "message",
      leadId: message.id,
    });
    const aboutApplication = await addTask(130, "Ask for the pay stub", {
      customerId: application.customerId,
      leadType: "financing",
      leadId: application.id,
    });
    setClock(130);
    await expect.poll(() => taskPushes(salesDevice, aboutApplication.id).length, { timeout: 10_000, interval: 100 }).toBe(1);
    await expect.poll(() => taskPushes(salesDevice, aboutMessage.id).length, { timeout: 10_000, interval: 100 }).toBe(1);
    expect(taskPushes(salesDevice, aboutMessage.id)[0]!.body).toMatch(new RegExp(`^Vera · 2019 Honda Civic.* · Offer a test drive$`));
    expect(taskPushes(salesDevice, aboutApplication.id)[0]!.body).toBe("Fiona · Ask for the pay stub");
  });

  it("a lead given to someone by the API or the inbox's form pushes to the new assignee, not to the owner who gave it, nor when one takes it oneself", async () => {
    const other = await staffOf("sales", "Otto Other");
    const otherDevice = push.newDevice();
    await subscribe(other, otherDevice);
    const assignedPushes = (device: TestDevice) => payloadsTo(device).filter((p) => p.title.startsWith("Assigned to you"));

    // By the API.
    const posted = Date.now();
    expect((await api(owner, `/api/admin/leads/message/${leadId}`, "PATCH", { assigneeId: other.id })).status).toBe(200);
    await expect.poll(() => assignedPushes(otherDevice).length, { timeout: 5000, interval: 100 }).toBe(1);
    expect(push.pushesTo(otherDevice)[0]!.at - posted).toBeLessThan(5000);
    expect(assignedPushes(otherDevice)).toEqual([
      {
        title: "Assigned to you: message",
        body: "Lucía · wrote in Spanish",
        url: `/podium/customers/${customerId}`,
        tag: `message:${leadId}`,
      },
    ]);

    // By the inbox's form (the same use case), back to the first salesperson.
    const form = await fetch(`${server.url}/podium/leads`, {
      method: "POST",
      redirect: "manual",
      headers: { cookie: owner.cookie, "sec-fetch-site": "same-origin", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ form: `assign:message/${leadId}`, assigneeId: sales.id }).toString(),
    });
    expect(form.status).toBeLessThan(400);
    await expect.poll(() => assignedPushes(salesDevice).length, { timeout: 5000, interval: 100 }).toBe(1);

    // The owner gives it to themselves (or takes it): no push to the owner.
    expect((await api(owner, `/api/admin/leads/message/${leadId}`, "PATCH", { assigneeId: owner.id })).status).toBe(200);
    await severalTicks();
    expect(assignedPushes(ownerDevice)).toEqual([]);
    expect(assignedPushes(otherDevice)).toHaveLength(1);
    expect(assignedPushes(salesDevice)).toHaveLength(1);
    expect(push.rejected).toEqual([]);
  });
});
