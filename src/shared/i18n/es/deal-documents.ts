import type { DealDocumentsMessages } from "../en/deal-documents";

/** El texto de la cotización que solo escribe el servidor, en español (ver ../en/deal-documents.ts). */
export const dealDocuments: DealDocumentsMessages = {
  warranty: {
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
  },
  pdf: {
    title: "Cotización",
    page: "Página 1 de 1",
    fileName: "cotizacion.pdf",
    notFound: "Este enlace no abre ninguna cotización.",
    replaced: "Esta cotización fue reemplazada por una más reciente. Abra el enlace del correo más reciente.",
    linkExpired: "El enlace de esta cotización venció. Contáctenos para obtener una nueva.",
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
