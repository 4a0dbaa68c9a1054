import type { InboxLead } from "./leads-inbox.server";

/**
 * What the inbox page's forms and its action agree on (kept out of the *.server module, which the
 * browser never loads): the filters of its GET form, and the intent of each row's form with the lead
 * it names ("status:message/…"), so a refusal shows on its own row.
 */
export const INBOX_FILTER_NAMES = ["status", "type", "assignee", "language", "q", "source"] as const;
/** The filters as the page's address gives them, and its page length when the address sets one. */
export type InboxFilterValues = Partial<Record<(typeof INBOX_FILTER_NAMES)[number] | "limit", string>>;

export const leadRowIntent = (intent: "status" | "assign" | "take", lead: Pick<InboxLead, "type" | "id">) =>
  `${intent}:${lead.type}/${lead.id}`;
