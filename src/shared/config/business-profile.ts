/**
 * The dealership's business profile: the one place every page, e-mail, PDF and
 * structured-data block reads the name, contact details, hours and brand from.
 * The default is an obviously fictional demo dealership (555-01xx phone, example.com).
 */
export type Weekday = "sunday" | "monday" | "tuesday" | "wednesday" | "thursday" | "friday" | "saturday";

/** Opening interval in minutes after midnight, local dealership time; `close` is exclusive. */
export type OpeningInterval = { open: number; close: number };

export type BusinessProfile = {
  name: string;
  legalName: string;
  phone: string;
  phoneE164: string;
  email: string;
  address: { street: string; city: string; region: string; postalCode: string; country: string };
  timeZone: string;
  hours: Record<Weekday, OpeningInterval | null>;
  coordinates: { latitude: number; longitude: number };
  links: {
    mapsListing: string;
    directions: string;
    mapEmbed: string;
    facebook: string;
    instagram: string;
    whatsapp: string;
    financingPartner: string;
  };
  domain: string;
  brand: {
    colors: { background: string; primary: string; text: string };
    fonts: { heading: string; body: string };
  };
  foundedYear: number;
};

const street = "100 Demo Street";
const city = "Fitchburg";
const region = "MA";
const postalCode = "01430";
const query = encodeURIComponent(`${street}, ${city}, ${region} ${postalCode}`);

export const businessProfile: BusinessProfile = {
  name: "Demo Motors of Fitchburg",
  legalName: "Demo Motors of Fitchburg (demo)",
  phone: "(978) 555-0142",
  phoneE164: "+19785550142",
  email: "sales@example.com",
  address: { street, city, region, postalCode, country: "US" },
  timeZone: "America/New_York",
  hours: {
    sunday: null,
    monday: { open: 8 * 60 + 30, close: 18 * 60 },
    tuesday: { open: 8 * 60 + 30, close: 18 * 60 },
    wednesday: { open: 8 * 60 + 30, close: 18 * 60 },
    thursday: { open: 8 * 60 + 30, close: 18 * 60 },
    friday: { open: 8 * 60 + 30, close: 18 * 60 },
    saturday: { open: 9 * 60, close: 16 * 60 },
  },
  coordinates: { latitude: 42.5834, longitude: -71.8023 },
  links: {
    mapsListing: `https://www.google.com/maps/search/?api=1&query=${query}`,
    directions: `https://www.google.com/maps/dir/?api=1&destination=${query}`,
    mapEmbed: `https://www.google.com/maps?q=${query}&output=embed`,
    facebook: "https://www.facebook.com/",
    instagram: "https://www.instagram.com/",
    whatsapp: "https://wa.me/19785550142",
    financingPartner: "https://www.example.com/financing-partner",
  },
  domain: "demo-motors.example.com",
  brand: {
    colors: { background: "#ffffff", primary: "#b91c1c", text: "#111827" },
    // The platform's own UI font: no download, no layout shift (docs/decisions/005-ui-kit.md).
    fonts: { heading: "System UI (bold)", body: "System UI" },
  },
  foundedYear: 2010,
};

export const weekdays: readonly Weekday[] = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];
