import crypto from "node:crypto";
import sharp from "sharp";
import { insertFinancingApplication, type NewFinancingApplicationRow } from "~/server/data/financing-applications.server";
import { encrypt, loadSecrets } from "~/server/secrets.server";
import type { TestServer } from "./test-server";
import { openServerDatabase } from "./server-database";

/** Inserts an application the way the financing feature stores one: encrypted fields and files. */
export async function insertApplication(server: TestServer, overrides: Partial<NewFinancingApplicationRow> = {}) {
  const { db } = openServerDatabase(server);
  const key = loadSecrets(server.dataDir).encryptionKey;
  const png = await sharp({ create: { width: 500, height: 200, channels: 4, background: "#ffffff" } })
    .png()
    .toBuffer();
  const jpg = await sharp({ create: { width: 600, height: 380, channels: 3, background: "#88aacc" } })
    .jpeg()
    .toBuffer();
  // The financing feature stores each document's decoded bytes, encrypted, in the server's store.
  const store = async (dataUrl: string) => {
    const name = `${crypto.randomUUID()}.enc`;
    await server.files.put(`private/${name}`, Buffer.from(encrypt(key, Buffer.from(dataUrl.slice(dataUrl.indexOf(",") + 1), "base64"))));
    return name;
  };
  const row: NewFinancingApplicationRow = {
    id: crypto.randomUUID(),
    createdAt: new Date().toISOString(),
    firstName: "Ana",
    lastName: "Silva",
    email: "ana@example.com",
    phone: "9785550123",
    address: "12 Main St",
    city: "Fitchburg",
    state: "MA",
    zipCode: "01420",
    ssnEnc: encrypt(key, "123-45-6789"),
    dateOfBirthEnc: encrypt(key, "1990-04-02"),
    employmentStatus: "employed",
    employer: "Acme",
    monthlyIncome: 4200,
    vehicleOfInterest: null,
    downPayment: 2000,
    hasTradeIn: 1,
    tradeInDetails: "2010 Civic, 150k miles",
    hasCoOwner: 1,
    coOwnerFirstName: "Joao",
    coOwnerLastName: "Silva",
    coOwnerEmail: "joao@example.com",
    coOwnerPhone: "9785550124",
    coOwnerDateOfBirthEnc: encrypt(key, "1988-01-01"),
    coOwnerSsnEnc: encrypt(key, "987-65-4321"),
    coOwnerEmploymentStatus: "student",
    coOwnerEmployer: null,
    coOwnerMonthlyIncome: 900,
    signatureFile: await store(`data:image/png;base64,${png.toString("base64")}`),
    driverLicenseFile: await store(`data:image/jpeg;base64,${jpg.toString("base64")}`),
    coOwnerSignatureFile: await store(`data:image/png;base64,${png.toString("base64")}`),
    coOwnerDriverLicenseFile: await store(`data:application/pdf;base64,${Buffer.from("%PDF-1.4\n%%EOF").toString("base64")}`),
    creditConsentVersion: "2026-11-23",
    creditConsentAt: new Date().toISOString(),
    ...overrides,
  };
  await insertFinancingApplication(db, row);
  await db.destroy();
  /** The documents' keys in the server's store. */
  const files = [row.signatureFile, row.driverLicenseFile, row.coOwnerSignatureFile, row.coOwnerDriverLicenseFile].map(
    (n) => `private/${n!}`,
  );
  return { id: row.id, files };
}
