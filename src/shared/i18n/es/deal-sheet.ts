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
    vehicleHeading: "Vehículo",
    stock: "Núm. de inventario",
    vin: "VIN (número de identificación)",
    mileage: "Millaje",
    mileageValue: (miles: string) => `${miles} millas`,
    warrantyHeading: "Garantía de Massachusetts",
    warrantyStatutory: (duration: string) =>
      `La ley de Massachusetts (M.G.L. c. 90 §7N¼) da a este vehículo una garantía escrita del concesionario que cubre, con repuestos y mano de obra, cualquier defecto que afecte su uso o su seguridad, durante ${duration}.`,
    warrantyOwn: (systems: string, duration: string) =>
      `Nuestra garantía escrita del concesionario para este vehículo cubre: ${systems}. Durante ${duration}.`,
    warrantyShare: (labor: number, parts: number) =>
      `El concesionario paga el ${labor}% de la mano de obra y el ${parts}% de los repuestos.`,
    noWarrantyMileage: "Con 125,000 millas o más, la ley de Massachusetts no exige una garantía escrita del concesionario.",
    noWarrantyPrice: "Con un precio menor de $700, la ley de Massachusetts no exige una garantía escrita del concesionario.",
    impliedWarranty: "La garantía implícita de comerciabilidad sigue vigente (M.G.L. c. 106 §2-316A).",
    lemonAid:
      "Si el vehículo no pasa la inspección de seguridad o de emisiones de Massachusetts dentro de los 7 días de la venta y las reparaciones para pasarla cuestan más del 10% del precio, usted puede cancelar la venta (Ley Lemon Aid, M.G.L. c. 90 §7N).",
    contactHeading: "¿Preguntas? Contáctenos",
    pdf: "Descargar esta cotización (PDF)",
    creditBand: "Nivel de crédito",
    viewVehicle: "Ver el vehículo",
  },
  pdf: {
    title: "Cotización",
    page: "Página 1 de 1",
    fileName: "cotizacion.pdf",
    notFound: "Este enlace no abre ninguna cotización.",
    replaced: "Esta cotización fue reemplazada por una más reciente. Abra el enlace del correo más reciente.",
  },
  mail: {
    subject: (vehicle: string) => `Su cotización: ${vehicle}`,
    revisedSubject: (vehicle: string) => `Su cotización revisada: ${vehicle}`,
    heading: (name: string) => `Hola, ${name}:`,
    body: (vehicle: string, outTheDoor: string, date: string) =>
      `Aquí está su cotización para el ${vehicle}, con un precio final de ${outTheDoor}. Las cifras son válidas hasta el ${date}.`,
    revisedBody: (vehicle: string, outTheDoor: string, date: string) =>
      `Revisamos su cotización para el ${vehicle}, con un precio final de ${outTheDoor}. Las nuevas cifras son válidas hasta el ${date}.`,
    earlierHeld: (date: string) => `Su cotización anterior sigue siendo válida hasta el ${date}.`,
    dueToYou: (amount: string) => `Su vehículo en parte de pago vale más que el precio final: le corresponden ${amount}.`,
    link: "Abrir su cotización",
    replyHint: "¿Preguntas? Responda a este correo o llámenos.",
  },
};
