import fs from "node:fs/promises";
import path from "node:path";
import nodemailer, { type SendMailOptions } from "nodemailer";
import type { OutgoingMail } from "~/server/data/outbox.server";
import type { ServerEnv } from "~/server/env.server";
import { businessProfile } from "~/shared/config/business-profile";

/**
 * Where the outbox worker hands mails: SMTP when SMTP_URL is set, otherwise an .eml file
 * per mail under DATA_DIR/mail, so a new install shows what it would have sent.
 */
export type MailTransport = {
  mode: "smtp" | "eml";
  /** Resolves once the SMTP server accepted the mail (or the file is on disk). */
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
};

/** The sender: the dealership's name with MAIL_FROM's address, else the business profile's e-mail. */
export function mailFrom(env: ServerEnv): { name: string; address: string } {
  return { name: businessProfile.name, address: env.mailFrom || businessProfile.email };
}

/** The folder .eml files are written to when no SMTP server is configured. */
export function emlDir(dataDir: string): string {
  return path.join(dataDir, "mail");
}

function messageOf(env: ServerEnv, mail: OutgoingMail): SendMailOptions {
  return {
    from: mailFrom(env),
    to: mail.to,
    replyTo: mail.replyTo ?? undefined,
    subject: mail.subject,
    text: mail.text,
    html: mail.html ?? undefined,
    attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
    // An ADF lead's XML in base64, never quoted-printable: soft line breaks and "=3D" inside its tags
    // trip importers that read the body without decoding it properly (L3, decision 093).
    ...(mail.kind.endsWith("-adf") ? { textEncoding: "base64" as const } : {}),
    headers: mail.headers,
    // A stable Message-ID per outbox row lets a receiving system spot a repeat after a crash.
    messageId: `<outbox-${mail.id}-${mail.dueAt.replace(/[^0-9]/g, "")}@${businessProfile.domain}>`,
  };
}

export function createMailTransport(env: ServerEnv): MailTransport {
  if (env.smtpUrl) {
    const transporter = nodemailer.createTransport({
      url: env.smtpUrl,
      // Fail an attempt in seconds, not minutes: the outbox retries anyway.
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      mode: "smtp",
      async send(mail) {
        await transporter.sendMail(messageOf(env, mail));
      },
      close: () => transporter.close(),
    };
  }
  const writer = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  const dir = emlDir(env.dataDir);
  return {
    mode: "eml",
    async send(mail) {
      const info = await writer.sendMail(messageOf(env, mail));
      const file = path.join(dir, `${String(mail.id).padStart(6, "0")}-${mail.kind}.eml`);
      try {
        await fs.writeFile(file, info.message as Buffer);
      } catch (error) {
        // The folder is made when a write finds it missing (the first mail, or after someone removed it),
        // not before every mail.
        if ((error as { code?: string }).code !== "ENOENT") throw error;
        await fs.mkdir(dir, { recursive: true });
        await fs.writeFile(file, info.message as Buffer);
      }
    },
    close: () => writer.close(),
  };
}
