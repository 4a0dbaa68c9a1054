import type { AppContext } from "~/server/context.server";
import { serverNow } from "~/server/clock.server";
import { fieldErrorsOf } from "~/server/http/api-errors.server";
import { FormTooLargeError, formInput, readFormData, schemaFieldNames } from "~/server/http/form-post.server";
import { ImageWorkBusyError, MAX_IMAGE_BYTES } from "~/server/images/image-store.server";
import { StorageUnavailableError } from "~/server/storage/file-store.server";
import { leadSourceFromCookieHeader } from "~/server/leads/lead-source-cookie.server";
import { localeFromPath } from "~/shared/i18n/locales";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { TRADE_IN_BODY_LIMIT_BYTES } from "./trade-in-api.server";
import type { TradeInPostResult } from "./trade-in-fields";
import { HONEYPOT_FIELD, MAX_TRADE_IN_PHOTOS, tradeInSchema } from "./trade-in-schema";
import { submitTradeIn, type TradeInVinDecode } from "./trade-in.server";

/** A chosen file as a data URL, as the JSON API receives photos; the image store checks the bytes. */
async function asDataUrl(file: File): Promise<string> {
  const bytes = Buffer.from(await file.arrayBuffer());
  // The declared type is only a label here: the store sniffs the bytes and refuses anything else.
  const type = /^image\/(jpeg|png|webp)$/.test(file.type) ? file.type : "image/jpeg";
  return `data:${type};base64,${bytes.toString("base64")}`;
}

/**
 * The trade-in form posted to /trade-in, with JavaScript (/trade-in.data, the photos resized in the
 * browser) or without (multipart/form-data, photos as files): the same schema and service as
 * POST /api/trade-ins (decisions 062 and 067).
 */
export async function tradeInFormPost(
  ctx: AppContext,
  request: Request,
  decodeVin?: TradeInVinDecode,
  clientAddress: string | null = null,
): Promise<TradeInPostResult> {
  let formData: FormData;
  try {
    formData = await readFormData(request, {
      maxBytes: TRADE_IN_BODY_LIMIT_BYTES,
      // One more than the schema takes, so an 11th photo gets its field message; a 12th part is refused unread.
      maxFiles: MAX_TRADE_IN_PHOTOS + 1,
      maxFileBytes: MAX_IMAGE_BYTES,
    });
  } catch (error) {
    if (error instanceof FormTooLargeError) return { kind: "too-large" };
    throw error;
  }
  const files = formData.getAll("photos").filter((f): f is File => typeof f !== "string" && f.size > 0);
  // The page's language (/es/trade-in…): its field messages and the shopper's mails.
  const locale = localeFromPath(new URL(request.url).pathname);
  const m = tradeInMessagesFor(locale);
  const schema = tradeInSchema(m);
  const input = { ...formInput(formData, schema), photos: await Promise.all(files.map(asDataUrl)) };
  // What was typed comes back into the form; the photos and the honeypot never do.
  const echoed = schemaFieldNames(schema).filter((name) => name !== "photos" && name !== HONEYPOT_FIELD);
  const echo = () => Object.fromEntries(echoed.map((name) => [name, String(formData.get(name) ?? "")]));
  const parsed = schema.safeParse(input);
  if (!parsed.success) return { kind: "invalid", fieldErrors: fieldErrorsOf(parsed.error), values: echo() };
  let result;
  try {
    result = await submitTradeIn(
      ctx,
      parsed.data,
      locale,
      decodeVin,
      serverNow(ctx),
      leadSourceFromCookieHeader(request.headers.get("cookie")),
      clientAddress,
    );
  } catch (error) {
    // Every image slot taken and the queue full, or the file store out of reach (decision 123): the form
    // says so and keeps what was typed (503); nothing was stored.
    if (error instanceof ImageWorkBusyError || error instanceof StorageUnavailableError) return { kind: "failed", error: m.api.busy };
    throw error;
  }
  if (result.kind === "invalid") return { kind: "invalid", fieldErrors: result.fieldErrors, values: echo() };
  return { kind: "sent" };
}
