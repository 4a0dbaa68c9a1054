import type { Generated } from "kysely";

/**
 * Table types as Kysely sees them (camelCase; the CamelCasePlugin maps to the
 * snake_case columns the migrations create). Lists are stored as JSON text so the
 * schema stays dialect-neutral.
 */
export type Database = {
  vehicles: VehicleTable;
  vehicleImages: VehicleImageTable;
  vehiclePriceChanges: VehiclePriceChangeTable;
  vehicleDocuments: VehicleDocumentTable;
  contactSubmissions: ContactSubmissionTable;
  financingApplications: FinancingApplicationTable;
  visitors: VisitorTable;
  services: ServiceTable;
  bookings: BookingTable;
  staffAccounts: StaffAccountTable;
  staffRecoveryCodes: StaffRecoveryCodeTable;
  staffSetupTokens: StaffSetupTokenTable;
  staffSessions: StaffSessionTable;
  staffSignInFailures: StaffSignInFailureTable;
  staffSignInLocks: StaffSignInLockTable;
  auditLog: AuditLogTable;
  webVitals: WebVitalTable;
  outbox: OutboxTable;
  dealSettings: DealSettingsTable;
  tradeIns: TradeInTable;
  customers: CustomerTable;
  leads: InboxLeadTable;
  leadEvents: LeadEventTable;
  tasks: TaskTable;
  leadSettings: LeadSettingsTable;
  deals: DealTable;
  contactConsents: ContactConsentTable;
  doNotContact: DoNotContactTable;
  optOutLinks: OptOutLinkTable;
  alertSubscribers: AlertSubscriberTable;
  alertConfirmations: AlertConfirmationTable;
  alertItems: AlertItemTable;
  alertEvents: AlertEventTable;
  alertPublicVehicles: AlertPublicVehicleTable;
  vehicleSaves: VehicleSaveTable;
  alertVisits: AlertVisitTable;
  staffEvents: StaffEventTable;
  pushSubscriptions: PushSubscriptionTable;
  pushOutbox: PushOutboxTable;
};

/** A staff member's device for Web Push (migration 041, decision 111). */
export type PushSubscriptionTable = {
  id: string;
  staffId: string;
  endpoint: string;
  /** The browser's P-256 public key and auth secret (base64url), for RFC 8291 encryption. */
  p256dh: string;
  auth: string;
  /** A short description of the device (from its User-Agent), for the person's list. */
  device: string | null;
  createdAt: string;
  lastSentAt: string | null;
};

export type PushOutboxStatus = "queued" | "sending" | "sent" | "failed";

/** A push waiting to be sent, sent, or given up (migration 042, decision 112). */
export type PushOutboxTable = {
  id: Generated<number>;
  subscriptionId: string;
  kind: string;
  payload: string;
  status: PushOutboxStatus;
  attempts: Generated<number>;
  dueAt: string;
  nextAttemptAt: string;
  claimedBy: string | null;
  claimedUntil: string | null;
  lastError: string | null;
  createdAt: string;
  sentAt: string | null;
};

/** A change the staff app's live screens hear of (migration 040, decision 110): ids only, and who may see it. */
export type StaffEventTable = {
  id: Generated<number>;
  /** `lead.created`, `lead.assigned`, … (src/shared/staff/staff-events.ts). */
  name: string;
  /** The lead type, or "vehicle". */
  subjectType: string;
  subjectId: string;
  /** The staff area a role needs to receive it (src/shared/staff/staff-roles.ts). */
  area: string;
  createdAt: string;
};

/** An optional consent to calls and texts a shopper gave on a form (migration 033, decision 094). */
export type ContactConsentTable = {
  id: string;
  customerId: string;
  leadType: string;
  leadId: string;
  /** Comma-separated: "phone,text". */
  channels: string;
  wordingVersion: string;
  locale: string;
  /** The number it covers: E.164, or as typed when not a US number. */
  phone: string;
  clientAddress: string | null;
  givenAt: string;
};

/** A channel a customer must not be contacted on, by the address it is about (migration 033). */
export type DoNotContactTable = {
  channel: "email" | "phone" | "text";
  /** A lower-cased e-mail, or an E.164 phone. */
  address: string;
  customerId: string | null;
  source: "opt-out-link" | "staff";
  staffId: string | null;
  createdAt: string;
};

/** A customer mail's opt-out link (migration 033): the token's SHA-256 and the address the mail went to. */
export type OptOutLinkTable = {
  tokenHash: string;
  email: string;
  createdAt: string;
};

/** The owner's lead settings (migration 024): one row, id 1, the settings as JSON text. */
export type LeadSettingsTable = {
  id: number;
  settings: string;
  updatedAt: string;
  /** The e-mail of the staff member who saved them. */
  updatedBy: string;
};

/** The owner's deal settings (migration 016): one row, id 1, the settings as JSON text. */
export type DealSettingsTable = {
  id: number;
  settings: string;
  updatedAt: string;
  /** The e-mail of the staff member who saved them. */
  updatedBy: string;
};

/** Who a lead's status says has dealt with it. */
export type LeadStatus = "new" | "contacted" | "closed";
/** `written`: no SMTP configured, the mail was written as an .eml file under DATA_DIR/mail instead. */
export type OutboxStatus = "queued" | "sending" | "sent" | "written" | "failed" | "cancelled";

/** One outgoing mail: written in the same transaction as the record it is about. */
export type OutboxTable = {
  id: Generated<number>;
  kind: string;
  toAddress: string;
  replyTo: string | null;
  subject: string;
  textBody: string;
  htmlBody: string | null;
  /** JSON array of { filename, contentType, content }. */
  attachments: string;
  status: OutboxStatus;
  attempts: number;
  dueAt: string;
  nextAttemptAt: string;
  lastAttemptAt: string | null;
  lastError: string | null;
  claimedBy: string | null;
  claimedUntil: string | null;
  relatedType: string;
  relatedId: string;
  createdAt: string;
  sentAt: string | null;
  /** JSON object of extra header fields (an alert's List-Unsubscribe, migration 044); null for none. */
  headers: Generated<string | null>;
};

export type VehicleTable = {
  id: string;
  year: number;
  make: string;
  model: string;
  price: number;
  mileage: number;
  transmission: string;
  drivetrain: string;
  bodyStyle: string;
  exteriorColor: string;
  vin: string;
  /** JSON array of strings: catalogue keys (src/shared/lib/vehicle-features.ts) and custom features as typed. */
  features: string;
  description: string | null;
  descriptionEs: string | null;
  descriptionPt: string | null;
  createdAt: string;
  updatedAt: string;
  stockNumber: string | null;
  trim: string | null;
  /** One of FUEL_TYPES (src/shared/types/vehicle.ts), or null when unknown. */
  fuelType: "gasoline" | "diesel" | "hybrid" | "plug-in-hybrid" | "electric" | "flex" | null;
  status: "available" | "pending" | "sold";
  /** yyyy-MM-dd */
  dateInStock: string;
  soldAt: string | null;
  warrantyType: "as_is" | "implied" | "dealer";
  /** JSON of the dealer warranty's DealerWarrantyTerms (migration 031); null = the Massachusetts statutory terms. */
  warrantyTerms: string | null;
  /** 1: the Buyers Guide ticks "MANUFACTURER'S WARRANTY STILL APPLIES" (decision 060). */
  manufacturerWarrantyApplies: Generated<number>;
};

/** One Buyers Guide or Massachusetts warranty handed out by staff (decision 060). */
export type VehicleDocumentTable = {
  id: Generated<number>;
  vehicleId: string;
  vin: string;
  kind: "buyers_guide" | "ma_warranty" | "rights_notice";
  language: "en" | "es";
  textVersion: string;
  /** JSON of the terms printed. */
  terms: string;
  termsHash: string;
  pdfSha256: string;
  actor: string;
  accountId: string | null;
  createdAt: string;
};

export type VehiclePriceChangeTable = {
  id: Generated<number>;
  vehicleId: string;
  oldPrice: number;
  newPrice: number;
  changedAt: string;
};

export type VehicleImageTable = {
  id: Generated<number>;
  vehicleId: string;
  position: number;
  /** Content hash naming the stored image files (see server/images). */
  imageKey: string;
  width: number;
  height: number;
};

export type ContactSubmissionTable = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  message: string;
  vehicleId: string | null;
  hasTradeIn: number;
  createdAt: string;
  locale: Generated<string>;
};

export type FinancingApplicationTable = {
  id: string;
  createdAt: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  address: string;
  city: string;
  state: string;
  zipCode: string;
  /** AES-256-GCM ciphertext (server/crypto). */
  ssnEnc: string;
  dateOfBirthEnc: string;
  employmentStatus: string;
  employer: string | null;
  monthlyIncome: number;
  vehicleOfInterest: string | null;
  /** The stock vehicle whose page opened the form (migration 011); null when none or no longer for sale. */
  vehicleId: Generated<string | null>;
  downPayment: number | null;
  hasTradeIn: number;
  tradeInDetails: string | null;
  hasCoOwner: number;
  coOwnerFirstName: string | null;
  coOwnerLastName: string | null;
  coOwnerEmail: string | null;
  coOwnerPhone: string | null;
  coOwnerDateOfBirthEnc: string | null;
  coOwnerSsnEnc: string | null;
  coOwnerEmploymentStatus: string | null;
  coOwnerEmployer: string | null;
  coOwnerMonthlyIncome: number | null;
  /** Names of encrypted document files under DATA_DIR/private. */
  signatureFile: string | null;
  driverLicenseFile: string | null;
  coOwnerSignatureFile: string | null;
  coOwnerDriverLicenseFile: string | null;
  locale: Generated<string>;
  /** Version of the credit-consent text the applicant accepted (null for older applications). */
  creditConsentVersion: string | null;
  creditConsentAt: string | null;
  /** The co-applicant's own authorization and certification (migration 032): the text's version and when. */
  coOwnerCreditConsentVersion: string | null;
  coOwnerCreditConsentAt: string | null;
  /** The action taken on the application (migration 032); null until staff record it. */
  creditDecision: "approved" | "declined" | "withdrawn" | null;
  /** When the applicant was told of the action taken: Regulation B's 25 months run from it (decision 095). */
  actionTakenAt: string | null;
};

export type VisitorTable = {
  id: Generated<number>;
  page: string;
  timestamp: string;
  userAgent: string | null;
  referrer: string | null;
  /** Salted hash of client address + user agent: counts distinct visitors without storing the IP. */
  visitorKey: string;
};

export type ServiceTable = {
  id: string;
  /** English, required; the other languages fall back to it (decision 068). */
  name: string;
  description: string;
  nameEs: string | null;
  descriptionEs: string | null;
  namePt: string | null;
  descriptionPt: string | null;
  /** When staff last edited the texts (ISO); part of the cached pages' version. Null until then. */
  updatedAt: string | null;
  duration: number;
  price: number;
  /** JSON array of lowercase weekday names. */
  availableDays: string;
  /** JSON array of "HH:mm" strings. */
  availableTimes: string;
  position: number;
};

export type BookingTable = {
  id: string;
  serviceId: string;
  customerFirstName: string;
  customerLastName: string;
  customerEmail: string;
  customerPhone: string;
  bookingDate: string;
  bookingTime: string;
  status: "pending" | "confirmed" | "cancelled";
  notes: string | null;
  createdAt: string;
  /** SHA-256 of the manage-link token; the token itself is only in the shopper's mail. */
  manageTokenHash: string | null;
  cancelledAt: string | null;
  locale: Generated<string>;
  /** SEQUENCE of the booking's calendar event as last mailed to the shopper (RFC 5545 §3.8.7.4, decision 058). */
  calendarSequence: Generated<number>;
  /** The customer's own vehicle, each part optional (migration 011). */
  vehicleYear: Generated<number | null>;
  vehicleMake: Generated<string | null>;
  vehicleModel: Generated<string | null>;
  vehicleMileage: Generated<number | null>;
  vehicleVin: Generated<string | null>;
};

export type StaffAccountTable = {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  name: string;
  role: "owner" | "finance" | "sales" | "service";
  /** scrypt, "$scrypt$v=1$…" (src/server/auth/password-hash.server.ts); null until set up. */
  passwordHash: string | null;
  /** AES-256-GCM ciphertext of the base32 TOTP secret. */
  totpSecretEnc: string | null;
  /** Null while the secret is only proposed (enrollment not confirmed by a code). */
  totpEnrolledAt: string | null;
  totpLastStep: number | null;
  disabled: number;
  createdAt: string;
  updatedAt: string;
  /** Comma-separated locales the person answers leads in (migration 022), e.g. "en,es". */
  languages: Generated<string>;
  /** 1 while away: no new lead is assigned to them. */
  away: Generated<number>;
  /** When they were last given a new lead: the round-robin turn goes to the longest-waiting. */
  lastAssignedAt: Generated<string | null>;
  /** Named by every device cookie issued; moved on to revoke them all (migration 028). */
  deviceGeneration: Generated<number>;
  /** Quiet hours for pushes, minutes of the day on the dealership's clock (migration 041); null: none. */
  quietStartMinute: Generated<number | null>;
  quietEndMinute: Generated<number | null>;
};

export type StaffRecoveryCodeTable = {
  /** SHA-256 of the normalised code. */
  codeHash: string;
  accountId: string;
  usedAt: string | null;
  createdAt: string;
};

export type StaffSetupTokenTable = {
  /** SHA-256 of the token; the token itself is only in the setup link. */
  tokenHash: string;
  accountId: string;
  createdAt: string;
  expiresAt: string;
  usedAt: string | null;
};

export type StaffSessionTable = {
  /** SHA-256 of the session token; the token itself lives only in the cookie. */
  idHash: string;
  accountId: string;
  createdAt: string;
  lastSeenAt: string;
};

export type StaffSignInFailureTable = {
  id: Generated<number>;
  key: string;
  at: string;
};

/** One row per throttle key, locked while an attempt for that key is counted and reserved (migration 009). */
export type StaffSignInLockTable = {
  key: string;
  lockedAt: string;
};

export type AuditLogTable = {
  id: Generated<number>;
  at: string;
  /** The account's e-mail (older rows: a short reference to the PIN session). */
  actor: string;
  /** The staff account; null for rows from before accounts and for sign-in failures of unknown e-mails. */
  accountId: string | null;
  action: string;
  entity: string;
  entityId: string;
};

export type WebVitalTable = {
  /** The web-vitals library's id of one metric instance of one page load. */
  id: string;
  /** Route pattern, e.g. `/inventory` or `/:vehicle` (never a URL with ids). */
  page: string;
  device: "phone" | "desktop";
  metric: "LCP" | "INP" | "CLS";
  /** Milliseconds for LCP and INP; unitless for CLS. */
  value: number;
  recordedAt: string;
};

/** A trade-in appraisal request and the offer staff sent (migration 017, decision 067). */
export type TradeInTable = {
  id: string;
  vin: string | null;
  year: number;
  make: string;
  model: string;
  trim: string | null;
  /** JSON object of the VIN decoder's other findings; null without a VIN. */
  decoded: string | null;
  mileage: number;
  zip: string;
  accidents: number;
  warningLights: number;
  tires: "good" | "fair" | "poor";
  keys: number;
  smokedIn: number;
  titleStatus: "clean" | "salvage" | "rebuilt";
  payoff: number | null;
  lender: string | null;
  /** JSON array of { key, width, height }. */
  photos: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  locale: Generated<string>;
  consentAt: string;
  createdAt: string;
  offerLow: number | null;
  offerHigh: number | null;
  offerNote: string | null;
  offerValidUntil: string | null;
  offerSentAt: string | null;
  /** SHA-256 of the offer link's token; the token itself is only in the shopper's mail. */
  offerTokenHash: string | null;
};

/**
 * One shopper, however many leads they send (migration 022). Searched through indexes of migration 049
 * (decision 140): (created_at, id) on both engines, trigram indexes on PostgreSQL, and on SQLite the FTS5
 * table `customer_search` (with `customer_search_keys`), which triggers on this table keep; neither
 * table is read through Kysely's types, only by searchCustomers.
 */
export type CustomerTable = {
  id: string;
  /** Lower-cased. */
  email: string | null;
  /** E.164. */
  phone: string | null;
  firstName: string;
  lastName: string;
  locale: string;
  /** Set when staff merged this record into another: it then only redirects. */
  mergedIntoId: string | null;
  createdAt: string;
  updatedAt: string;
  /** How the record began when no lead made it: "alerts" (migration 045); null for a lead's. */
  source: Generated<string | null>;
};

/** Every lead of every kind, as the inbox lists it (migration 022); keyed by its type and its own row's id. */
export type InboxLeadTable = {
  type: string;
  id: string;
  customerId: string;
  assigneeId: string | null;
  /** The lead's status, kept here only (migration 036: no kind's own table has one; decision 109). */
  status: Generated<LeadStatus>;
  locale: string;
  vehicleId: string | null;
  name: string;
  email: string;
  phone: string;
  createdAt: string;
  /** Its first response (a reply, a call, a status change, a revised sheet, an offer), set once; the only one kept (migration 036). */
  firstResponseAt: string | null;
  /** JSON of the visit that brought the lead (landing page, referrer, utm_*, gclid, fbclid); null when unknown. */
  source: string | null;
  /** When the first response is due, in opening hours from arrival (migration 024); null when none is expected. */
  responseDueAt: Generated<string | null>;
  /** When the five-minute alarm was raised; set once (migration 024). */
  escalatedAt: Generated<string | null>;
  /**
   * Name, e-mail, phone and the phone's digits, folded for search (migration 027,
   * src/shared/leads/lead-search-text.ts); written by insertLead, never by hand.
   */
  searchText: Generated<string>;
};

/** One entry of a customer's timeline. */
export type LeadEventTable = {
  id: string;
  customerId: string;
  leadType: string | null;
  leadId: string | null;
  kind: string;
  /** The staff member who did it; null for the system or the shopper. */
  staffId: string | null;
  /** JSON; never a secret. */
  data: Generated<string>;
  createdAt: string;
};

/** What a follow-up task asks for. */
export type TaskKind = "call" | "text" | "email" | "other";

/** A follow-up on a customer, due at a time, given to one staff member (migration 025). */
export type TaskTable = {
  id: string;
  customerId: string;
  /** The lead it is about, when one: both null for the customer as a whole. */
  leadType: string | null;
  leadId: string | null;
  kind: TaskKind;
  dueAt: string;
  assigneeId: string;
  note: string;
  /** When it was ticked off; null while open. */
  doneAt: string | null;
  /** The staff member who created it. */
  createdBy: string;
  createdAt: string;
  /**
   * The due time whose notice (`task.due` event, push to the assignee) was sent; null before any
   * (migration 046, decision 126). A due time moved since differs from it and is notified again.
   */
  notifiedDueAt: string | null;
};

/** One version of a deal sheet, its numbers frozen when it was sent (migration 020, decision 070). */
export type DealTable = {
  id: string;
  /** SHA-256 of the sheet link's token; the token itself is only in the shopper's mail. */
  tokenHash: string;
  version: number;
  dealGroupId: string;
  replacedById: string | null;
  replacedAt: string | null;
  sentBy: string | null;
  vehicleId: string;
  vehicleYear: number;
  vehicleMake: string;
  vehicleModel: string;
  vehicleTrim: string | null;
  vehicleVin: string;
  vehicleStockNumber: string | null;
  vehicleMileage: number;
  creditBand: "excellent" | "good" | "fair" | "rebuilding";
  termMonths: number;
  aprThousandths: number;
  salesTaxRateMillionths: number;
  priceCents: number;
  docFeeCents: number;
  downPaymentCents: number;
  tradeInValueCents: number;
  tradeInPayoffCents: number;
  taxableAmountCents: number;
  salesTaxCents: number;
  titleFeeCents: number;
  registrationFeeCents: number;
  outTheDoorCents: number;
  amountFinancedCents: number;
  monthlyPaymentCents: number;
  totalOfPaymentsCents: number;
  /** The trade-in's equity beyond the out-the-door price (migration 030). */
  amountDueToYouCents: Generated<number>;
  /** Null on no published rates (then APR, payment and totals are 0 and not shown). */
  finalPaymentCents: number | null;
  financeChargeCents: number | null;
  ratesSource: "owner" | "demo" | null;
  /** JSON of the WarrantyTerms the sheet printed; null: the statute's for its price and mileage. */
  warrantyTerms: string | null;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  locale: Generated<string>;
  consentAt: string;
  validUntil: string;
  createdAt: string;
};

/** An address that asked for alerts (migration 043, decision 115). */
export type AlertSubscriberStatus = "pending" | "confirmed" | "unsubscribed";
export type AlertSubscriberTable = {
  id: string;
  /** Lower-cased; unique. */
  email: string;
  locale: string;
  status: AlertSubscriberStatus;
  /** The customer record made at the first confirmation. */
  customerId: string | null;
  /** SHA-256 of the manage link's token (derived from the id, src/server/secret-link.server.ts). */
  manageTokenHash: string;
  createdAt: string;
  updatedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
  /** When its last alert digest was written (one a dealership day). */
  lastAlertMailAt: string | null;
  /** When its waiting events go out as one digest; null when none wait. */
  digestDueAt: string | null;
};

/** One request to be mailed alerts, and once confirmed the record of consent (migration 043). */
export type AlertConfirmationTable = {
  id: string;
  subscriberId: string;
  /** SHA-256 of the confirmation link's token. */
  tokenHash: string;
  /** ALERT_CONSENT_VERSION of the words the shopper was shown. */
  wordingVersion: string;
  locale: string;
  /** The address the consent covers, as confirmed. */
  email: string;
  requestedAt: string;
  expiresAt: string;
  confirmedAt: string | null;
};

export type AlertItemKind = "vehicle" | "search";
export type AlertItemStatus = "pending" | "active" | "paused";
/** A saved vehicle or search tied to an address (migration 043). */
export type AlertItemTable = {
  id: string;
  subscriberId: string;
  kind: AlertItemKind;
  /** The vehicle's id, or the search's inventory query string. */
  target: string;
  vehicleId: string | null;
  status: AlertItemStatus;
  /** The request that added it (pending until that one is confirmed). */
  confirmationId: string | null;
  /** A vehicle's advertised price when saved, or the lower one last told, in cents. */
  priceBasisCents: number | null;
  /** A vehicle's status as last told: available, pending or sold. */
  lastStatus: string | null;
  /** A search matches vehicles that became public after this (its confirmation). */
  watchFrom: string | null;
  createdAt: string;
  updatedAt: string;
};

export type AlertEventKind = "price-drop" | "pending" | "sold" | "new-match";
/** Something an alert tells, waiting for its digest (migration 043). */
export type AlertEventTable = {
  id: Generated<number>;
  subscriberId: string;
  itemId: string;
  kind: AlertEventKind;
  vehicleId: string;
  /** JSON: a price drop's `{ from, to }`. */
  data: Generated<string>;
  /** Unique: the same change seen twice (two processes, a sweep after a signal) is recorded once. */
  dedupeKey: string;
  createdAt: string;
  handledAt: string | null;
  /** "mailed", or "suppressed" when the address may no longer be mailed. */
  outcome: string | null;
};

/** A vehicle on the site when the matcher last looked (migration 043). */
export type AlertPublicVehicleTable = {
  vehicleId: string;
  publicSince: string;
};

/** A device list (the `saved` cookie's random id) holding a vehicle (migration 045). */
export type VehicleSaveTable = {
  deviceId: string;
  vehicleId: string;
  savedAt: string;
};

/** A page visit from an alert mail's link (migration 045). */
export type AlertVisitTable = {
  id: Generated<number>;
  at: string;
  path: string;
  /** The alert's kind (`utm_campaign`), when given. */
  campaign: string | null;
};
