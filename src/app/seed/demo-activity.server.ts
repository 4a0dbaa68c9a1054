import sharp from "sharp";
import { hashPassword, SCRYPT_PARAMS } from "~/server/auth/password-hash.server";
import { serverNow } from "~/server/clock.server";
import type { AppContext } from "~/server/context.server";
import { hasCustomers } from "~/server/data/customers.server";
import { inTransaction } from "~/server/db/transaction.server";
import { readDealSettings } from "~/server/data/deal-settings.server";
import { findLead, latestLeadIdFrom } from "~/server/data/leads.server";
import { cancelQueuedMailsAfter, lastOutboxId } from "~/server/data/outbox.server";
import { listServices } from "~/server/data/services.server";
import { findStaffAccountByEmail, insertStaffAccount, listStaffAccounts, type StaffAccountRow } from "~/server/data/staff-accounts.server";
import { listListedVehicles } from "~/server/data/vehicles.server";
import type { Staff } from "~/server/http/staff-request.server";
import { shotsFor, vehicleSvg } from "~/server/seed/vehicle-art.server";
import { isDateBookable } from "~/features/booking/available-slots";
import { bookingSchema } from "~/features/booking/booking-schema";
import { createBooking } from "~/features/booking/booking.server";
import { contactSchema } from "~/features/contact/contact-schema";
import { sendContactMessage } from "~/features/contact/send-contact-message.server";
import { dealRevisionSchema } from "~/features/deal/deal-schema";
import { reviseDeal, submitDeal } from "~/features/deal/deal-sheet.server";
import { financingApplicationSchema } from "~/features/financing/financing-schema";
import { submitFinancingApplication } from "~/features/financing/financing.server";
import { addNote, logCall, replyToCustomer } from "~/features/leads/customer-record.server";
import { changeLead } from "~/features/leads/leads-inbox.server";
import { addTask } from "~/features/leads/tasks.server";
import { changeStaff } from "~/features/staff/staff-management.server";
import { trackVisitor } from "~/features/tracking/track-visitor.server";
import { tradeInOfferSchema, tradeInSchema } from "~/features/trade-in/trade-in-schema";
import { sendTradeInOffer, submitTradeIn } from "~/features/trade-in/trade-in.server";
import { messagesFor } from "~/shared/i18n/catalogues";
import { tradeInMessagesFor } from "~/shared/i18n/trade-in-messages";
import { addDays, dealerToday, endOfDealerDay } from "~/shared/lib/dealer-clock";
import type { LeadType } from "~/shared/leads/lead-types";
import type { Vehicle } from "~/shared/types/vehicle";
import { canUseArea, mayHoldLead } from "~/shared/staff/staff-roles";
import {
  DEMO_MESSAGES,
  DEMO_REPLIES,
  DEMO_SHOPPERS,
  DEMO_STAFF,
  demoLeadPlan,
  demoShopperEmail,
  demoShopperPhone,
  type DemoLeadPlan,
} from "./demo-people.server";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Who did it, for the audit log, when the seed itself acts (not a signed-in person). */
const SEED_ACTOR = { id: null, email: "demo data" } as const;

export type DemoActivity = { staff: number; leads: number; visits: number; cancelledMails: number; ms: number };

/**
 * The demo's people and their work (docs/decisions/118-a-demo-that-shows-every-screen.md), relative to
 * `now`: staff of every role, about forty leads of every kind, state, language and source, their
 * customers' timelines, tasks, an offer, a revised deal, bookings this week and 30 days of visits.
 * Everything goes through the service functions the routes call, each given the moment it happened;
 * only two steps are the seed's own: the staff accounts get their known passwords (as the demo owner),
 * and the mails those services queued are cancelled (made-up people; LEADS_TO may be a real inbox).
 * Only into a database without customers, after the demo inventory (its deals and leads name vehicles).
 */
export async function seedDemoActivity(ctx: AppContext, now = serverNow(ctx)): Promise<DemoActivity | null> {
  if (await hasCustomers(ctx.db)) return null;
  const started = performance.now();
  const mailWatermark = await lastOutboxId(ctx.db);
  const staff = await ensureDemoStaff(ctx);
  const vehicles = await listListedVehicles(ctx.db, now);
  const leads = await seedDemoLeads(ctx, staff, vehicles, now);
  const visits = await seedDemoVisits(ctx, vehicles, now);
  const cancelledMails = await cancelQueuedMailsAfter(ctx.db, mailWatermark);
  return { staff: staff.all.length, leads, visits, cancelledMails, ms: Math.round(performance.now() - started) };
}

type DemoTeam = { all: Staff[]; owner: Staff; byId: Map<string, Staff> };

const asStaff = (row: StaffAccountRow): Staff => ({ id: row.id, email: row.email, name: row.name, role: row.role, actor: row.email });

/** The demo staff (each once, by e-mail) with the languages they speak, and the owner the database already has. */
async function ensureDemoStaff(ctx: AppContext): Promise<DemoTeam> {
  const productionCost = ctx.env.passwordHashParams.logN === SCRYPT_PARAMS.logN;
  for (const person of DEMO_STAFF) {
    if (await findStaffAccountByEmail(ctx.db, person.email)) continue;
    // As the demo owner (src/features/staff/first-owner.server.ts): a known password, a second factor at first sign-in.
    const passwordHash = productionCost ? person.hash : await hashPassword(person.password, ctx.env.passwordHashParams);
    const account = await insertStaffAccount(ctx.db, { email: person.email, name: person.name, role: person.role, passwordHash });
    await changeStaff(ctx, SEED_ACTOR, account.id, { languages: person.languages });
  }
  const rows = (await listStaffAccounts(ctx.db)).filter((row) => row.disabled === 0);
  const all = rows.map(asStaff);
  const owner = all.find((s) => s.role === "owner");
  if (!owner) throw new Error("The demo activity needs an owner account");
  return { all, owner, byId: new Map(all.map((s) => [s.id, s])) };
}

/** Rendering is the slow part of the seed: each photo and document image is drawn once. */
const rendered = new Map<string, Promise<string>>();
const renderOnce = (key: string, render: () => Promise<string>) => {
  let image = rendered.get(key);
  if (!image) rendered.set(key, (image = render()));
  return image;
};

/** A made-up photo as a data URL, as a shopper's phone would send it (a JPEG, 800 px wide). */
function photoDataUrl(bodyStyle: string, color: string, shot: number): Promise<string> {
  return renderOnce(`${bodyStyle}|${color}|${shot}`, async () => {
    const svg = vehicleSvg(bodyStyle, color, shotsFor(3, shot)[shot % 3]!);
    const jpeg = await sharp(Buffer.from(svg)).resize(800).jpeg({ quality: 70 }).toBuffer();
    return `data:image/jpeg;base64,${jpeg.toString("base64")}`;
  });
}

const pngDataUrl = async (svg: string) => `data:image/png;base64,${(await sharp(Buffer.from(svg)).png().toBuffer()).toString("base64")}`;

/** A scribbled signature and a sample licence card marked as no real document (the financing form's two images). */
async function financingImages(): Promise<{ signature: string; license: string }> {
  const signature = renderOnce("signature", () =>
    pngDataUrl(
      `<svg xmlns="http://www.w3.org/2000/svg" width="480" height="140"><rect width="480" height="140" fill="#fff"/>` +
        `<path d="M20 100 C60 20 90 130 130 70 S200 40 230 95 S300 30 340 80 S420 60 460 70" fill="none" stroke="#1e3a8a" stroke-width="4"/></svg>`,
    ),
  );
  const license = renderOnce("license", () =>
    pngDataUrl(
      `<svg xmlns="http://www.w3.org/2000/svg" width="640" height="400"><rect width="640" height="400" rx="24" fill="#dbeafe"/>` +
        `<rect x="32" y="110" width="170" height="220" fill="#94a3b8"/>` +
        `<text x="230" y="80" font-size="34" font-family="sans-serif" fill="#1e3a8a">SAMPLE LICENSE</text>` +
        `<text x="230" y="160" font-size="22" font-family="sans-serif">NOT A REAL DOCUMENT</text></svg>`,
    ),
  );
  return { signature: await signature, license: await license };
}

/** When a lead of this state arrived: minutes ago, days ago (unanswered past its response time), or weeks ago. */
function arrivedAt(plan: DemoLeadPlan, i: number, now: Date): Date {
  switch (plan.state) {
    case "waiting":
      return new Date(now.getTime() - (1 + (i % 3)) * MINUTE);
    case "overdue":
      // 26 hours to 5 days: whatever the day and hour, some opening hours have passed since.
      return new Date(now.getTime() - (26 + ((i * 17) % 94)) * HOUR);
    case "answered":
      return new Date(now.getTime() - (3 + (i % 24)) * DAY - (i % 7) * HOUR);
    case "closed":
      return new Date(now.getTime() - (6 + (i % 23)) * DAY - (i % 5) * HOUR);
  }
}

/** Everything a lead kind's service needs to store one lead, then the lead's id (or null when refused). */
async function submitDemoLead(
  ctx: AppContext,
  plan: DemoLeadPlan,
  at: Date,
  vehicles: readonly Vehicle[],
  bookingDates: BookingDates,
  i: number,
  now: Date,
): Promise<string | null> {
  const [firstName, lastName] = DEMO_SHOPPERS[plan.locale][plan.shopper]!;
  const person = { firstName, lastName, email: demoShopperEmail(firstName, lastName), phone: demoShopperPhone(plan.locale, plan.shopper) };
  const vehicle = vehicles.length ? vehicles[(i * 5 + 1) % vehicles.length]! : null;
  const messages = messagesFor(plan.locale);
  switch (plan.kind) {
    case "message": {
      const values = contactSchema(messages).parse({
        ...person,
        message: DEMO_MESSAGES[plan.locale][plan.nth % DEMO_MESSAGES[plan.locale].length],
        vehicleId: plan.nth % 3 === 2 || !vehicle ? "" : vehicle.id,
        hasTradeIn: plan.nth % 4 === 3,
      });
      await sendContactMessage(ctx, values, plan.locale, at, plan.source);
      return latestLeadIdFrom(ctx.db, "message", person.email);
    }
    case "trade-in": {
      const cars = [
        { year: 2014, make: "Toyota", model: "Corolla", bodyStyle: "Sedan", color: "Silver" },
        { year: 2012, make: "Honda", model: "Accord", bodyStyle: "Sedan", color: "Black" },
        { year: 2016, make: "Ford", model: "Escape", bodyStyle: "SUV", color: "Blue" },
        { year: 2011, make: "Chevrolet", model: "Silverado 1500", bodyStyle: "Truck", color: "White" },
      ] as const;
      const car = cars[plan.nth % cars.length]!;
      const photos = await Promise.all(Array.from({ length: plan.nth < 4 ? 2 : 1 }, (_, k) => photoDataUrl(car.bodyStyle, car.color, k)));
      const values = tradeInSchema(tradeInMessagesFor(plan.locale), at).parse({
        year: car.year,
        make: car.make,
        model: car.model,
        mileage: 96_000 + plan.nth * 7_300,
        zip: "01420",
        condition: { accidents: plan.nth % 3 === 1 ? 1 : 0, tires: "good", keys: 2, titleStatus: "clean" },
        payoff: plan.nth % 2 ? 4_200 : undefined,
        lender: plan.nth % 2 ? "Workers Credit Union" : undefined,
        photos,
        ...person,
        textConsent: plan.nth % 2 === 0,
      });
      const result = await submitTradeIn(ctx, values, plan.locale, undefined, at, plan.source);
      return result.kind === "stored" ? result.id : null;
    }
    case "financing": {
      const images = await financingImages();
      const input = financingApplicationSchema(messages).parse({
        ...person,
        address: `${12 + plan.nth * 7} Main Street`,
        city: "Fitchburg",
        state: "MA",
        zipCode: "01420",
        // Fictitious: the 9xx area numbers are never issued as Social Security numbers.
        ssn: `9${String(10 + plan.nth * 7).padStart(2, "0")}-${String(20 + plan.nth).padStart(2, "0")}-${String(4321 + plan.nth * 111).padStart(4, "0")}`,
        dateOfBirth: `${1975 + plan.nth * 3}-0${1 + (plan.nth % 9)}-1${plan.nth % 9}`,
        employmentStatus: plan.nth % 3 === 2 ? "self-employed" : "employed",
        employer: plan.nth % 3 === 2 ? "" : "Fitchburg State University",
        monthlyIncome: 3_800 + plan.nth * 450,
        vehicleId: vehicle?.id ?? "",
        signature: images.signature,
        driverLicense: images.license,
        creditConsent: true,
      });
      return (await submitFinancingApplication(ctx, input, at, plan.locale, plan.source)).id;
    }
    case "booking": {
      for (const slot of bookingDates.slotsFor(plan.nth, now)) {
        const input = bookingSchema(messages).parse({
          serviceId: slot.serviceId,
          bookingDate: slot.date,
          bookingTime: slot.time,
          customerFirstName: firstName,
          customerLastName: lastName,
          customerEmail: person.email,
          customerPhone: person.phone,
          notes: plan.nth % 2 ? "" : "Please check the brakes too.",
          vehicleYear: 2015 + (plan.nth % 6),
          vehicleMake: "Honda",
          vehicleModel: "CR-V",
          vehicleMileage: 64_000 + plan.nth * 3_100,
        });
        // Booked when the shopper wrote, unless that was before this week's dates could be booked.
        const result = await createBooking(ctx, input, at, plan.locale, undefined, plan.source);
        if (result.kind === "booked") return result.booking.id;
      }
      return null;
    }
    case "deal": {
      if (!vehicle) return null;
      const result = await submitDeal(
        ctx,
        {
          vehicleId: vehicle.id,
          ...person,
          downPayment: String(1_000 + plan.nth * 500),
          tradeInValue: plan.nth % 2 ? "3500" : "",
          creditBand: (["excellent", "good", "fair", "rebuilding"] as const)[plan.nth % 4],
          termMonths: "60",
          textConsent: plan.nth % 2 === 0,
        },
        plan.locale,
        at,
        plan.source,
      );
      return result.kind === "stored" ? result.id : null;
    }
  }
}

type BookingDates = { slotsFor: (nth: number, now: Date) => { serviceId: string; date: string; time: string }[] };

/** Slots this week (today and the six days after), a different service and hour for each booking. */
async function bookingDates(ctx: AppContext): Promise<BookingDates> {
  const services = (await listServices(ctx.db)).filter((s) => s.availableTimes.length > 0);
  return {
    slotsFor(nth, now) {
      const today = dealerToday(now);
      const slots: { serviceId: string; date: string; time: string }[] = [];
      for (let d = 0; d < 7; d++) {
        const date = addDays(today, (nth + d) % 7);
        for (let k = 0; k < services.length; k++) {
          const service = services[(nth + k) % services.length]!;
          if (!isDateBookable(service, date, now)) continue;
          const times = service.availableTimes;
          // Past the middle of the day's times: the morning's first slots stay free for the shoppers trying the demo.
          slots.push({ serviceId: service.id, date, time: times[Math.min(times.length - 1, Math.floor(times.length / 2) + (nth % 3))]! });
        }
      }
      return slots;
    },
  };
}

/** The staff member who works a lead: its assignee, else the owner (who may hold every kind). */
function workerOf(team: DemoTeam, type: LeadType, assigneeId: string | null): Staff {
  const assignee = assigneeId ? team.byId.get(assigneeId) : undefined;
  return assignee && mayHoldLead(assignee.role, type) ? assignee : team.owner;
}

/** Someone with a Today view to give a task to: the worker when they have one, else the owner. */
const taskHolder = (team: DemoTeam, worker: Staff): Staff => (canUseArea(worker.role, "today") ? worker : team.owner);

/** Submits every planned lead, then gives each its history: replies, calls, notes, tasks, an offer, a revision, a close. */
async function seedDemoLeads(ctx: AppContext, team: DemoTeam, vehicles: readonly Vehicle[], now: Date): Promise<number> {
  const plan = demoLeadPlan();
  const dates = await bookingDates(ctx);
  const { settings } = await readDealSettings(ctx.db);
  // Oldest first, as they arrived, so the turn-by-turn assignment hands them out as it would have.
  const timed = plan.map((p, i) => ({ plan: p, i, at: arrivedAt(p, i, now) })).sort((a, b) => a.at.getTime() - b.at.getTime());
  let stored = 0;
  let offered = false;
  let revised = false;
  let reassigned = false;
  const endOfToday = endOfDealerDay(now).getTime();
  for (const { plan: p, i, at } of timed) {
    const id = await submitDemoLead(ctx, p, at, vehicles, dates, i, now);
    if (!id) continue;
    stored++;
    const lead = await findLead(ctx.db, p.kind, id);
    if (!lead) continue;
    const worker = workerOf(team, p.kind, lead.assigneeId);
    const ref = { leadType: p.kind, leadId: id };
    const customerId = lead.customerId;
    if (p.state === "overdue") {
      // Promised and not yet done: a call that was due yesterday.
      if (p.nth % 2 === 1) {
        const holder = taskHolder(team, worker);
        await addTask(
          ctx,
          worker,
          customerId,
          {
            kind: "call",
            dueAt: new Date(at.getTime() + 2 * HOUR).toISOString(),
            assigneeId: holder.id,
            note: "Call back about the price.",
            ...ref,
          },
          at,
        );
      }
      continue;
    }
    if (p.state === "waiting") continue;
    const answeredAt = new Date(at.getTime() + (20 + (i % 4) * 10) * MINUTE);
    const reply = DEMO_REPLIES[p.locale];
    if (p.nth % 2 === 0) await replyToCustomer(ctx, worker, customerId, { ...reply, ...ref }, answeredAt);
    else
      await logCall(
        ctx,
        worker,
        customerId,
        { outcome: "reached", note: "Talked through the numbers; they will come in this week.", ...ref },
        answeredAt,
      );
    await addNote(
      ctx,
      worker,
      customerId,
      { text: "Prefers texts after 5 pm. Has a dog: ask about the cargo area.", ...ref },
      new Date(answeredAt.getTime() + 5 * MINUTE),
    );
    if (p.kind === "trade-in" && !offered) {
      offered = true;
      const offer = tradeInOfferSchema.parse({ low: 6_500, high: 7_500, validDays: 7, note: "Subject to an in-person look at the tires." });
      await sendTradeInOffer(ctx, worker, id, offer, new Date(answeredAt.getTime() + HOUR));
    }
    if (p.kind === "deal" && !revised) {
      revised = true;
      const revision = dealRevisionSchema(settings.termsMonths).parse({
        downPayment: 3_000,
        tradeInValue: 0,
        tradeInPayoff: 0,
        creditBand: "good",
        termMonths: settings.termsMonths.at(-1),
      });
      await reviseDeal(ctx, worker, id, revision, new Date(answeredAt.getTime() + HOUR));
    }
    if (p.state === "answered") {
      // The follow-up: due later today (before the dealership's midnight), a task for the Today screen.
      const holder = taskHolder(team, worker);
      const dueAt = new Date(Math.min(endOfToday - MINUTE, now.getTime() + Math.max(MINUTE, (endOfToday - now.getTime()) / 2)));
      await addTask(
        ctx,
        worker,
        customerId,
        {
          kind: p.nth % 3 === 0 ? "email" : "call",
          dueAt: dueAt.toISOString(),
          assigneeId: holder.id,
          note: "Follow up on the test drive.",
          ...ref,
        },
        answeredAt,
      );
      if (!reassigned && p.kind !== "financing") {
        // One lead handed to the other salesperson, as a manager does on a busy day.
        const other = team.all.find((s) => s.role === "sales" && s.id !== lead.assigneeId);
        if (other) {
          reassigned = true;
          await changeLead(ctx, p.kind, id, { assigneeId: other.id }, team.owner, new Date(answeredAt.getTime() + 2 * HOUR));
        }
      }
    }
    if (p.state === "closed") {
      await changeLead(ctx, p.kind, id, { status: "closed" }, worker, new Date(at.getTime() + 2 * DAY));
    }
  }
  return stored;
}

const USER_AGENTS = [
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 15; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_6) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Safari/605.1.15",
];
const REFERRERS = ["https://www.google.com/", "https://l.facebook.com/", "", "", "https://www.bing.com/"];

/**
 * Thirty days of visits (the Visitors screen): fewer midweek, more at the weekend, each visitor
 * looking at a few pages, recorded by the tracking service with the moment it happened.
 */
async function seedDemoVisits(ctx: AppContext, vehicles: readonly Vehicle[], now: Date): Promise<number> {
  const pages = [
    "/",
    "/inventory",
    "/financing",
    "/es/",
    "/pt/inventario",
    "/contact",
    "/trade-in",
    "/services",
    ...vehicles.slice(0, 12).map((v) => `/vehicles/${v.id}`),
  ];
  let count = 0;
  // One transaction: hundreds of single-row commits would each wait for the disk.
  await inTransaction(ctx.db, async (trx) => {
    const inOneTransaction = { ...ctx, db: trx };
    for (let day = 0; day < 30; day++) {
      const weekday = new Date(now.getTime() - day * DAY).getUTCDay();
      const visitors = 6 + ((day * 7) % 5) + (weekday === 0 || weekday === 6 ? 5 : 0);
      for (let v = 0; v < visitors; v++) {
        const userAgent = USER_AGENTS[(day + v) % USER_AGENTS.length]!;
        const ip = `198.51.100.${(day * 13 + v * 7) % 254}`;
        const referrer = REFERRERS[(day + v * 3) % REFERRERS.length]!;
        // Between 8 AM and 10 PM of that day; today's visits all before now.
        const start = now.getTime() - day * DAY - ((v * 53) % (day === 0 ? 240 : 840)) * MINUTE - MINUTE;
        for (let p = 0; p < 1 + ((v + day) % 4); p++) {
          const page = pages[(v * 5 + p * 3 + day) % pages.length]!;
          const result = await trackVisitor(
            inOneTransaction,
            { page, userAgent, ...(p === 0 && referrer ? { referrer } : {}) },
            { ip, userAgentHeader: userAgent },
            new Date(start + p * 2 * MINUTE),
          );
          if (result === "recorded") count++;
        }
      }
    }
  });
  return count;
}
