import crypto from "node:crypto";
import fs from "node:fs";
import type { AddressInfo } from "node:net";
import os from "node:os";
import path from "node:path";
import express from "express";
import zlib from "node:zlib";
import { PDFDocument, PDFRawStream } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AppContext } from "~/server/context.server";
import { migrateToLatest, openDatabase, type OpenedDatabase } from "~/server/db/database.server";
import { readEnv } from "~/server/env.server";
import { createLogger } from "~/server/logger.server";
import { listAuditEntries } from "~/server/data/audit-log.server";
import { setStaff } from "~/server/http/staff-request.server";
import { loadSecrets } from "~/server/secrets.server";
import { financingApi } from "./financing-api.server";
import { financingApplicationSchema as financingSchemaFor } from "./financing-schema";
import { en } from "~/shared/i18n/en";

const financingApplicationSchema = financingSchemaFor(en);
import { submitFinancingApplication } from "./financing.server";

// Staff downloads over real HTTP, with a stand-in for the staff guard src/app mounts on this path.
const png = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";
let dataDir: string;
let opened: OpenedDatabase;
let url: string;
let close: () => void;
let id: string;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "financing-api-"));
  opened = openDatabase(dataDir);
  await migrateToLatest(opened.db);
  const ctx: AppContext = {
    env: { ...readEnv({ DATA_DIR: dataDir }), dataDir },
    db: opened.db,
    logger: createLogger("silent"),
    secrets: loadSecrets(dataDir, ""),
  };
  const app = express();
  app.use("/api", (req, res, next) => {
    const role = req.get("x-staff");
    if (role === "finance" || role === "sales") {
      setStaff(res, { actor: `${role}@example.com`, id: crypto.randomUUID(), email: `${role}@example.com`, name: role, role });
    }
    next();
  });
  app.use("/api", financingApi(ctx));
  const server = app.listen(0, "127.0.0.1");
  await new Promise((resolve) => server.once("listening", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  close = () => server.close();
  ({ id } = await submitFinancingApplication(
    ctx,
    financingApplicationSchema.parse({
      firstName: "Stella",
      lastName: "Staffview",
      email: "s@example.com",
      phone: "9785550100",
      address: "12 Main Street",
      city: "Fitchburg",
      state: "MA",
      zipCode: "01420",
      ssn: "123-45-6789",
      dateOfBirth: "1985-04-12",
      employmentStatus: "retired",
      monthlyIncome: 2000,
      signature: png,
      driverLicense: png,
      creditConsent: true,
    }),
  ));
});

afterAll(async () => {
  close?.();
  await opened?.db.destroy();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe("GET /api/financing/:id/pdf for staff", () => {
  it("lets a staff session download any application, with the full SSN", async () => {
    const res = await fetch(`${url}/api/financing/${id}/pdf`, { headers: { "x-staff": "finance" } });
    expect(res.status).toBe(200);
    expect(res.headers.get("cache-control")).toBe("no-store");
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(doc.getTitle()).toContain("Stella Staffview");
    let text = "";
    for (const [, object] of doc.context.enumerateIndirectObjects()) {
      if (!(object instanceof PDFRawStream)) continue;
      const contents = Buffer.from(object.getContents());
      try {
        text += zlib.inflateSync(contents).toString("latin1");
      } catch {
        text += contents.toString("latin1"); // images and other non-deflated streams
      }
    }
    expect(text).toContain(Buffer.from("123-45-6789").toString("hex").toUpperCase());
    expect(await listAuditEntries(opened.db, 10)).toContainEqual(
      expect.objectContaining({ actor: "finance@example.com", action: "download-pdf", entityId: id }),
    );
  });

  it("answers 404 to a signed-in role that may not see financing applications (sales)", async () => {
    const res = await fetch(`${url}/api/financing/${id}/pdf`, { headers: { "x-staff": "sales" } });
    expect(res.status).toBe(404);
  });

  it("answers 404 to a request that is neither staff nor the submitter", async () => {
    expect((await fetch(`${url}/api/financing/${id}/pdf`)).status).toBe(404);
  });
});
