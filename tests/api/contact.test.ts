import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTestServer, type TestServer } from "../support/test-server";
import { openServerDatabase } from "../support/server-database";

let server: TestServer;
// Each test speaks from its own client address so the per-client rate limit only bites where intended.
let nextClient = 1;
const newClient = () => `203.0.113.${nextClient++}`;

const valid = {
  firstName: "Ana",
  lastName: "Silva",
  email: "ana@example.com",
  phone: "9785550100",
  message: "Is the Civic still available?",
};

function post(body: unknown, client = newClient()) {
  return fetch(`${server.url}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "X-Forwarded-For": client },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

async function storedMessages() {
  const { db } = openServerDatabase(server);
  try {
    return await db.selectFrom("contactSubmissions").selectAll().orderBy("createdAt").execute();
  } finally {
    await db.destroy();
  }
}

beforeAll(async () => {
  server = await startTestServer({ env: { TRUST_PROXY: "true" } });
});
afterAll(async () => {
  await server?.stop();
});

describe("POST /api/contact", () => {
  it("stores a valid message with hasTradeIn defaulting to false", async () => {
    const res = await post(valid);
    expect(res.status).toBe(201);
    const rows = await storedMessages();
    expect(rows.at(-1)).toMatchObject({ ...valid, vehicleId: null, hasTradeIn: 0 });
  });

  it("stores the vehicle id and trade-in flag from a vehicle page", async () => {
    const vehicleId = "45227f42-45df-42cd-a9d0-fd92a4ccfb6a";
    const res = await post({ ...valid, message: "About this car, please call me.", vehicleId, hasTradeIn: true });
    expect(res.status).toBe(201);
    expect((await storedMessages()).at(-1)).toMatchObject({ vehicleId, hasTradeIn: 1 });
  });

  it.each([
    ["firstName", "", "First name is required"],
    ["lastName", "", "Last name is required"],
    ["email", "nope", "Valid email is required"],
    ["phone", "555-0100", "Valid phone number is required"],
    ["message", "Hi there", "Message must be at least 10 characters"],
  ])("rejects %s=%j with 400 and the spec's message", async (field, value, message) => {
    const before = (await storedMessages()).length;
    const res = await post({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.fieldErrors[field]).toBe(message);
    expect((await storedMessages()).length).toBe(before);
  });

  it("rejects a malformed vehicle id and a non-boolean trade-in flag", async () => {
    const res = await post({ ...valid, vehicleId: "not-a-uuid", hasTradeIn: "yes" });
    expect(res.status).toBe(400);
    const body = (await res.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["hasTradeIn", "vehicleId"]);
  });

  it("answers 400 to malformed JSON and an empty body, without crashing", async () => {
    expect((await post("{not json")).status).toBe(400);
    const empty = await post({});
    expect(empty.status).toBe(400);
    expect(Object.keys(((await empty.json()) as { fieldErrors: object }).fieldErrors)).toEqual(
      expect.arrayContaining(["firstName", "lastName", "email", "phone", "message"]),
    );
  });

  it("pretends to accept a bot that fills the honeypot but stores nothing", async () => {
    const before = (await storedMessages()).length;
    const res = await post({ ...valid, website: "http://spam.example" });
    expect(res.status).toBe(201);
    expect((await storedMessages()).length).toBe(before);
  });

  // The review's L-10: a name of several lines forged lines in the staff mail and the shopper's acknowledgement.
  it.each([
    ["firstName", "Eve\r\nBcc: victim@evil.example\r\nX-Injected: 1", "First name is required"],
    ["lastName", "Silva\nPhone: 555-0000", "Last name is required"],
    ["phone", "9785550100\nOpen in the dashboard: http://evil.example/", "Valid phone number is required"],
    ["firstName", "Eve\u2028Mallory", "First name is required"],
  ])("refuses a line break or control character in the one-line field %s with its message", async (field, value, message) => {
    const before = (await storedMessages()).length;
    const res = await post({ ...valid, [field]: value });
    expect(res.status).toBe(400);
    expect(((await res.json()) as { fieldErrors: Record<string, string> }).fieldErrors[field]).toBe(message);
    expect((await storedMessages()).length).toBe(before);
  });

  it("keeps a message's lines, and the staff mail quotes them so none passes for a line of its own", async () => {
    const email = "quoted.lines@example.com";
    const res = await post({
      ...valid,
      email,
      message: "Is it still there?\nPhone: 555-0000\nOpen in the dashboard: http://evil.example/",
    });
    expect(res.status).toBe(201);
    const mailDir = path.join(server.dataDir, "mail");
    const staffMail = async () => {
      for (const name of fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((n) => n.endsWith("contact-staff.eml")) : []) {
        const parsed = await simpleParser(fs.readFileSync(path.join(mailDir, name)));
        if (parsed.text?.includes(email)) return parsed;
      }
      return null;
    };
    await expect.poll(staffMail, { timeout: 10_000 }).not.toBeNull();
    const lines = (await staffMail())!.text!.split("\n");
    expect(lines).toContain("> Phone: 555-0000");
    expect(lines).toContain("> Open in the dashboard: http://evil.example/");
    expect(lines.filter((line) => line.startsWith("Phone:"))).toHaveLength(1);
    expect(lines.filter((line) => line.startsWith("Open in the dashboard"))).toEqual([]);
  });

  it("writes its mails as .eml files again after the mail folder was removed (no SMTP server configured)", async () => {
    const mailDir = path.join(server.dataDir, "mail");
    fs.rmSync(mailDir, { recursive: true, force: true });
    const email = "after.removal@example.com";
    expect((await post({ ...valid, email })).status).toBe(201);
    const written = async () => {
      for (const name of fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((n) => n.endsWith("contact-staff.eml")) : []) {
        if ((await simpleParser(fs.readFileSync(path.join(mailDir, name)))).text?.includes(email)) return true;
      }
      return false;
    };
    await expect.poll(written, { timeout: 10_000 }).toBe(true);
  });

  it("limits how many messages one client sends", async () => {
    const client = newClient();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) statuses.push((await post(valid, client)).status);
    expect(statuses.slice(0, 5)).toEqual([201, 201, 201, 201, 201]);
    expect(statuses.slice(5)).toEqual([429, 429]);
    // Another client is unaffected.
    expect((await post(valid)).status).toBe(201);
  });
});

describe("the contact form posted to its page without JavaScript (decision 025)", () => {
  const form = (fields: Record<string, string>, headers: Record<string, string> = {}, client = newClient()) =>
    fetch(`${server.url}/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client, ...headers },
      body: new URLSearchParams(fields).toString(),
      redirect: "manual",
    });

  it("stores a valid message through the same service and answers the page with the success note", async () => {
    const res = await form({ ...valid, email: "page-post@example.com", hasTradeIn: "true" }, { "Sec-Fetch-Site": "same-origin" });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Message sent!");
    const row = (await storedMessages()).find((m) => m.email === "page-post@example.com");
    expect(row).toMatchObject({ firstName: "Ana", hasTradeIn: 1, vehicleId: null });
  });

  it("answers 400 with the schema's field messages and stores nothing", async () => {
    const before = (await storedMessages()).length;
    const res = await form({ ...valid, email: "nope", message: "short" });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain("Valid email is required");
    expect(html).toContain("Message must be at least 10 characters");
    expect((await storedMessages()).length).toBe(before);
  });

  it("refuses a post another site's page makes (403) and a body past the cap (413)", async () => {
    expect((await form(valid, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await form({ ...valid, message: "x".repeat(200 * 1024) })).status).toBe(413);
  });

  it("refuses a name of several lines on the page's form too, storing nothing", async () => {
    const before = (await storedMessages()).length;
    const res = await form({ ...valid, firstName: "Eve\r\nBcc: victim@evil.example" }, { "Sec-Fetch-Site": "same-origin" });
    expect(res.status).toBe(400);
    expect(await res.text()).toContain("First name is required");
    expect((await storedMessages()).length).toBe(before);
  });

  it("has the same per-client limit as POST /api/contact", async () => {
    const client = newClient();
    for (let i = 0; i < 5; i++) expect((await form({ ...valid, email: "nope" }, {}, client)).status).toBe(400);
    expect((await form(valid, {}, client)).status).toBe(429);
  });
});

describe("the contact form posted to its page with JavaScript (decision 062)", () => {
  // React Router sends the form's own body to /contact.data, the data request for the same action.
  const data = (fields: Record<string, string>, headers: Record<string, string> = {}, client = newClient()) =>
    fetch(`${server.url}/contact.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client, ...headers },
      body: new URLSearchParams(fields).toString(),
    });

  it("stores a valid message through the same service, in the language of the page it was posted to", async () => {
    const res = await fetch(`${server.url}/es/contact.data`, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": newClient(), "Sec-Fetch-Site": "same-origin" },
      body: new URLSearchParams({ ...valid, email: "data-post@example.com" }).toString(),
    });
    expect(res.status).toBe(200);
    const row = (await storedMessages()).find((m) => m.email === "data-post@example.com");
    expect(row).toMatchObject({ firstName: "Ana", hasTradeIn: 0, vehicleId: null, locale: "es" });
  });

  it("answers 400 with the field messages, and is guarded like the plain post: other sites, the cap and the shared limit", async () => {
    const invalid = await data({ ...valid, email: "nope" });
    expect(invalid.status).toBe(400);
    expect(await invalid.text()).toContain("Valid email is required");
    expect((await data(valid, { "Sec-Fetch-Site": "cross-site" })).status).toBe(403);
    expect((await data({ ...valid, message: "x".repeat(200 * 1024) })).status).toBe(413);
    // One budget per client for both ways the form posts.
    const client = newClient();
    for (let i = 0; i < 3; i++) expect((await data({ ...valid, email: "nope" }, {}, client)).status).toBe(400);
    const plain = (fields: Record<string, string>) =>
      fetch(`${server.url}/contact`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", "X-Forwarded-For": client },
        body: new URLSearchParams(fields).toString(),
        redirect: "manual",
      });
    for (let i = 0; i < 2; i++) expect((await plain({ ...valid, email: "nope" })).status).toBe(400);
    expect((await data(valid, {}, client)).status).toBe(429);
  });
});
