import type { Messages } from "../en";

/** Page titles and descriptions in US Spanish (see ../en/pages.ts). */
export const pages: Messages["pages"] = {
  home: {
    title: (name: string) => `${name} | Carros usados en Fitchburg, MA`,
    description: (name: string) =>
      `${name} vende carros, camionetas y SUV usados de calidad en Fitchburg, MA, con financiamiento flexible y citas de servicio.`,
  },
  inventory: {
    title: (name: string) => `Inventario de carros usados | ${name}`,
    description:
      "Vea nuestra selección de vehículos usados de calidad en Fitchburg, MA: busque y filtre por marca, carrocería, precio y millaje.",
  },
  financing: {
    title: (name: string) => `Preaprobación de financiamiento para carros | ${name}`,
    description:
      "Solicite en línea la preaprobación de su financiamiento en minutos: respuesta rápida, tasas competitivas y un proceso seguro.",
  },
  about: {
    title: (name: string) => `Quiénes somos | ${name}`,
    description:
      "Conozca nuestro concesionario familiar de vehículos usados en Fitchburg, MA: nuestra historia, nuestros servicios y nuestros valores.",
  },
  contact: {
    title: (name: string) => `Contáctenos | ${name}`,
    description: "Envíenos un mensaje, llámenos o visite nuestro concesionario en Fitchburg, MA. Vea nuestro horario y cómo llegar.",
  },
  booking: {
    title: (name: string) => `Haga una cita de servicio | ${name}`,
    description:
      "Reserve en línea un cambio de aceite, la inspección estatal, una revisión de frenos o un detallado, a la hora que más le convenga.",
  },
  podium: { title: (name: string) => `Panel del personal | ${name}` },
  vehicle: {
    title: (vehicle: string, name: string) => `${vehicle} usado en venta en Fitchburg, MA | ${name}`,
  },
};
