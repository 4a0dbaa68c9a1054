import type { Request, RequestHandler } from "express";
import { renderMetrics } from "~/server/metrics/metrics.server";
import { safeEqual } from "~/server/secrets.server";

/** 127.0.0.0/8 and ::1, also as IPv4-mapped IPv6 (how Node reports an IPv4 peer on a dual-stack socket). */
const LOOPBACK = /^(?:127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|::ffff:127\.\d{1,3}\.\d{1,3}\.\d{1,3})$/;

/** Headers a proxy adds when it passes on someone else's request. */
const FORWARDING_HEADERS = ["x-forwarded-for", "forwarded", "x-real-ip", "x-forwarded-host"];

/**
 * Without METRICS_TOKEN, a scrape must come from this machine itself: the socket's peer is a loopback
 * address (never X-Forwarded-For, which a client writes) and nothing says the request was forwarded
 * (a reverse proxy on the same machine connects from loopback on behalf of anyone).
 */
function fromThisMachine(req: Request): boolean {
  return LOOPBACK.test(req.socket.remoteAddress ?? "") && FORWARDING_HEADERS.every((name) => req.headers[name] === undefined);
}

/**
 * GET /metrics (decision 122): the Prometheus text format, for `Authorization: Bearer $METRICS_TOKEN`
 * (compared in constant time), or, with no token configured, for this machine only. Anything else is a
 * 401 that says nothing about the metrics.
 */
export function metricsEndpoint(token: string | undefined): RequestHandler {
  return async (req, res, next) => {
    const header = req.headers.authorization ?? "";
    const allowed = token ? header.startsWith("Bearer ") && safeEqual(header.slice("Bearer ".length), token) : fromThisMachine(req);
    res.setHeader("Cache-Control", "no-store");
    if (!allowed) {
      res.status(401).setHeader("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Unauthorized");
      return;
    }
    try {
      const { contentType, body } = await renderMetrics();
      res.type(contentType).send(body);
    } catch (error) {
      next(error);
    }
  };
}
