import type { Locale } from "~/shared/i18n/locales";
import type { LeadSource } from "~/shared/leads/lead-source";
import type { LeadType } from "~/shared/leads/lead-types";
import type { StaffRole } from "~/shared/staff/staff-roles";

/**
 * The made-up people of the demo (docs/decisions/118-a-demo-that-shows-every-screen.md). Staff sign in
 * with these known passwords (README: Demo sign-ins) and enroll an authenticator at their first
 * sign-in, like the demo owner. Shoppers write from example.org (RFC 2606: never delivered) with
 * (413) 555-01xx numbers (NANP's fictitious range), so a real shopper's lead never joins one of them.
 */
export type DemoStaff = {
  email: string;
  name: string;
  role: Exclude<StaffRole, "owner">;
  languages: Locale[];
  password: string;
  hash: string;
};

/**
 * Each `hash` is the password hashed once at production's scrypt cost (as DEMO_OWNER_HASH): a fresh
 * demo would otherwise spend four 128 MiB scrypts at start-up. The passwords pass the policy (a test checks).
 */
export const DEMO_STAFF: readonly DemoStaff[] = [
  {
    email: "dana.reyes@example.com",
    name: "Dana Reyes",
    role: "sales",
    languages: ["en", "es"],
    password: "demo-motors-sales-2026",
    hash: "$scrypt$v=1$ln=17,r=8,p=1$owrzL9Kp9epSZijf8zV2XA$R4M-YGT34GXBqOW2CNmAbkMLzSWY02zaHul_QVWmpdM",
  },
  {
    email: "joao.costa@example.com",
    name: "João Costa",
    role: "sales",
    languages: ["en", "pt"],
    password: "demo-motors-sales2-2026",
    hash: "$scrypt$v=1$ln=17,r=8,p=1$7X56YcG2GoUWzJw4D8DgzA$Wuu-Mym8Td5bjHYx263XnISF4kyz7TE_dq7VGZ_TOZw",
  },
  {
    email: "priya.shah@example.com",
    name: "Priya Shah",
    role: "finance",
    languages: ["en", "es"],
    password: "demo-motors-finance-2026",
    hash: "$scrypt$v=1$ln=17,r=8,p=1$-S0tBc6ROduAVYS8kJIj9Q$975RneRnLgYkoDO8ykTaqEz6CUdRd7mqfPVzh9Hu3Fo",
  },
  {
    email: "mike.obrien@example.com",
    name: "Mike O'Brien",
    role: "service",
    languages: ["en"],
    password: "demo-motors-service-2026",
    hash: "$scrypt$v=1$ln=17,r=8,p=1$5o6NBkjABy1JSbUkz-ViOw$Rm6JadmyUBYnt8324fkrySTDowpDWZ7FPD8Xa_970GA",
  },
];

/** Shoppers by the language they write in. */
export const DEMO_SHOPPERS: Record<Locale, readonly (readonly [string, string])[]> = {
  en: [
    ["Emily", "Carter"],
    ["Michael", "Brooks"],
    ["Sarah", "Mitchell"],
    ["David", "Thompson"],
    ["Jessica", "Nguyen"],
    ["Kevin", "Walsh"],
    ["Laura", "Bennett"],
    ["Ryan", "Sullivan"],
    ["Megan", "Foster"],
    ["Brian", "Kelly"],
    ["Ashley", "Morgan"],
    ["Tyler", "Reed"],
  ],
  es: [
    ["Lucía", "Fernández"],
    ["Carlos", "Ramírez"],
    ["Valentina", "Torres"],
    ["Diego", "Morales"],
    ["Camila", "Herrera"],
    ["Javier", "Castillo"],
    ["Sofía", "Vargas"],
    ["Andrés", "Rojas"],
    ["Isabel", "Ortega"],
    ["Mateo", "Jiménez"],
    ["Gabriela", "Ruiz"],
  ],
  pt: [
    ["João", "Pereira"],
    ["Ana", "Souza"],
    ["Pedro", "Almeida"],
    ["Mariana", "Costa"],
    ["Lucas", "Oliveira"],
    ["Beatriz", "Santos"],
    ["Rafael", "Lima"],
    ["Camila", "Rocha"],
    ["Thiago", "Carvalho"],
    ["Fernanda", "Ribeiro"],
    ["Gustavo", "Martins"],
  ],
};

/** The state a demo lead is left in: waiting (just in), overdue (days old, unanswered), answered, closed. */
export const DEMO_LEAD_STATES = ["waiting", "overdue", "answered", "closed"] as const;
export type DemoLeadState = (typeof DEMO_LEAD_STATES)[number];

/** Where demo leads came from, as the lead-source cookie would have kept it. */
export const DEMO_SOURCES: readonly (LeadSource | null)[] = [
  { referrer: "www.google.com", utmSource: "google", utmMedium: "cpc", utmCampaign: "used-suvs", gclid: "Cj0KCQiA-demo" },
  { referrer: "l.facebook.com", utmSource: "facebook", utmMedium: "social", fbclid: "IwAR-demo" },
  null,
];

/** How many demo leads of each kind: about forty in all. */
export const DEMO_LEAD_COUNTS: Record<LeadType, number> = { message: 12, "trade-in": 8, financing: 6, booking: 7, deal: 7 };

export type DemoLeadPlan = {
  kind: LeadType;
  state: DemoLeadState;
  locale: Locale;
  source: LeadSource | null;
  shopper: number;
  nth: number;
};

/**
 * The demo's leads: every kind in every state and language (state and language both cycle within a
 * kind), the sources in turn, each shopper of a language once before any writes again (a returning
 * customer, whose timeline then holds two leads).
 */
export function demoLeadPlan(): DemoLeadPlan[] {
  const next: Record<Locale, number> = { en: 0, es: 0, pt: 0 };
  const locales: Locale[] = ["en", "es", "pt"];
  const plan: DemoLeadPlan[] = [];
  for (const [kindIndex, [kind, count]] of (Object.entries(DEMO_LEAD_COUNTS) as [LeadType, number][]).entries()) {
    for (let nth = 0; nth < count; nth++) {
      const locale = locales[(nth + kindIndex) % 3]!;
      plan.push({
        kind,
        state: DEMO_LEAD_STATES[nth % DEMO_LEAD_STATES.length]!,
        locale,
        source: DEMO_SOURCES[(plan.length * 2 + kindIndex) % DEMO_SOURCES.length]!,
        shopper: next[locale]++ % DEMO_SHOPPERS[locale].length,
        nth,
      });
    }
  }
  return plan;
}

/** A shopper's e-mail on example.org, without accents ("Lucía Fernández" → lucia.fernandez@example.org). */
export function demoShopperEmail(first: string, last: string): string {
  const ascii = (s: string) =>
    s
      .normalize("NFD")
      .replace(/[^A-Za-z]/g, "")
      .toLowerCase();
  return `${ascii(first)}.${ascii(last)}@example.org`;
}

/** A shopper's phone: (413) 555-01NN, one per shopper (555-0100 to 0199 are reserved for fiction). */
export function demoShopperPhone(locale: Locale, shopper: number): string {
  const n = { en: 0, es: 20, pt: 40 }[locale] + shopper;
  return `(413) 555-01${String(n).padStart(2, "0")}`;
}

/** What shoppers write, in their language. */
export const DEMO_MESSAGES: Record<Locale, readonly string[]> = {
  en: [
    "Hi, is this vehicle still available? I could come by Saturday morning for a test drive.",
    "What is the best out-the-door price you can do? I am pre-approved with my credit union.",
    "Does it have a clean Carfax? Any accidents? I would like to see the service records.",
    "Can I trade in my 2014 Corolla? It has about 120,000 miles and runs fine.",
  ],
  es: [
    "Hola, ¿todavía tienen este vehículo? Me gustaría verlo el sábado por la mañana.",
    "¿Cuál es el mejor precio final? Tengo un pago inicial de 3,000 dólares.",
    "¿Aceptan mi carro como parte de pago? Es un Honda Accord 2013.",
    "¿Ofrecen financiamiento para alguien con poco historial de crédito?",
  ],
  pt: [
    "Olá, o carro ainda está disponível? Posso passar aí no sábado de manhã para um test drive.",
    "Qual é o melhor preço à vista? Também quero saber sobre o financiamento.",
    "Vocês aceitam o meu carro na troca? É um Toyota Corolla 2015.",
    "O carro tem histórico de manutenção? Já teve algum acidente?",
  ],
};

/** Staff replies (English and the shopper's language, as the person who speaks it writes). */
export const DEMO_REPLIES: Record<Locale, { subject: string; text: string }> = {
  en: {
    subject: "Your question about the vehicle",
    text: "Thanks for reaching out! Yes, it is still here. Saturday at 10 works: I will have it pulled up front for you.",
  },
  es: {
    subject: "Su pregunta sobre el vehículo",
    text: "¡Gracias por escribirnos! Sí, todavía lo tenemos. El sábado a las 10 está bien: lo tendremos listo para usted.",
  },
  pt: {
    subject: "Sua pergunta sobre o carro",
    text: "Obrigado pelo contato! Sim, o carro ainda está aqui. Sábado às 10 está ótimo: vamos deixá-lo pronto para você.",
  },
};
