import type { Request, Response } from "express";
import { readCookie } from "~/server/http/cookies.server";
import { safeEqual, sign } from "~/server/secrets.server";

/** The cookie that lets the submitting browser download its own PDF (DESIGN.md difference 3). */
export const PDF_ACCESS_COOKIE = "financing_pdf";
export const PDF_ACCESS_SECONDS = 60 * 60;
const COOKIE_PATH = "/api/financing";

/** "id.expiresAtMs.signature": the signature covers both, so neither can be changed. */
export function pdfAccessToken(cookieKey: Buffer, id: string, expiresAtMs: number): string {
  return `${id}.${expiresAtMs}.${sign(cookieKey, `financing-pdf|${id}|${expiresAtMs}`)}`;
}

/** Sets the short-lived, signed, httpOnly, SameSite=Strict access cookie for `id`. */
export function setPdfAccessCookie(res: Response, req: Request, cookieKey: Buffer, id: string, now = Date.now()): void {
  const expires = now + PDF_ACCESS_SECONDS * 1000;
  res.cookie(PDF_ACCESS_COOKIE, pdfAccessToken(cookieKey, id, expires), {
    httpOnly: true,
    sameSite: "strict",
    secure: req.secure,
    path: COOKIE_PATH,
    maxAge: PDF_ACCESS_SECONDS * 1000,
  });
}

/** True when the request carries a valid, unexpired access cookie for exactly this application. */
export function hasPdfAccess(req: Request, cookieKey: Buffer, id: string, now = Date.now()): boolean {
  const token = readCookie(req, PDF_ACCESS_COOKIE);
  if (!token) return false;
  const [tokenId, expires, signature] = token.split(".");
  if (!tokenId || !expires || !signature || !/^\d{1,15}$/.test(expires)) return false;
  if (!safeEqual(signature, sign(cookieKey, `financing-pdf|${tokenId}|${expires}`))) return false;
  return tokenId === id && Number(expires) > now;
}
