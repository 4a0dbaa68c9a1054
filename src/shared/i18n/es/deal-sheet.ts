import type { DealSheetMessages } from "../en/deal-sheet";

/** La cotización (decisión 070), en español. */
export const dealSheet: DealSheetMessages = {
  meta: {
    formTitle: (dealer: string) => `Envíenme esta cotización | ${dealer}`,
    sheetTitle: (dealer: string) => `Su cotización | ${dealer}`,
  },
  form: {
    heading: "Envíenme esta cotización",
    intro:
      "Le enviaremos por correo esta cotización con todas las cifras, para que pueda revisarla, imprimirla o traerla cuando nos visite.",
    vehicleHeading: "El vehículo",
    yourDeal: "Sus cifras",
    change: "Cambiar las cifras",
    contactHeading: "Adónde enviarla",
    firstName: "Nombre",
    lastName: "Apellido",
    email: "Correo electrónico",
    phone: "Teléfono",
    honeypot: "Deje este campo vacío",
    submit: "Envíenme esta cotización",
    sending: "Enviando…",
    fixFields: "Corrija los campos señalados.",
    notFoundTitle: "Vehículo no encontrado",
    notFoundText: "Este vehículo ya no está en nuestro sitio. Vea nuestro inventario para encontrar otro.",
    soldTitle: "Este vehículo se vendió",
    soldText: "Alguien compró este vehículo antes de que nos pidiera la cotización. Vea nuestro inventario para encontrar otro.",
    browse: "Ver inventario",
    tooMany: "Demasiadas solicitudes. Inténtelo de nuevo en unos minutos.",
  },
  errors: {
    vehicleId: "Elija un vehículo de nuestro inventario.",
    firstName: "Ingrese su nombre",
    lastName: "Ingrese su apellido",
    email: "Ingrese un correo electrónico válido",
    phone: "Ingrese un número de teléfono válido",
  },
  sheet: {
    heading: "Su cotización",
    version: (n: number) => `Versión ${n}`,
    preparedFor: (name: string) => `Preparada para ${name}`,
    sent: (date: string) => `Enviada el ${date}`,
    validUntil: (date: string) => `Estas cifras son válidas hasta el ${date}.`,
    commitment: (date: string) =>
      `Hasta el ${date} mantenemos el precio del vehículo, el cargo por documentación, los cargos de título y registro y la tasa del impuesto sobre la venta de esta cotización.`,
    notCommitted:
      "El valor de su vehículo en parte de pago es el que usted nos indicó y depende de que revisemos el vehículo, su título y el saldo de su préstamo. La tasa de porcentaje anual (APR) y el pago son estimados que dependen de la aprobación del crédito.",
    expired: (date: string) => `Esta cotización venció el ${date}. Los precios y las tasas pueden haber cambiado: pídanos una nueva.`,
    heldNotice: (date: string) =>
      `Después le enviamos por correo una cotización revisada. Las cifras de esta siguen siendo válidas hasta el ${date}.`,
    replacedTitle: "Esta cotización fue reemplazada",
    replacedText: "Le enviamos por correo una cotización revisada; abra el enlace de ese correo más reciente para ver sus cifras.",
    notFoundTitle: "Cotización no encontrada",
    notFoundText: "Este enlace no abre ninguna cotización. Revise el enlace de su correo o contáctenos.",
    linkExpiredTitle: "El enlace de esta cotización venció",
    linkExpiredText:
      "Por su privacidad, el enlace de una cotización funciona hasta 30 días después de que sus cifras dejan de ser válidas. Contáctenos para obtener una nueva.",
    vehicleHeading: "Vehículo",
    stock: "Núm. de inventario",
    vin: "VIN (número de identificación)",
    mileage: "Millaje",
    mileageValue: (miles: string) => `${miles} millas`,
    warrantyHeading: "Garantía de Massachusetts",
    contactHeading: "¿Preguntas? Contáctenos",
    pdf: "Descargar esta cotización (PDF)",
    creditBand: "Nivel de crédito",
    viewVehicle: "Ver el vehículo",
  },
};
