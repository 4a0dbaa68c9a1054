import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type CapturedMail = { raw: string; parsed: ParsedMail; envelopeTo: string[] };

export type SmtpCapture = {
  port: number;
  url: string;
  mails: CapturedMail[];
  /** Resolves once `count` mails have arrived (or rejects after `timeoutMs`). */
  waitFor: (count: number, timeoutMs?: number) => Promise<CapturedMail[]>;
  close: () => Promise<void>;
};

/**
 * A real SMTP server on loopback (smtp-server, no TLS, any or no login) that keeps every
 * mail it accepts, raw and parsed (mailparser). Pass `port` to come back on the same port.
 */
export async function startSmtpCapture(options: { port?: number; mails?: CapturedMail[] } = {}): Promise<SmtpCapture> {
  const mails = options.mails ?? [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    closeTimeout: 1_000,
    onAuth(_auth, _session, callback) {
      callback(null, { user: "test" });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (c: Buffer) => chunks.push(c));
      stream.on("end", () => {
        const raw = Buffer.concat(chunks).toString("utf8");
        simpleParser(raw)
          .then((parsed) => {
            mails.push({ raw, parsed, envelopeTo: session.envelope.rcptTo.map((r) => r.address) });
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(options.port ?? 0, "127.0.0.1", () => resolve());
  });
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    mails,
    async waitFor(count, timeoutMs = 20_000) {
      const end = Date.now() + timeoutMs;
      while (mails.length < count) {
        if (Date.now() > end)
          throw new Error(`Expected ${count} mails, got ${mails.length}: ${mails.map((m) => m.parsed.subject).join(" | ")}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      return mails;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
