import { dealSheetPdf } from "~/features/deal/deal-sheet-pdf.server";
import { appContext } from "~/server/load-context.server";
import type { Route } from "./+types/deal-sheet-pdf";

/**
 * GET /deal/{token}/sheet.pdf: the sheet as one PDF page in the shopper's language (decision 070).
 * Private like its page: not cached, no referrer, not indexed. A replaced version is gone (410).
 */
export async function loader({ context, params }: Route.LoaderArgs) {
  const result = await dealSheetPdf(context.get(appContext), params.token);
  // Referrer-Policy: no-referrer comes from the HTTP layer for every /deal/{token} path.
  const headers = { "Cache-Control": "private, no-store", "X-Robots-Tag": "noindex, nofollow" };
  if (result.kind === "not-found") return new Response("Not found", { status: 404, headers: { ...headers, "Content-Type": "text/plain" } });
  if (result.kind === "replaced" || result.kind === "link-expired")
    return new Response(
      result.kind === "replaced" ? "This deal sheet was replaced by a newer one." : "This deal sheet's link has expired.",
      {
        status: 410,
        headers: { ...headers, "Content-Type": "text/plain" },
      },
    );
  return new Response(Buffer.from(result.bytes), {
    headers: { ...headers, "Content-Type": "application/pdf", "Content-Disposition": 'inline; filename="deal-sheet.pdf"' },
  });
}
