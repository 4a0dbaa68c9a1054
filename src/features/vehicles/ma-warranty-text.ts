import type { BuyersGuideLanguage } from "./buyers-guide-text";

/**
 * The written warranty Massachusetts requires with every covered used vehicle (M.G.L. c. 90
 * §7N¼), and the Lemon Aid notice (c. 90 §7N), in plain language. Unlike the Buyers Guide this
 * wording is not prescribed: it is ours, written from the statutes and the state's own guidance
 * (decision 060). Kept beside the guide's text, not in the translators' catalogues, because it is
 * a legal document.
 */
export const MA_WARRANTY_TEXT_VERSION = "ma-7N1/4-7N/091-1";

export type MaWarrantyText = {
  title: string;
  subtitle: string;
  vehicle: string;
  odometer: string;
  price: string;
  dealer: string;
  buyer: string;
  saleDate: string;
  odometerAtSale: string;
  /** The warranty's term, from the one source of warranty terms (decision 091): "90 days or 3,750 miles, …". */
  term: (duration: string) => string;
  coveredHeading: string;
  covered: string;
  /** The dealer's coverage beyond the statute's, when it gives more. */
  alsoCovered: (systems: string) => string;
  notCoveredHeading: string;
  notCovered: string[];
  claimHeading: string;
  claim: string[];
  refundHeading: string;
  refund: string;
  lemonAidHeading: string;
  lemonAid: string[];
  implied: string;
  dealerSignature: string;
  buyerSignature: string;
  date: string;
  /** The notice of rights every vehicle gets (decision 091; M.G.L. c. 90 §7N, c. 106 §2-316A). */
  notice: {
    title: string;
    subtitle: string;
    writtenHeading: string;
    written: (duration: string) => string;
    noWrittenMileage: string;
    noWrittenPrice: string;
    impliedHeading: string;
    implied: string;
    received: string;
  };
};

const en: MaWarrantyText = {
  title: "MASSACHUSETTS USED VEHICLE WARRANTY",
  subtitle: "The dealer's written warranty required by Massachusetts law (M.G.L. c. 90, §7N¼). Keep this document.",
  vehicle: "VEHICLE",
  odometer: "LISTED MILEAGE",
  price: "PRICE (WITH DOC FEE)",
  dealer: "DEALER",
  buyer: "BUYER",
  saleDate: "DATE OF SALE",
  odometerAtSale: "ODOMETER AT SALE",
  term: (duration) =>
    `This vehicle is under warranty for ${duration}, counted from the date of sale. Each day the vehicle is out of service for repairs under this warranty adds a day to it.`,
  coveredHeading: "WHAT IS COVERED",
  covered: "The dealer will repair, at no charge to you for parts or labor, any defect that impairs the vehicle's use or safety.",
  alsoCovered: (systems) => `The dealer also covers, on the same terms: ${systems}.`,
  notCoveredHeading: "WHAT IS NOT COVERED",
  notCovered: [
    "Defects that affect only the vehicle's appearance.",
    "Damage caused by negligence, abuse, vandalism, or an accident after the sale.",
    "Damage caused by repairs made by someone other than the dealer, its agent, or the manufacturer.",
    "Damage caused by a substantial change you made to the vehicle.",
  ],
  claimHeading: "HOW TO USE THIS WARRANTY",
  claim: [
    "Tell the dealer about the defect as soon as you notice it, before the warranty ends, and bring the vehicle to the dealer at the address above.",
    "Keep a copy of every repair order and receipt.",
  ],
  refundHeading: "IF THE DEALER CANNOT FIX IT",
  refund:
    "If the dealer cannot repair the same defect in 3 attempts, or the vehicle is out of service for repairs for more than 10 business days, you may be entitled to return the vehicle for a refund. The Massachusetts Office of Consumer Affairs and Business Regulation runs a state arbitration program for these disputes.",
  lemonAidHeading: "YOUR RIGHT TO CANCEL IF THE VEHICLE FAILS INSPECTION (LEMON AID LAW, M.G.L. c. 90, §7N)",
  lemonAid: [
    "If this vehicle fails the Massachusetts safety or emissions inspection within 7 days of the sale, and the repairs needed to pass cost more than 10% of the purchase price, you may cancel the sale and get your money back.",
    "To do so, within 14 days of the sale: tell the dealer you are cancelling, return the vehicle, and give the dealer the inspection station's signed statement of why the vehicle failed and its estimate of the repair cost. You and the dealer may instead agree in writing that the dealer will make the repairs at its own cost.",
  ],
  implied:
    "This warranty is in addition to the implied warranty of merchantability, which Massachusetts law does not allow the dealer to exclude (M.G.L. c. 106, §2-316A).",
  dealerSignature: "DEALER'S SIGNATURE",
  buyerSignature: "BUYER'S SIGNATURE",
  date: "DATE",
  notice: {
    title: "YOUR RIGHTS AS A USED VEHICLE BUYER IN MASSACHUSETTS",
    subtitle: "A notice for every used vehicle this dealer sells. Keep this document.",
    writtenHeading: "THE DEALER'S WRITTEN WARRANTY (M.G.L. c. 90, §7N¼)",
    written: (duration) =>
      `This vehicle comes with the dealer's written warranty covering any defect that impairs its use or safety, for ${duration}. Ask for your signed copy of the Massachusetts Used Vehicle Warranty.`,
    noWrittenMileage: "At 125,000 miles or more, Massachusetts law requires no written dealer warranty on this vehicle.",
    noWrittenPrice: "At a price under $700, Massachusetts law requires no written dealer warranty on this vehicle.",
    impliedHeading: "THE IMPLIED WARRANTY (M.G.L. c. 106, §2-316A)",
    implied:
      'Massachusetts law gives you an implied warranty of merchantability: the vehicle must be fit for the ordinary purposes for which vehicles are used. The dealer cannot exclude it or sell the vehicle "as is".',
    received: "I received a copy of this notice.",
  },
};

const es: MaWarrantyText = {
  title: "GARANTÍA DE VEHÍCULO USADO DE MASSACHUSETTS",
  subtitle: "La garantía escrita del concesionario que exige la ley de Massachusetts (M.G.L. c. 90, §7N¼). Conserve este documento.",
  vehicle: "VEHÍCULO",
  odometer: "MILLAJE ANUNCIADO",
  price: "PRECIO (CON CARGO POR DOCUMENTACIÓN)",
  dealer: "CONCESIONARIO",
  buyer: "COMPRADOR",
  saleDate: "FECHA DE LA VENTA",
  odometerAtSale: "MILLAJE AL MOMENTO DE LA VENTA",
  term: (duration) =>
    `Este vehículo tiene garantía durante ${duration}, contados desde la fecha de venta. Cada día que el vehículo esté fuera de servicio por reparaciones bajo esta garantía extiende la garantía un día.`,
  coveredHeading: "QUÉ CUBRE",
  covered:
    "El concesionario reparará, sin costo para usted por repuestos ni mano de obra, cualquier defecto que afecte el uso o la seguridad del vehículo.",
  alsoCovered: (systems) => `El concesionario también cubre, en las mismas condiciones: ${systems}.`,
  notCoveredHeading: "QUÉ NO CUBRE",
  notCovered: [
    "Defectos que solo afectan la apariencia del vehículo.",
    "Daños causados por negligencia, abuso, vandalismo o un accidente después de la venta.",
    "Daños causados por reparaciones hechas por alguien que no sea el concesionario, su agente o el fabricante.",
    "Daños causados por un cambio importante que usted hizo al vehículo.",
  ],
  claimHeading: "CÓMO USAR ESTA GARANTÍA",
  claim: [
    "Avise al concesionario del defecto apenas lo note, antes de que termine la garantía, y lleve el vehículo al concesionario en la dirección indicada arriba.",
    "Guarde una copia de cada orden de reparación y de cada recibo.",
  ],
  refundHeading: "SI EL CONCESIONARIO NO PUEDE REPARARLO",
  refund:
    "Si el concesionario no puede reparar el mismo defecto en 3 intentos, o el vehículo está fuera de servicio por reparaciones más de 10 días hábiles, usted podría tener derecho a devolver el vehículo y recibir un reembolso. La Oficina de Asuntos del Consumidor y Regulación Comercial de Massachusetts tiene un programa estatal de arbitraje para estas disputas.",
  lemonAidHeading: "SU DERECHO A CANCELAR SI EL VEHÍCULO NO PASA LA INSPECCIÓN (LEY LEMON AID, M.G.L. c. 90, §7N)",
  lemonAid: [
    "Si este vehículo no pasa la inspección de seguridad o de emisiones de Massachusetts dentro de los 7 días de la venta, y las reparaciones necesarias para pasarla cuestan más del 10% del precio de compra, usted puede cancelar la venta y recuperar su dinero.",
    "Para hacerlo, dentro de los 14 días de la venta: avise al concesionario que cancela la venta, devuelva el vehículo y entregue al concesionario la declaración firmada de la estación de inspección con los motivos de la falla y su presupuesto de reparación. Usted y el concesionario pueden, en cambio, acordar por escrito que el concesionario haga las reparaciones a su cargo.",
  ],
  implied:
    "Esta garantía se suma a la garantía implícita de comerciabilidad, que la ley de Massachusetts no permite que el concesionario excluya (M.G.L. c. 106, §2-316A).",
  dealerSignature: "FIRMA DEL CONCESIONARIO",
  buyerSignature: "FIRMA DEL COMPRADOR",
  date: "FECHA",
  notice: {
    title: "SUS DERECHOS AL COMPRAR UN VEHÍCULO USADO EN MASSACHUSETTS",
    subtitle: "Un aviso para cada vehículo usado que vende este concesionario. Conserve este documento.",
    writtenHeading: "LA GARANTÍA ESCRITA DEL CONCESIONARIO (M.G.L. c. 90, §7N¼)",
    written: (duration) =>
      `Este vehículo tiene la garantía escrita del concesionario, que cubre cualquier defecto que afecte su uso o su seguridad, durante ${duration}. Pida su copia firmada de la Garantía de Vehículo Usado de Massachusetts.`,
    noWrittenMileage:
      "Con 125,000 millas o más, la ley de Massachusetts no exige una garantía escrita del concesionario para este vehículo.",
    noWrittenPrice:
      "Con un precio menor de $700, la ley de Massachusetts no exige una garantía escrita del concesionario para este vehículo.",
    impliedHeading: "LA GARANTÍA IMPLÍCITA (M.G.L. c. 106, §2-316A)",
    implied:
      'La ley de Massachusetts le da una garantía implícita de comerciabilidad: el vehículo debe ser apto para los usos ordinarios de un vehículo. El concesionario no puede excluirla ni vender el vehículo "como está".',
    received: "Recibí una copia de este aviso.",
  },
};

export const MA_WARRANTY_TEXT: Record<BuyersGuideLanguage, MaWarrantyText> = { en, es };
