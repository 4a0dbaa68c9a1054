import type { Db } from "~/server/db/database.server";
import { insertOptOutLinks } from "~/server/data/opt-out-links.server";
import { hashSecretLinkToken, newSecretLinkToken } from "~/server/secret-link.server";
import { asLocale, localizedPath, type Locale } from "~/shared/i18n/locales";
import { mailAudience } from "~/shared/staff/lead-tracking";
import { ALERT_CONFIRMATION_KIND, ALERT_DIGEST_KIND } from "./mail-kinds";
import { escapeHtml } from "./mail-layout.server";
import { mailMessagesFor } from "./mail-messages.server";

/** The language a rendered mail was written in: its HTML part's `lang` (renderMail sets it), else English. */
function mailLocale(html: string | null): Locale {
  const tag = html ? /<html lang="([a-z]{2})/i.exec(html)?.[1] : undefined;
  return asLocale(tag?.toLowerCase() ?? "en");
}

/**
 * Every customer mail from the dealership ends with its postal address (renderMail's signature) and
 * a link that stops e-mails, calls or texts (decision 094, CAN-SPAM's opt-out). The links are made as the
 * mails are handed to the transport, where the site's public address is known: each a secret token of
 * its own, stored hashed with the address its mail goes to, in the mail's language; all of `mails`'
 * links in one insert (decision 163). Staff and CRM mails are returned as they are.
 */
export async function withOptOutLinks<T extends { kind: string; to: string; text: string; html: string | null }>(
  db: Db,
  publicUrl: string,
  mails: readonly T[],
  now = new Date(),
): Promise<T[]> {
  const links: { tokenHash: string; email: string }[] = [];
  const linked = mails.map((mail) => {
    if (mailAudience(mail.kind) !== "shopper") return mail;
    const token = newSecretLinkToken();
    links.push({ tokenHash: hashSecretLinkToken(token), email: mail.to });
    return withLink(publicUrl, mail, token);
  });
  await insertOptOutLinks(db, links, now);
  return linked;
}

/** `mail` ending with the opt-out link of `token`, in the mail's language. */
function withLink<T extends { kind: string; text: string; html: string | null }>(publicUrl: string, mail: T, token: string): T {
  const locale = mailLocale(mail.html);
  const href = `${publicUrl}${localizedPath(`/opt-out/${token}`, locale)}`;
  // An alert mail's own link unsubscribes from the alerts only: this one says it stops everything.
  const { optOutLine, optOutLineAfterAlerts } = mailMessagesFor(locale).shopper;
  const line = mail.kind === ALERT_DIGEST_KIND || mail.kind === ALERT_CONFIRMATION_KIND ? optOutLineAfterAlerts : optOutLine;
  const html = mail.html
    ? mail.html.replace(
        /<\/body><\/html>\s*$/,
        `<p style="font-size:13px;color:#4b5563">${escapeHtml(line)} <a href="${escapeHtml(href)}" style="color:#b91c1c">${escapeHtml(href)}</a></p></body></html>`,
      )
    : null;
  return { ...mail, text: `${mail.text}\n${line} ${href}`, html };
}
