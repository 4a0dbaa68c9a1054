import { dealSheetPdf } from "~/features/deal/deal-sheet-pdf.server";
import { appContext } from "~/server/load-context.server";
import { dealDocumentsMessagesFor } from "~/shared/i18n/deal-documents-messages";
import { LOCALES } from "~/shared/i18n/locales";
import type { Route } from "./+types/deal-sheet-pdf";

/**
 * GET /deal/{token}/sheet.pdf: the sheet as one PDF page in the shopper's language (decision 070).
 * Private like its page: not cached, no referrer, not indexed. A replaced version is gone (410) once
 * its date has passed. Its answers and file name are in the sheet's language; an unknown link's, whose
 * language nobody knows, in all three.
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const result = await dealSheetPdf(context.get(appContext), params.token);
  // Referrer-Policy: no-referrer comes from the HTTP layer for every /deal/{token} path.
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
  const text = { ...headers, "Content-Type": "text/plain; charset=utf-8" };
  if (result.kind === "not-found")
    return new Response(LOCALES.map((locale) => dealDocumentsMessagesFor(locale).pdf.notFound).join("\n"), { status: 404, headers: text });
  const m = dealDocumentsMessagesFor(result.locale).pdf;
  // A replaced version past its date, or a link 30 days past it (decision 088): only that, in the sheet's language.
  if (result.kind === "replaced" || result.kind === "link-expired")
    return new Response(result.kind === "replaced" ? m.replaced : m.linkExpired, { status: 410, headers: text });
  return new Response(Buffer.from(result.bytes), {
    headers: { ...headers, "Content-Type": "application/pdf", "Content-Disposition": `inline; filename="${m.fileName}"` },
  });
}
