import type { DealSheetMessages } from "../en/deal-sheet";

/** La hoja de oferta (decisión 070), en español. */
export const dealSheet: DealSheetMessages = {
  meta: {
    formTitle: (dealer: string) => `Envíenme esta oferta | ${dealer}`,
    sheetTitle: (dealer: string) => `Su hoja de oferta | ${dealer}`,
  },
  form: {
    heading: "Envíenme esta oferta",
    intro: "Le enviaremos por correo esta hoja de oferta con todas las cifras, para que pueda leerla otra vez, imprimirla o traerla.",
    vehicleHeading: "El vehículo",
    yourDeal: "Sus cifras",
    change: "Cambiar las cifras",
    contactHeading: "Adónde enviarla",
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    phone: "Teléfono",
    consent: "Acepto que el concesionario me contacte por teléfono, mensaje de texto o correo sobre esta oferta.",
    submit: "Envíenme esta oferta",
    sending: "Enviando…",
    fixFields: "Corrija los campos marcados.",
    notFoundTitle: "Vehículo no encontrado",
    notFoundText: "Este vehículo ya no está en nuestro sitio. Vea nuestro inventario para encontrar otro.",
    soldTitle: "Este vehículo se vendió",
    soldText: "Alguien compró este vehículo antes de que enviara la oferta. Vea nuestro inventario para encontrar otro.",
    browse: "Ver inventario",
    tooMany: "Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.",
  },
  errors: {
    vehicleId: "Elija un vehículo de nuestro inventario.",
    firstName: "Escriba su nombre",
    lastName: "Escriba su apellido",
    email: "Escriba un correo electrónico válido",
    phone: "Escriba un número de teléfono válido",
    consent: "Acepte para que podamos enviarle esta oferta",
  },
  sheet: {
    heading: "Su hoja de oferta",
    version: (n: number) => `Versión ${n}`,
    preparedFor: (name: string) => `Preparada para ${name}`,
    sent: (date: string) => `Enviada el ${date}`,
    validUntil: (date: string) => `Estas cifras valen hasta el ${date}.`,
    expired: (date: string) => `Esta hoja de oferta venció el ${date}. Los precios y las tasas pueden haber cambiado: pídanos una nueva.`,
    replacedTitle: "Esta hoja de oferta fue reemplazada",
    replacedText: "Le enviamos por correo una hoja de oferta revisada; abra el enlace de ese correo más reciente para ver sus cifras.",
    notFoundTitle: "Hoja de oferta no encontrada",
    notFoundText: "Este enlace no abre ninguna hoja de oferta. Revise el enlace de su correo o contáctenos.",
    linkExpiredTitle: "El enlace de esta hoja de oferta venció",
    linkExpiredText:
      "Por su privacidad, el enlace de una hoja de oferta funciona hasta 30 días después de que sus cifras dejan de valer. Contáctenos para obtener una nueva.",
    vehicleHeading: "Vehículo",
    stock: "N.º de inventario",
    vin: "VIN (número de identificación)",
    mileage: "Millaje",
    warrantyHeading: "Garantía de Massachusetts",
    warranty: (days: number, miles: string) =>
      `La ley de Massachusetts (M.G.L. c. 90 §7N¼) da a este vehículo una garantía del concesionario de ${days} días o ${miles} millas, lo que ocurra primero, que cubre los defectos que afecten su uso o su seguridad.`,
    noWarranty:
      "Con este millaje la ley de Massachusetts no exige una garantía escrita del concesionario; la garantía implícita de comerciabilidad sigue vigente (M.G.L. c. 106 §2-316A).",
    contactHeading: "¿Preguntas? Contáctenos",
    pdf: "Descargar esta hoja de oferta (PDF)",
    creditBand: "Nivel de crédito",
    viewVehicle: "Ver el vehículo",
  },
  pdf: {
    title: "Hoja de oferta",
    page: "Página 1 de 1",
  },
  mail: {
    subject: (vehicle: string) => `Su hoja de oferta: ${vehicle}`,
    revisedSubject: (vehicle: string) => `Su hoja de oferta revisada: ${vehicle}`,
    heading: (name: string) => `Hola, ${name}:`,
    body: (vehicle: string, outTheDoor: string, date: string) =>
      `Aquí está su hoja de oferta para el ${vehicle}: ${outTheDoor} precio final. Las cifras valen hasta el ${date}.`,
    revisedBody: (vehicle: string, outTheDoor: string, date: string) =>
      `Revisamos su hoja de oferta para el ${vehicle}: ${outTheDoor} precio final. Las nuevas cifras valen hasta el ${date}; la hoja anterior ya no aplica.`,
    link: "Abrir su hoja de oferta",
    replyHint: "¿Preguntas? Responda a este correo o llámenos.",
  },
};
