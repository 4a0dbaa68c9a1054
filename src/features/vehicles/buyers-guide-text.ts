/**
 * The FTC Buyers Guide's wording (16 CFR 455, Figures 1–6), English and Spanish. This is the
 * regulation's prescribed text, not interface copy: it is kept here, word for word per
 * language, instead of in the message catalogues that translators edit (decision 037).
 */
export type BuyersGuideLanguage = "en" | "es";

/**
 * The version of the wording below, archived with every guide printed (decision 060). Change it
 * with any change to the text, so an archived guide says which wording it carried.
 */
export const BUYERS_GUIDE_TEXT_VERSION = "ftc-2016-rev/060-1";

export type BuyersGuideText = {
  title: string;
  important: string;
  make: string;
  model: string;
  year: string;
  vin: string;
  stock: string;
  warranties: string;
  asIs: { heading: string; text: string };
  implied: { heading: string; text: string };
  dealer: {
    heading: string;
    full: string;
    limited: string;
    pays: (labor: string, parts: string) => string;
    askCopy: string;
    systems: string;
    duration: string;
  };
  nonDealer: string;
  manufacturerStill: string;
  manufacturerUsed: string;
  otherUsed: string;
  askDocument: string;
  serviceContract: { heading: string; text: string };
  inspect: string;
  history: { heading: string; text: string };
  seeOtherSide: string;
  spanishNote: string | null;
  back: {
    defectsIntro: string;
    defects: [string, string][];
    dealerName: string;
    address: string;
    telephone: string;
    email: string;
    complaints: string;
    important: string;
  };
  statutory: {
    systems: string;
    duration: (days: number, miles: string) => string;
  };
};

const en: BuyersGuideText = {
  title: "BUYERS GUIDE",
  important: "IMPORTANT: Spoken promises are difficult to enforce. Ask the dealer to put all promises in writing. Keep this form.",
  make: "VEHICLE MAKE",
  model: "MODEL",
  year: "YEAR",
  vin: "VEHICLE IDENTIFICATION NUMBER (VIN)",
  stock: "DEALER STOCK NUMBER (Optional)",
  warranties: "WARRANTIES FOR THIS VEHICLE:",
  asIs: { heading: "AS IS - NO DEALER WARRANTY", text: "THE DEALER DOES NOT PROVIDE A WARRANTY FOR ANY REPAIRS AFTER SALE." },
  implied: {
    heading: "IMPLIED WARRANTIES ONLY",
    text: "The dealer doesn't make any promises to fix things that need repair when you buy the vehicle or afterward. But implied warranties under your state's laws may give you some rights to have the dealer take care of serious problems that were not apparent when you bought the vehicle.",
  },
  dealer: {
    heading: "DEALER WARRANTY",
    full: "FULL WARRANTY.",
    limited: "LIMITED WARRANTY.",
    pays: (labor, parts) =>
      `The dealer will pay ${labor}% of the labor and ${parts}% of the parts for the covered systems that fail during the warranty period.`,
    askCopy:
      "Ask the dealer for a copy of the warranty, and for any documents that explain warranty coverage, exclusions, and the dealer's repair obligations. Implied warranties under your state's laws may give you additional rights.",
    systems: "SYSTEMS COVERED:",
    duration: "DURATION:",
  },
  nonDealer: "NON-DEALER WARRANTIES FOR THIS VEHICLE:",
  manufacturerStill:
    "MANUFACTURER'S WARRANTY STILL APPLIES. The manufacturer's original warranty has not expired on some components of the vehicle.",
  manufacturerUsed: "MANUFACTURER'S USED VEHICLE WARRANTY APPLIES.",
  otherUsed: "OTHER USED VEHICLE WARRANTY APPLIES.",
  askDocument:
    "Ask the dealer for a copy of the warranty document and an explanation of warranty coverage, exclusions, and repair obligations.",
  serviceContract: {
    heading: "SERVICE CONTRACT.",
    text: "A service contract on this vehicle is available for an extra charge. Ask for details about coverage, deductible, price, and exclusions. If you buy a service contract within 90 days of your purchase of this vehicle, implied warranties under your state's laws may give you additional rights.",
  },
  inspect: "ASK THE DEALER IF YOUR MECHANIC CAN INSPECT THE VEHICLE ON OR OFF THE LOT.",
  history: {
    heading: "OBTAIN A VEHICLE HISTORY REPORT AND CHECK FOR OPEN SAFETY RECALLS.",
    text: "For information on how to obtain a vehicle history report, visit ftc.gov/usedcars. To check for open safety recalls, visit safercar.gov. You will need the vehicle identification number (VIN) shown above to make the best use of the resources on these sites.",
  },
  seeOtherSide:
    "SEE OTHER SIDE for important additional information, including a list of major defects that may occur in used motor vehicles.",
  spanishNote: "Si el concesionario gestiona la venta en español, pídale una copia de la Guía del Comprador en español.",
  back: {
    defectsIntro: "Here is a list of some major defects that may occur in used vehicles.",
    defects: [
      ["Frame & Body", "Frame-cracks, corrective welds, or rusted through; dogtracks - bent or twisted frame"],
      [
        "Engine",
        "Oil leakage, excluding normal seepage; cracked block or head; belts missing or inoperable; knocks or misses related to camshaft lifters and push rods; abnormal exhaust discharge",
      ],
      [
        "Transmission & Drive Shaft",
        "Improper fluid level or leakage, excluding normal seepage; cracked or damaged case which is visible; abnormal noise or vibration caused by faulty transmission or drive shaft; improper shifting or functioning in any gear; manual clutch slips or chatters",
      ],
      [
        "Differential",
        "Improper fluid level or leakage, excluding normal seepage; cracked or damaged housing which is visible; abnormal noise or vibration caused by faulty differential",
      ],
      ["Cooling System", "Leakage including radiator; improperly functioning water pump"],
      ["Electrical System", "Battery leakage; improperly functioning alternator, generator, battery, or starter"],
      ["Fuel System", "Visible leakage"],
      ["Inoperable Accessories", "Gauges or warning devices; air conditioner; heater & defroster"],
      [
        "Brake System",
        "Failure warning light broken; pedal not firm under pressure (DOT spec.); not enough pedal reserve (DOT spec.); does not stop vehicle in straight line (DOT spec.); hoses damaged; drum or rotor too thin (Mfgr. Specs.); lining or pad thickness less than 1/32 inch; power unit not operating or leaking; structural or mechanical parts damaged",
      ],
      // The 2016 revision added air bags (a heading without sub-items on the form) and catalytic converters.
      ["Air Bags", ""],
      [
        "Steering System",
        "Too much free play at steering wheel (DOT specs.); free play in linkage more than 1/4 inch; steering gear binds or jams; front wheels aligned improperly (DOT specs.); power unit belts cracked or slipping; power unit fluid level improper",
      ],
      [
        "Suspension System",
        "Ball joint seals damaged; structural parts bent or damaged; stabilizer bar disconnected; spring broken; shock absorber mounting loose; rubber bushings damaged or missing; radius rod damaged or missing; shock absorber leaking or functioning improperly",
      ],
      ["Tires", "Tread depth less than 2/32 inch; sizes mismatched; visible damage"],
      ["Wheels", "Visible cracks, damage or repairs; mounting bolts loose or missing"],
      ["Exhaust System", "Leakage; Catalytic Converter"],
    ],
    dealerName: "DEALER NAME",
    address: "ADDRESS",
    telephone: "TELEPHONE",
    email: "EMAIL",
    complaints: "FOR COMPLAINTS AFTER SALE, CONTACT:",
    important:
      "IMPORTANT: The information on this form is part of any contract to buy this vehicle. Removal of this label before consumer purchase (except for purpose of test-driving) violates federal law (16 C.F.R. 455).",
  },
  statutory: {
    systems:
      "Parts and labor to repair any defect that impairs the vehicle's use or safety (Massachusetts Used Vehicle Warranty Law, M.G.L. c. 90 §7N¼).",
    duration: (days, miles) => `${days} days or ${miles} miles, whichever comes first`,
  },
};

const es: BuyersGuideText = {
  title: "GUÍA DEL COMPRADOR",
  important:
    "IMPORTANTE: Las promesas verbales son difíciles de hacer cumplir. Solicite al concesionario que ponga todas las promesas por escrito. Conserve este formulario.",
  make: "MARCA DEL VEHÍCULO",
  model: "MODELO",
  year: "AÑO",
  vin: "NÚMERO DE IDENTIFICACIÓN DEL VEHÍCULO (VIN)",
  stock: "NÚMERO DE INVENTARIO DEL CONCESIONARIO (Opcional)",
  warranties: "GARANTÍAS PARA ESTE VEHÍCULO:",
  asIs: {
    heading: "COMO ESTÁ - SIN GARANTÍA DEL CONCESIONARIO",
    text: "EL CONCESIONARIO NO OFRECE NINGUNA GARANTÍA PARA NINGUNA REPARACIÓN DESPUÉS DE LA VENTA.",
  },
  implied: {
    heading: "SOLAMENTE GARANTÍAS IMPLÍCITAS",
    text: "El concesionario no hace ninguna promesa de reparar lo que necesite reparación cuando usted compre el vehículo o después. Pero las garantías implícitas de las leyes de su estado pueden darle algunos derechos para que el concesionario se ocupe de problemas graves que no eran evidentes cuando usted compró el vehículo.",
  },
  dealer: {
    heading: "GARANTÍA DEL CONCESIONARIO",
    full: "GARANTÍA COMPLETA.",
    limited: "GARANTÍA LIMITADA.",
    pays: (labor, parts) =>
      `El concesionario pagará el ${labor}% de la mano de obra y el ${parts}% de los repuestos de los sistemas cubiertos que fallen durante el período de garantía.`,
    askCopy:
      "Pídale al concesionario una copia de la garantía y de todo documento que explique la cobertura de la garantía, las exclusiones y las obligaciones de reparación del concesionario. Las garantías implícitas de las leyes de su estado pueden darle derechos adicionales.",
    systems: "SISTEMAS CUBIERTOS:",
    duration: "DURACIÓN:",
  },
  nonDealer: "GARANTÍAS DE TERCEROS PARA ESTE VEHÍCULO:",
  manufacturerStill:
    "LA GARANTÍA DEL FABRICANTE TODAVÍA SE APLICA. La garantía original del fabricante no ha vencido en algunos componentes del vehículo.",
  manufacturerUsed: "SE APLICA LA GARANTÍA DEL FABRICANTE PARA VEHÍCULOS USADOS.",
  otherUsed: "SE APLICA OTRA GARANTÍA PARA VEHÍCULOS USADOS.",
  askDocument:
    "Pídale al concesionario una copia del documento de garantía y una explicación de la cobertura de la garantía, las exclusiones y las obligaciones de reparación.",
  serviceContract: {
    heading: "CONTRATO DE SERVICIO.",
    text: "Para este vehículo hay disponible un contrato de servicio a un precio adicional. Pida detalles sobre la cobertura, el deducible, el precio y las exclusiones. Si compra un contrato de servicio dentro de los 90 días de la compra de este vehículo, las garantías implícitas de las leyes de su estado pueden darle derechos adicionales.",
  },
  inspect: "PREGUNTE AL CONCESIONARIO SI SU MECÁNICO PUEDE INSPECCIONAR EL VEHÍCULO DENTRO O FUERA DEL LOTE.",
  history: {
    heading: "OBTENGA UN INFORME DE LA HISTORIA DEL VEHÍCULO Y VERIFIQUE SI HAY RETIROS DE SEGURIDAD PENDIENTES.",
    text: "Para informarse sobre cómo obtener un informe de la historia del vehículo, visite ftc.gov/autosusados. Para verificar si hay retiros de seguridad pendientes, visite safercar.gov. Necesitará el número de identificación del vehículo (VIN) que aparece arriba para aprovechar al máximo los recursos de estos sitios.",
  },
  seeOtherSide:
    "VEA EL OTRO LADO para obtener información adicional importante, incluida una lista de los principales defectos que pueden ocurrir en los vehículos motorizados usados.",
  spanishNote: null,
  back: {
    defectsIntro: "Esta es una lista de algunos de los principales defectos que pueden ocurrir en los vehículos usados.",
    defects: [
      ["Chasis y carrocería", "Chasis con grietas, soldaduras correctivas u oxidado de lado a lado; chasis doblado o torcido"],
      [
        "Motor",
        "Pérdida de aceite, excepto la filtración normal; bloque o tapa de cilindros rajados; correas faltantes o que no funcionan; golpeteos o fallas del árbol de levas, levantaválvulas y varillas de empuje; emisión anormal del escape",
      ],
      [
        "Transmisión y eje de transmisión",
        "Nivel de líquido incorrecto o pérdida, excepto la filtración normal; caja rajada o dañada visiblemente; ruido o vibración anormal causado por fallas de la transmisión o del eje; cambios o funcionamiento incorrecto en cualquier marcha; el embrague manual patina o vibra",
      ],
      [
        "Diferencial",
        "Nivel de líquido incorrecto o pérdida, excepto la filtración normal; carcasa rajada o dañada visiblemente; ruido o vibración anormal causado por fallas del diferencial",
      ],
      ["Sistema de refrigeración", "Pérdidas, incluido el radiador; bomba de agua que no funciona correctamente"],
      ["Sistema eléctrico", "Pérdida de la batería; alternador, generador, batería o motor de arranque que no funcionan correctamente"],
      ["Sistema de combustible", "Pérdida visible"],
      ["Accesorios que no funcionan", "Indicadores o dispositivos de advertencia; aire acondicionado; calefacción y desempañador"],
      [
        "Sistema de frenos",
        "Luz de advertencia de falla rota; el pedal no está firme bajo presión (especificación DOT); reserva de pedal insuficiente (especificación DOT); no detiene el vehículo en línea recta (especificación DOT); mangueras dañadas; tambor o disco demasiado delgado (especificaciones del fabricante); espesor del forro o pastilla menor de 1/32 de pulgada; servofreno que no funciona o pierde; piezas estructurales o mecánicas dañadas",
      ],
      ["Bolsas de aire", ""],
      [
        "Sistema de dirección",
        "Demasiado juego en el volante (especificaciones DOT); juego en la articulación mayor de 1/4 de pulgada; la caja de dirección se traba; ruedas delanteras mal alineadas (especificaciones DOT); correas de la dirección asistida rajadas o que patinan; nivel incorrecto del líquido de la dirección asistida",
      ],
      [
        "Sistema de suspensión",
        "Sellos de las rótulas dañados; piezas estructurales dobladas o dañadas; barra estabilizadora desconectada; resorte roto; montaje del amortiguador suelto; bujes de goma dañados o faltantes; barra de radio dañada o faltante; amortiguador con pérdidas o que no funciona correctamente",
      ],
      ["Neumáticos", "Profundidad de la banda de rodamiento menor de 2/32 de pulgada; tamaños diferentes; daño visible"],
      ["Ruedas", "Grietas, daños o reparaciones visibles; pernos de montaje sueltos o faltantes"],
      ["Sistema de escape", "Pérdidas; convertidor catalítico"],
    ],
    dealerName: "NOMBRE DEL CONCESIONARIO",
    address: "DIRECCIÓN",
    telephone: "TELÉFONO",
    email: "CORREO ELECTRÓNICO",
    complaints: "PARA QUEJAS DESPUÉS DE LA VENTA, COMUNÍQUESE CON:",
    important:
      "IMPORTANTE: La información contenida en este formulario forma parte de todo contrato de compra de este vehículo. Quitar esta etiqueta antes de la compra del consumidor (salvo para fines de prueba de manejo) es una violación de la ley federal (16 C.F.R. 455).",
  },
  statutory: {
    systems:
      "Piezas y mano de obra para reparar cualquier defecto que afecte el uso o la seguridad del vehículo (Ley de Garantía de Vehículos Usados de Massachusetts, M.G.L. c. 90 §7N¼).",
    duration: (days, miles) => `${days} días o ${miles} millas, lo que ocurra primero`,
  },
};

export const BUYERS_GUIDE_TEXT: Record<BuyersGuideLanguage, BuyersGuideText> = { en, es };
