import { Router } from "express";
import { adminApi, staffPdfAuthorizer } from "~/features/admin/admin-api.server";
import { bookingApi } from "~/features/booking/booking-api.server";
import { contactApi } from "~/features/contact/contact-api.server";
import { financingApi } from "~/features/financing/financing-api.server";
import { buildFinancingPdf } from "~/features/financing/financing-pdf.server";
import { DOCUMENT_CONTENT_TYPES, readFinancingDocument, removeFinancingApplication } from "~/features/financing/financing.server";
import { inventoryApi } from "~/features/inventory/inventory-api.server";
import { trackingApi } from "~/features/tracking/tracking-api.server";
import { vehicleApi } from "~/features/vehicle/vehicle-api.server";
import type { AppContext } from "~/server/context.server";

/**
 * Every /api router, one per feature. Features never import each other: where one needs
 * another (staff download financing PDFs), the dependency is passed in here.
 * A path none of them answers gets a JSON 404.
 */
export function apiRouter(ctx: AppContext): Router {
  const api = Router();
  api.use((_req, res, next) => {
    res.setHeader("Cache-Control", "no-store");
    next();
  });
  api.use(trackingApi(ctx));
  api.use(inventoryApi(ctx));
  api.use(vehicleApi(ctx));
  api.use(contactApi(ctx));
  api.use(bookingApi(ctx));
  api.use(financingApi(ctx, { authorizeStaff: staffPdfAuthorizer(ctx) }));
  api.use(
    adminApi(ctx, {
      financingPdf: (id) => buildFinancingPdf(ctx, id, { revealSsn: true }),
      financingStore: {
        readDocument: async (fileName) => {
          const doc = await readFinancingDocument(ctx, fileName);
          return doc ? { bytes: doc.bytes, contentType: DOCUMENT_CONTENT_TYPES[doc.kind] } : null;
        },
        removeApplication: (id) => removeFinancingApplication(ctx, id),
      },
    }),
  );
  api.use((_req, res) => {
    res.status(404).json({ error: "Not found" });
  });
  return api;
}
