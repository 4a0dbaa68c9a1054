import type { Messages } from "../en";

/** Header, footer, splash, badge, toasts and error pages in US Spanish (see ../en/layout.ts). */
export const layout: Messages["layout"] = {
  skipToContent: "Ir al contenido principal",
  nav: { home: "Inicio", inventory: "Inventario", financing: "Financiamiento", about: "Nosotros", contact: "Contacto", label: "Principal" },
  openMenu: "Abrir menú",
  closeMenu: "Cerrar menú",
  open: "Abierto",
  closed: "Cerrado",
  openStatusLabel: (status: string) => `${status} en este momento`,
  callUs: (phone: string) => `Llámenos al ${phone}`,
  social: { facebook: "Facebook", instagram: "Instagram", whatsapp: "Escríbanos por WhatsApp", label: "Redes sociales y contacto" },
  footer: {
    contactHeading: "Contáctenos",
    hoursHeading: "Horario de atención",
    quickLinks: "Enlaces rápidos",
    tagline: "Vehículos usados de calidad, precios honestos y financiamiento flexible en Fitchburg, Massachusetts.",
    rights: (year: number, name: string) => `© ${year} ${name}. Todos los derechos reservados.`,
  },
  days: {
    sunday: "Domingo",
    monday: "Lunes",
    tuesday: "Martes",
    wednesday: "Miércoles",
    thursday: "Jueves",
    friday: "Viernes",
    saturday: "Sábado",
  },
  dayRange: (first: string, last: string) => `${first} a ${last}`,
  closedAllDay: "Cerrado",
  splash: { skip: "Omitir", welcome: "Bienvenido a" },
  toast: { close: "Cerrar notificación", region: "Notificaciones (F8)" },
  notFound: {
    title: "404: página no encontrada",
    heading: "404",
    subheading: "Página no encontrada",
    text: "La página que busca no existe o se cambió de lugar.",
    home: "Ir al inicio",
    inventory: "Ver inventario",
  },
  error: {
    title: "Algo salió mal",
    text: "Ocurrió un error inesperado. Inténtelo de nuevo.",
    home: "Ir al inicio",
  },
  back: "Volver",
  backToHome: "Volver al inicio",
};
