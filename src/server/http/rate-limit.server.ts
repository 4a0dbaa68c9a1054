import { rateLimit as expressRateLimit } from "express-rate-limit";
import { localeFromPath, type Locale } from "~/shared/i18n/locales";

/**
 * Where express-rate-limit reports a misconfiguration: one JSON line on stderr, like every other log
 * line (its default console logger prints multi-line stacks).
 */
const oneLineLogger = {
  warn: (error: unknown, msg?: string) => writeLine(40, error, msg),
  error: (error: unknown, msg?: string) => writeLine(50, error, msg),
};

function writeLine(level: number, error: unknown, msg?: string) {
  const err = error instanceof Error ? { type: error.name, message: error.message, code: (error as { code?: string }).code } : error;
  process.stderr.write(`${JSON.stringify({ level, time: new Date().toISOString(), msg: msg ?? "express-rate-limit", err })}\n`);
}

/**
 * A fixed-window, per-client limit kept in memory (one process serves the site), by
 * express-rate-limit: standard `RateLimit` / `RateLimit-Policy` headers (IETF draft 8), IPv6 clients
 * keyed by their /56 subnet (its default `ipKeyGenerator`), `Retry-After` and a JSON `{ error }`
 * body once `limit` requests arrive within `windowMs`. A `message` function gets the language of
 * the requested page (/es/contact → "es"), or for a JSON API call (whose body is not read before
 * the limit) the language of the page that sent it, from the Referer; English otherwise.
 */
export function rateLimit(options: {
  limit: number;
  windowMs: number;
  message: string | ((locale: Locale) => string);
  /**
   * A page's form post: refused without JavaScript (a plain POST, not React Router's `.data`
   * request), the page itself answers, with the message on it, rather than a bare JSON body. The
   * message goes to the route action in `res.locals.formRefusal`; the action reads no body then.
   */
  pagePost?: boolean;
}) {
  const { message } = options;
  return expressRateLimit({
    windowMs: options.windowMs,
    limit: options.limit,
    standardHeaders: "draft-8",
    legacyHeaders: false,
    handler: (req, res, next) => {
      const text = typeof message === "string" ? message : message(requestLocale(req.originalUrl, req.get("referer")));
      if (options.pagePost && !req.path.endsWith(".data")) {
        res.locals.formRefusal = text;
        next();
        return;
      }
      res.status(429).json({ error: text });
    },
    logger: oneLineLogger,
    // TRUST_PROXY is off unless a proxy is configured (decision 021): a client-sent X-Forwarded-For is
    // then expected and ignored, not a misconfiguration to report on every start.
    validate: { xForwardedForHeader: false },
  });
}

/** The page language of a limited request: its own path's, else its Referer's path's. */
export function requestLocale(url: string, referer: string | undefined): Locale {
  const own = localeFromPath(url.split("?")[0] ?? "/");
  if (own !== "en" || !referer) return own;
  try {
    return localeFromPath(new URL(referer).pathname);
  } catch {
    return own;
  }
}
