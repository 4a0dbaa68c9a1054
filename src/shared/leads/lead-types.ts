/** Every kind of lead the inbox lists; the `{type}` of /api/admin/leads/{type}/{id}. */
export const LEAD_TYPES = ["message", "financing", "booking", "trade-in", "deal"] as const;
export type LeadType = (typeof LEAD_TYPES)[number];
export const isLeadType = (value: unknown): value is LeadType => LEAD_TYPES.includes(value as LeadType);
