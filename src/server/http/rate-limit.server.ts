import type { NextFunction, Request, Response } from "express";

/**
 * A fixed-window, per-client request limiter kept in memory (one process serves the
 * site). Answers 429 with a Retry-After header once `limit` requests arrive within `windowMs`.
 */
export function rateLimit(options: { limit: number; windowMs: number; message: string }) {
  const hits = new Map<string, { count: number; resetAt: number }>();
  return (req: Request, res: Response, next: NextFunction) => {
    const now = Date.now();
    const key = req.ip ?? "unknown";
    let entry = hits.get(key);
    if (!entry || entry.resetAt <= now) {
      entry = { count: 0, resetAt: now + options.windowMs };
      hits.set(key, entry);
      if (hits.size > 50_000) for (const [k, v] of hits) if (v.resetAt <= now) hits.delete(k);
    }
    entry.count += 1;
    if (entry.count > options.limit) {
      res.setHeader("Retry-After", String(Math.ceil((entry.resetAt - now) / 1000)));
      res.status(429).json({ error: options.message });
      return;
    }
    next();
  };
}
