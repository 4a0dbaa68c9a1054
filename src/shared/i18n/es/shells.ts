import type { Messages } from "../en";

/** Page headings in US Spanish (see ../en/shells.ts). */
export const shells: Messages["shells"] = {
  home: {
    heroTitle: "Vehículos usados de calidad en Fitchburg",
    heroSubtitle: "Precios honestos, vehículos inspeccionados y financiamiento para todo tipo de crédito.",
    browseInventory: "Ver inventario",
    getFinancing: "Solicitar financiamiento",
  },
  inventory: { title: "Nuestro inventario", subtitle: "Vea nuestra selección de vehículos usados de calidad" },
  financing: { title: "Obtenga su preaprobación" },
  about: { title: "Quiénes somos" },
  contact: { title: "Contáctenos" },
  booking: { title: "Haga una cita de servicio" },
  podium: { title: "Panel de administración" },
};
