import { stringifySetCookie } from "cookie";
import type { Request, Response } from "express";
import { readCookie } from "~/server/http/cookies.server";
import { safeEqual, sign } from "~/server/secrets.server";

/** The cookie that lets the submitting browser download its own PDF (docs/behaviour.md §11). */
export const PDF_ACCESS_COOKIE = "financing_pdf";
export const PDF_ACCESS_SECONDS = 60 * 60;
const COOKIE_PATH = "/api/financing";

/** "id.expiresAtMs.signature": the signature covers both, so neither can be changed. */
export function pdfAccessToken(cookieKey: Buffer, id: string, expiresAtMs: number): string {
  return `${id}.${expiresAtMs}.${sign(cookieKey, `financing-pdf|${id}|${expiresAtMs}`)}`;
}

/** The Set-Cookie value of the short-lived, signed, httpOnly, SameSite=Strict access cookie for `id`. */
export function pdfAccessSetCookie(cookieKey: Buffer, id: string, secure: boolean, now = Date.now()): string {
  const expires = now + PDF_ACCESS_SECONDS * 1000;
  return stringifySetCookie({
    name: PDF_ACCESS_COOKIE,
    value: pdfAccessToken(cookieKey, id, expires),
    httpOnly: true,
    sameSite: "strict",
    secure,
    path: COOKIE_PATH,
    maxAge: PDF_ACCESS_SECONDS,
  });
}

/** Sets the access cookie on an /api answer (the route action sends `pdfAccessSetCookie` itself). */
export function setPdfAccessCookie(res: Response, req: Request, cookieKey: Buffer, id: string, now = Date.now()): void {
  res.append("Set-Cookie", pdfAccessSetCookie(cookieKey, id, req.secure, now));
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
