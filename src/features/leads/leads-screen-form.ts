import type { InboxLead } from "./leads-inbox.server";

/**
 * What the inbox page's forms and its action agree on (kept out of the *.server module, which the
 * browser never loads): the filters of its GET form, and the intent of each row's form with the lead
 * it names ("status:message/…"), so a refusal shows on its own row.
 */
export const INBOX_FILTER_NAMES = ["status", "type", "assignee", "language", "q", "source"] as const;
/** The filters as the page's address gives them, and its page length when the address sets one. */
export type InboxFilterValues = Partial<Record<(typeof INBOX_FILTER_NAMES)[number] | "limit", string>>;

export type LeadRowIntent = "status" | "assign" | "take";

/** A row form's key: what it asks and the lead it names. The post carries it alone (the action reads both from it). */
export const leadRowIntent = (intent: LeadRowIntent, lead: Pick<InboxLead, "type" | "id">) => `${intent}:${lead.type}/${lead.id}`;

/** Whether an answer is one of the rows' (the page's other form, the away switch, answers for itself). */
export const isLeadRowKey = (key: string) => /^(status|assign|take):/.test(key);

/** The intent and the lead a row form's key names, or null when it is not one a row writes. */
export function leadRowOf(key: string): { intent: LeadRowIntent; type: string; id: string } | null {
  const match = /^(status|assign|take):([a-z-]+)\/(.{1,100})$/.exec(key);
  return match ? { intent: match[1] as LeadRowIntent, type: match[2]!, id: match[3]! } : null;
}
