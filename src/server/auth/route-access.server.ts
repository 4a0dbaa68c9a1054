import { STAFF_AREAS, type StaffRole } from "~/shared/staff/staff-roles";

/**
 * Who may call each /api/admin route: the ONE table the staff guard consults for every
 * request. "public" needs no session, "any-staff" any signed-in account,
 * otherwise the listed roles. A route missing from the table is owner-only (deny by default),
 * and tests/api/staff-roles.test.ts fails until a new route is listed here.
 */
export type RouteAccess = "public" | "any-staff" | readonly StaffRole[];

const area = (name: keyof typeof STAFF_AREAS): readonly StaffRole[] => STAFF_AREAS[name];
const OWNER: readonly StaffRole[] = ["owner"];

export const ADMIN_ROUTE_ACCESS: Readonly<Record<string, RouteAccess>> = {
  // Sign-in (staff feature)
  "POST /admin/login": "public",
  "POST /admin/mfa": "public",
  "GET /admin/session": "public",
  "POST /admin/setup": "public",
  "POST /admin/logout": "public",
  "POST /admin/logout-everywhere": "any-staff",
  "POST /admin/password": "any-staff",
  // Staff management and the audit trail
  "GET /admin/staff": OWNER,
  "POST /admin/staff": OWNER,
  "PATCH /admin/staff/:id": OWNER,
  // Everyone's own account: their away switch (docs/behaviour.md §17)
  "GET /admin/staff/me": "any-staff",
  "PATCH /admin/staff/me": "any-staff",
  "POST /admin/staff/:id/reset-mfa": OWNER,
  "GET /admin/audit": OWNER,
  // The lead inbox (docs/behaviour.md §17): every lead's type, contact, status and assignee
  "GET /admin/leads": area("leads"),
  "GET /admin/leads/assignees": area("leads"),
  "PATCH /admin/leads/:type/:id": area("leads"),
  // Vehicles: finance reads the stock, owner and sales edit it
  "GET /admin/vehicles": area("vehicles"),
  "POST /admin/vehicles": ["owner", "sales"],
  "PATCH /admin/vehicles/:id": ["owner", "sales"],
  "DELETE /admin/vehicles/:id": ["owner", "sales"],
  "POST /admin/photos": ["owner", "sales"],
  "GET /admin/vin/:vin": ["owner", "sales"],
  // The lot: status, price history, the Buyers Guide, CSV import and export
  "PATCH /admin/vehicles/:id/status": ["owner", "sales"],
  "GET /admin/vehicles/:id/price-history": area("vehicles"),
  "GET /admin/vehicles/:id/buyers-guide.pdf": area("vehicles"),
  // The Massachusetts warranty and the archive of every guide and warranty printed (decision 060)
  "GET /admin/vehicles/:id/ma-warranty.pdf": area("vehicles"),
  "GET /admin/vehicles/:id/rights-notice.pdf": area("vehicles"),
  "GET /admin/vehicles/:id/documents": area("vehicles"),
  // How many shoppers saved each vehicle (devices and alert addresses; decision 115): a pricing signal
  "GET /admin/vehicles/saves": area("vehicles"),
  "GET /admin/vehicles/export.csv": ["owner", "sales"],
  "POST /admin/vehicles/import": ["owner", "sales"],
  // Financing applications: never sales or service
  "GET /admin/financing": area("financing"),
  "GET /admin/financing/:id": area("financing"),
  "GET /admin/financing/:id/ssn/:who": area("financing"),
  "GET /admin/financing/:id/documents/:kind": area("financing"),
  "GET /admin/financing/:id/pdf": area("financing"),
  "DELETE /admin/financing/:id": area("financing"),
  "PATCH /admin/financing/:id/status": area("financing"),
  "PATCH /admin/financing/:id/decision": area("financing"),
  // Messages
  "GET /admin/contact-submissions": area("messages"),
  "DELETE /admin/contact-submissions/:id": area("messages"),
  "PATCH /admin/contact-submissions/:id/status": area("messages"),
  // Bookings
  "GET /admin/bookings": area("bookings"),
  "PATCH /admin/bookings/:id": area("bookings"),
  // Trade-in appraisals (decision 067): the salespeople who appraise and make the offer
  "GET /admin/trade-ins": area("tradeIns"),
  "GET /admin/trade-ins/:id/photos/:file": area("tradeIns"),
  "POST /admin/trade-ins/:id/offer": area("tradeIns"),
  "PATCH /admin/trade-ins/:id/status": area("tradeIns"),
  // Deleting one (its photos too) is the owner's: it removes a lead and its history
  "DELETE /admin/trade-ins/:id": OWNER,
  // The customer record: timeline, replies, calls, notes, tasks, merges; my tasks for today (decision 077)
  "GET /admin/customers": area("customers"),
  "GET /admin/customers/:id": area("customers"),
  "POST /admin/customers/:id/merge": area("customers"),
  "POST /admin/customers/:id/reply": area("customers"),
  "PUT /admin/customers/:id/contact-preferences": area("customers"),
  "POST /admin/customers/:id/calls": area("customers"),
  "POST /admin/customers/:id/notes": area("customers"),
  "POST /admin/customers/:id/tasks": area("customers"),
  "GET /admin/tasks": area("today"),
  "PATCH /admin/tasks/:id": area("today"),
  // Deal sheets (decision 070): the salespeople who follow the lead revise and resend the numbers
  "GET /admin/deals": area("deals"),
  "POST /admin/deals/:id/revisions": area("deals"),
  "PATCH /admin/deals/:id/status": area("deals"),
  // The service menu's names and descriptions in each language (decision 068)
  "GET /admin/services": area("services"),
  "PUT /admin/services/:id": area("services"),
  // Lead mail: every role handles leads, so every role sees whether mail works;
  // the outbox itself (recipients, subjects, errors, retry) is the owner's.
  "GET /admin/mail-status": "any-staff",
  // Web Push (decision 111): everyone turns pushes on and off for their own devices.
  "GET /admin/push-public-key": "any-staff",
  "GET /admin/push-subscriptions": "any-staff",
  "POST /admin/push-subscriptions": "any-staff",
  "DELETE /admin/push-subscriptions": "any-staff",
  "PUT /admin/push-quiet-hours": "any-staff",
  "GET /admin/outbox": area("outbox"),
  "POST /admin/outbox/:id/retry": area("outbox"),
  // The owner's deal settings: documentation fee, taxes, RMV fees, APR by credit band (decision 066)
  "GET /admin/deal-settings": area("settings"),
  "PUT /admin/deal-settings": area("settings"),
  // The owner's lead settings: the minutes a new lead may wait for its first response (decision 076)
  "GET /admin/lead-settings": area("settings"),
  "PUT /admin/lead-settings": area("settings"),
  // Visitor reports
  "GET /admin/visitor-stats": area("visitors"),
  "GET /admin/active-visitors": area("visitors"),
  "GET /admin/visitor-daily": area("visitors"),
  "GET /admin/web-vitals": area("visitors"),
  // The lead report and its CSV (decision 078)
  "GET /admin/reports/leads": area("reports"),
  "GET /admin/reports/leads.csv": area("reports"),
  // The alerts report: subscribers, mails sent, visits and leads from alert links (decision 115)
  "GET /admin/reports/alerts": area("reports"),
};

type CompiledRoute = { method: string; segments: string[]; access: RouteAccess; key: string };

const compiled: CompiledRoute[] = Object.entries(ADMIN_ROUTE_ACCESS).map(([key, access]) => {
  const [method, path] = key.split(" ") as [string, string];
  return { method, segments: path.split("/").filter(Boolean), access, key };
});

/** The table entry for a request ("GET", "/admin/vehicles/abc"); HEAD counts as GET. Literal segments beat parameters. */
export function routeAccessEntry(method: string, path: string): CompiledRoute | null {
  const m = method === "HEAD" ? "GET" : method;
  const parts = path.split("/").filter(Boolean);
  let best: CompiledRoute | null = null;
  let bestLiterals = -1;
  for (const route of compiled) {
    if (route.method !== m || route.segments.length !== parts.length) continue;
    let literals = 0;
    const matches = route.segments.every((s, i) => {
      if (s.startsWith(":")) return parts[i]!.length > 0;
      literals += 1;
      return s === parts[i];
    });
    if (matches && literals > bestLiterals) {
      best = route;
      bestLiterals = literals;
    }
  }
  return best;
}

/** Access for a request; owner-only when the route is not in the table. */
export function routeAccess(method: string, path: string): RouteAccess {
  return routeAccessEntry(method, path)?.access ?? OWNER;
}

export function roleMayCall(role: StaffRole, access: RouteAccess): boolean {
  if (access === "public" || access === "any-staff") return true;
  return access.includes(role);
}
