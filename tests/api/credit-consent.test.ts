import { execFileSync } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { validApplicationInput } from "~/features/financing/financing-test-data";
import { CREDIT_CONSENT_VERSION } from "~/shared/config/credit-consent";
import { signInAs } from "../support/staff-sign-in";
import { startTestServer, type TestServer } from "../support/test-server";
import { openServerDatabase } from "../support/server-database";

/** Text of a PDF through poppler's pdftotext. */
function pdfText(bytes: ArrayBuffer): string {
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), "consent-pdf-")), "a.pdf");
  fs.writeFileSync(file, Buffer.from(bytes));
  return execFileSync("pdftotext", ["-layout", file, "-"]).toString();
}

describe("financing credit consent", () => {
  let server: TestServer;
  let body: Record<string, unknown>;
  beforeAll(async () => {
    server = await startTestServer({ seeded: true });
    const png = await sharp({ create: { width: 400, height: 150, channels: 4, background: "#ffffff" } })
      .png()
      .toBuffer();
    const jpg = await sharp({ create: { width: 600, height: 380, channels: 3, background: "#88aacc" } })
      .jpeg()
      .toBuffer();
    body = validApplicationInput({
      signature: `data:image/png;base64,${png.toString("base64")}`,
      driverLicense: `data:image/jpeg;base64,${jpg.toString("base64")}`,
    });
  });
  afterAll(async () => {
    await server?.stop();
  });

  const submit = (application: unknown) =>
    fetch(`${server.url}/api/financing`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify(application),
    });

  it("refuses an application without the consent, or with it unticked, with a field message and stores nothing", async () => {
    const { creditConsent: _, ...without } = body;
    for (const application of [without, { ...body, creditConsent: false }, { ...body, creditConsent: "true" }]) {
      const res = await submit(application);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { fieldErrors: Record<string, string> };
      expect(answer.fieldErrors.creditConsent).toBe("You must authorize the credit check to submit your application");
    }
    const { db } = openServerDatabase(server);
    expect(await db.selectFrom("financingApplications").select("id").execute()).toEqual([]);
    await db.destroy();
  });

  it("stores the consent text's version and time and prints them on the shopper's and the staff PDF", async () => {
    const before = Date.now();
    const res = await submit(body);
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const cookie = res.headers
      .getSetCookie()
      .find((c) => c.startsWith("financing_pdf="))!
      .split(";", 1)[0]!;
    const { db } = openServerDatabase(server);
    const row = await db
      .selectFrom("financingApplications")
      .select(["creditConsentVersion", "creditConsentAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(row.creditConsentVersion).toBe(CREDIT_CONSENT_VERSION);
    expect(Date.parse(row.creditConsentAt!)).toBeGreaterThanOrEqual(before - 1000);

    const shopper = await fetch(`${server.url}/api/financing/${id}/pdf`, { headers: { cookie } });
    expect(shopper.status).toBe(200);
    const finance = await signInAs(server, "finance");
    const staff = await fetch(`${server.url}/api/admin/financing/${id}/pdf`, { headers: { cookie: finance.cookie } });
    expect(staff.status).toBe(200);
    for (const raw of [pdfText(await shopper.arrayBuffer()), pdfText(await staff.arrayBuffer())]) {
      const text = raw.replace(/\s+/g, " ");
      expect(text).toContain("Credit authorization");
      expect(text).toContain(`consent text version ${CREDIT_CONSENT_VERSION}`);
    }
  });

  it("asks the co-applicant for their own authorization and certification, stores its version and prints each signature's text (M8, decision 097)", async () => {
    const signature = body.signature as string;
    const coApplicant = {
      hasCoOwner: true,
      coOwnerFirstName: "John",
      coOwnerLastName: "Coapplicant",
      coOwnerEmail: "john@example.com",
      coOwnerPhone: "9785550101",
      coOwnerDateOfBirth: "1986-05-13",
      coOwnerSsn: "987-65-4321",
      coOwnerEmploymentStatus: "student",
      coOwnerMonthlyIncome: "900",
      coOwnerSignature: signature,
      coOwnerDriverLicense: body.driverLicense,
    };
    // The applicant's box no longer covers the co-applicant: without their own, nothing is stored.
    for (const consent of [{}, { coOwnerCreditConsent: false }]) {
      const refused = await submit({ ...body, ...coApplicant, ...consent });
      expect(refused.status).toBe(400);
      const answer = (await refused.json()) as { fieldErrors: Record<string, string> };
      expect(answer.fieldErrors.coOwnerCreditConsent).toBe("The co-applicant must authorize their own credit check");
    }
    const listed = (await (await fetch(`${server.url}/api/vehicles`)).json()) as {
      id: string;
      year: number;
      make: string;
      model: string;
    }[];
    const vehicle = listed[0]!;
    // Sent from a vehicle page without typing a vehicle (L5): the PDF names the stock vehicle.
    const res = await submit({ ...body, ...coApplicant, coOwnerCreditConsent: true, vehicleId: vehicle.id });
    expect(res.status).toBe(201);
    const { id } = (await res.json()) as { id: string };
    const { db } = openServerDatabase(server);
    const row = await db
      .selectFrom("financingApplications")
      .select(["creditConsentVersion", "coOwnerCreditConsentVersion", "coOwnerCreditConsentAt"])
      .where("id", "=", id)
      .executeTakeFirstOrThrow();
    await db.destroy();
    expect(row).toMatchObject({ creditConsentVersion: CREDIT_CONSENT_VERSION, coOwnerCreditConsentVersion: CREDIT_CONSENT_VERSION });
    expect(row.coOwnerCreditConsentAt).toBeTruthy();

    const finance = await signInAs(server, "finance");
    const staff = await fetch(`${server.url}/api/admin/financing/${id}/pdf`, { headers: { cookie: finance.cookie } });
    expect(staff.status).toBe(200);
    const text = pdfText(await staff.arrayBuffer()).replace(/\s+/g, " ");
    expect(text).toContain(`${vehicle.year} ${vehicle.make} ${vehicle.model}`);
    expect(text).not.toContain("No vehicle specified");
    expect(text).toContain("Co-applicant's credit authorization");
    expect(text).toContain(`Signed under this text (version ${CREDIT_CONSENT_VERSION}): I authorize`);
    expect(text).toContain(`Signed under this text (version ${CREDIT_CONSENT_VERSION}): I, the co-applicant, authorize`);
    expect(text).toContain("I certify that the information about me in this application is true and complete.");
  });
});
