import type { BuyersGuideLanguage } from "./buyers-guide-text";

/**
 * The written warranty Massachusetts requires with every covered used vehicle (M.G.L. c. 90
 * §7N¼), and the Lemon Aid notice (c. 90 §7N), in plain language. Unlike the Buyers Guide this
 * wording is not prescribed: it is ours, written from the statutes and the state's own guidance
 * (decision 060). Kept beside the guide's text, not in the translators' catalogues, because it is
 * a legal document.
 */
export const MA_WARRANTY_TEXT_VERSION = "ma-7N1/4-7N/060-1";

export type MaWarrantyText = {
  title: string;
  subtitle: string;
  vehicle: string;
  odometer: string;
  price: string;
  dealer: string;
  term: (days: number, miles: string) => string;
  coveredHeading: string;
  covered: string;
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
};

const en: MaWarrantyText = {
  title: "MASSACHUSETTS USED VEHICLE WARRANTY",
  subtitle: "The dealer's written warranty required by Massachusetts law (M.G.L. c. 90, §7N¼). Keep this document.",
  vehicle: "VEHICLE",
  odometer: "ODOMETER AT SALE",
  price: "PRICE",
  dealer: "DEALER",
  term: (days, miles) =>
    `This vehicle is under warranty for ${days} days or ${miles} miles after the date of sale, whichever comes first. Each day the vehicle is out of service for repairs under this warranty adds a day to it.`,
  coveredHeading: "WHAT IS COVERED",
  covered: "The dealer will repair, at no charge to you for parts or labor, any defect that impairs the vehicle's use or safety.",
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
};

const es: MaWarrantyText = {
  title: "GARANTÍA DE VEHÍCULO USADO DE MASSACHUSETTS",
  subtitle: "La garantía escrita del concesionario que exige la ley de Massachusetts (M.G.L. c. 90, §7N¼). Conserve este documento.",
  vehicle: "VEHÍCULO",
  odometer: "ODÓMETRO AL VENDERSE",
  price: "PRECIO",
  dealer: "CONCESIONARIO",
  term: (days, miles) =>
    `Este vehículo está en garantía durante ${days} días o ${miles} millas desde la fecha de venta, lo que ocurra primero. Cada día que el vehículo esté fuera de servicio por reparaciones bajo esta garantía le suma un día.`,
  coveredHeading: "QUÉ CUBRE",
  covered:
    "El concesionario reparará, sin costo para usted por repuestos ni mano de obra, cualquier defecto que afecte el uso o la seguridad del vehículo.",
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
};

export const MA_WARRANTY_TEXT: Record<BuyersGuideLanguage, MaWarrantyText> = { en, es };
