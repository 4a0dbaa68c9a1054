import type { StaffScreenId } from "~/shared/staff/staff-screens";
import type { StaffEventName } from "~/shared/staff/staff-events";
import type { StaffArea, StaffRole } from "~/shared/staff/staff-roles";
import { LEAD_TYPES, isLeadType, type LeadType } from "./lead-types";

/**
 * The registry of lead kinds (docs/decisions/108-one-registry-of-lead-kinds.md): for each kind of lead the
 * inbox lists, where its own rows live, who handles it, its staff screen and its mails. Everything that
 * once mapped a lead's type to a table, a role, a screen or a mail reads this list: the inbox, the
 * customer record, the lead alarm, assignment, the staff mails' links and the old dashboard links. A
 * lead's status and first response are not here nor in its own table: they live once, in `leads`
 * (decision 109). To add a kind: its name in LEAD_TYPES, its entry here, its feature folder (the steps
 * are in decision 108); TypeScript refuses a kind without an entry.
 */
export type LeadKind = {
  /** Its own rows: the table (as the app's Kysely names it) and the column holding the inbox's `leads.id`. */
  table: "contactSubmissions" | "financingApplications" | "bookings" | "tradeIns" | "deals";
  leadIdColumn: "id" | "dealGroupId";
  /** The staff area whose roles hold it: it is given to them, and only they answer it or move its status. */
  heldBy: StaffArea;
  /** Who gets a new one in turn, in this order: the first of these roles with someone present (decision 089). */
  assignTo: readonly StaffRole[];
  /**
   * Its details are its holders' alone (the FTC Safeguards Rule): its staff mail goes to them, never to
   * LEADS_TO, and the customer record shows none of its mails' subjects.
   */
  confidential: boolean;
  /** Its staff screen (the navigation's, which says the area a role needs) and one record's address there. */
  screen: { id: StaffScreenId; record: (id: string) => string };
  /**
   * The screen-specific event a new lead of this kind raises on the staff stream besides `lead.created`
   * (decision 110), with the area that screen needs; null for none.
   */
  createdEvent: { name: StaffEventName; area: StaffArea } | null;
  /** Its mails in the outbox: the record type they are filed under and each kind of mail it sends. */
  mails: {
    /** The outbox's `related_type` (a message's mails are "contact" mails). */
    relatedType: string;
    /** The staff notification of a new lead (a `-staff` kind: to its assignee and LEADS_TO, or its holders). */
    staff: string;
    /** Its ADF record for the dealer's CRM (a `-adf` kind, sent to ADF_TO), or null when it sends none. */
    adf: string | null;
    /** Every other mail it sends: the shopper's, and staff's later ones. */
    others: readonly string[];
  };
};

const id = encodeURIComponent;

export const LEAD_KINDS = {
  message: {
    table: "contactSubmissions",
    leadIdColumn: "id",
    heldBy: "leads",
    assignTo: ["sales"],
    confidential: false,
    screen: { id: "messages", record: (messageId: string) => `/podium/messages/${id(messageId)}` },
    createdEvent: null,
    mails: { relatedType: "contact", staff: "contact-staff", adf: "contact-adf", others: ["contact-ack"] },
  },
  financing: {
    table: "financingApplications",
    leadIdColumn: "id",
    heldBy: "financing",
    assignTo: ["finance", "owner"],
    confidential: true,
    screen: { id: "financing", record: (applicationId: string) => `/podium/financing/${id(applicationId)}` },
    createdEvent: null,
    mails: { relatedType: "financing", staff: "financing-staff", adf: "financing-adf", others: ["financing-receipt"] },
  },
  booking: {
    table: "bookings",
    leadIdColumn: "id",
    heldBy: "leads",
    assignTo: ["sales"],
    confidential: false,
    screen: { id: "bookings", record: (bookingId: string) => `/podium/bookings?id=${id(bookingId)}` },
    createdEvent: { name: "booking.created", area: "bookings" },
    mails: {
      relatedType: "booking",
      staff: "booking-staff",
      adf: null,
      others: [
        "booking-confirmation",
        "booking-reminder",
        "booking-confirmed",
        "booking-cancelled",
        "booking-reopened",
        "booking-cancelled-staff",
      ],
    },
  },
  "trade-in": {
    table: "tradeIns",
    leadIdColumn: "id",
    heldBy: "leads",
    assignTo: ["sales"],
    confidential: false,
    screen: { id: "tradeIns", record: (tradeInId: string) => `/podium/trade-ins/${id(tradeInId)}` },
    createdEvent: { name: "trade-in.created", area: "tradeIns" },
    mails: { relatedType: "trade-in", staff: "trade-in-staff", adf: "trade-in-adf", others: ["trade-in-ack", "trade-in-offer"] },
  },
  deal: {
    // Every version of a deal sheet is a row; the lead is the deal, named by its first version's id.
    table: "deals",
    leadIdColumn: "dealGroupId",
    heldBy: "leads",
    assignTo: ["sales"],
    confidential: false,
    screen: { id: "deals", record: (dealId: string) => `/podium/deals/${id(dealId)}` },
    createdEvent: { name: "deal.created", area: "deals" },
    mails: { relatedType: "deal", staff: "deal-staff", adf: "deal-adf", others: ["deal-sheet", "deal-revised"] },
  },
} as const satisfies Record<LeadType, LeadKind>;

/** The record type a lead kind's mails are filed under in the outbox. */
export type LeadMailRelatedType = (typeof LEAD_KINDS)[LeadType]["mails"]["relatedType"];

export const leadKind = (type: LeadType): LeadKind => LEAD_KINDS[type];

/** The kinds held by the same area as `type` (a returning customer goes back to whoever had their leads of these). */
export const typesHeldLike = (type: LeadType): LeadType[] => LEAD_TYPES.filter((t) => LEAD_KINDS[t].heldBy === LEAD_KINDS[type].heldBy);

/** Whether `value` names a kind whose details stay with its holders (an unknown name counts as one). */
export const isConfidentialLead = (value: string): boolean => !isLeadType(value) || LEAD_KINDS[value].confidential;
