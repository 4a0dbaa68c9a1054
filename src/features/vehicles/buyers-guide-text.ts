/**
 * The FTC Buyers Guide's wording (16 CFR 455, Figures 1–6), English and Spanish. This is the
 * regulation's prescribed text, not interface copy: it is kept here, word for word per
 * language, instead of in the message catalogues that translators edit (decision 037).
 * The Spanish "Implied Warranties Only", "Service Contract" and signature paragraphs are the text of
 * 16 CFR 455.5(b), (c) and (d), exactly (decision 091); the other Spanish lines exist only in the
 * rule's figures and were not verified against them (decision 091 lists them).
 */
export type BuyersGuideLanguage = "en" | "es";

/**
 * The version of the wording below, archived with every guide printed (decision 060). Change it
 * with any change to the text, so an archived guide says which wording it carried.
 */
export const BUYERS_GUIDE_TEXT_VERSION = "ftc-2016-rev/091-1";

/** Text with italic runs: 16 CFR 455.5 prints *garantías implícitas* in italics. */
export type RichText = (string | { italic: string })[];

/** The plain words of rich text (pdftotext reads the guide so). */
export const plainText = (text: string | RichText): string =>
  typeof text === "string" ? text : text.map((part) => (typeof part === "string" ? part : part.italic)).join("");

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
  implied: { heading: string; text: string | RichText };
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
  serviceContract: { heading: string; text: string | RichText };
  inspect: string;
  history: { heading: string; text: string };
  seeOtherSide: string;
  spanishNote: string | null;
  back: {
    defectsIntro: string;
    /** Each system's heading, then its defects, one line each as on the form. */
    defects: [string, string[]][];
    dealerName: string;
    address: string;
    telephone: string;
    email: string;
    complaints: string;
    important: string;
  };
  /** The optional signature line (16 CFR 455.2(f); its Spanish, 455.5(d)). */
  signature: { acknowledgement: string; signature: string; date: string };
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
      ["Frame & Body", ["Frame-cracks, corrective welds, or rusted through", "Dog tracks-bent or twisted frame"]],
      [
        "Engine",
        [
          "Oil leakage, excluding normal seepage",
          "Cracked block or head",
          "Belts missing or inoperable",
          "Knocks or misses related to camshaft lifters and push rods",
          "Abnormal exhaust discharge",
        ],
      ],
      [
        "Transmission & Drive Shaft",
        [
          "Improper fluid level or leakage, excluding normal seepage",
          "Cracked or damaged case which is visible",
          "Abnormal noise or vibration caused by faulty transmission or drive shaft",
          "Improper shifting or functioning in any gear",
          "Manual clutch slips or chatters",
        ],
      ],
      [
        "Differential",
        [
          "Improper fluid level or leakage, excluding normal seepage",
          "Cracked or damaged housing which is visible",
          "Abnormal noise or vibration caused by faulty differential",
        ],
      ],
      ["Cooling System", ["Leakage including radiator", "Improperly functioning water pump"]],
      ["Electrical System", ["Battery leakage", "Improperly functioning alternator, generator, battery, or starter"]],
      ["Fuel System", ["Visible leakage"]],
      ["Inoperable Accessories", ["Gauges or warning devices", "Air conditioner", "Heater & Defroster"]],
      [
        "Brake System",
        [
          "Failure warning light broken",
          "Pedal not firm under pressure (DOT spec.)",
          "Not enough pedal reserve (DOT spec.)",
          "Does not stop vehicle in straight line (DOT spec.)",
          "Hoses damaged",
          "Drum or rotor too thin (Mfgr. Specs)",
          "Lining or pad thickness less than 1/32 inch",
          "Power unit not operating or leaking",
          "Structural or mechanical parts damaged",
        ],
      ],
      // The 2016 revision added air bags (a heading without sub-items on the form) and catalytic converters.
      ["Air Bags", []],
      [
        "Steering System",
        [
          "Too much free play at steering wheel (DOT specs.)",
          "Free play in linkage more than 1/4 inch",
          "Steering gear binds or jams",
          "Front wheels aligned improperly (DOT specs.)",
          "Power unit belts cracked or slipping",
          "Power unit fluid level improper",
        ],
      ],
      [
        "Suspension System",
        [
          "Ball joint seals damaged",
          "Structural parts bent or damaged",
          "Stabilizer bar disconnected",
          "Spring broken",
          "Shock absorber mounting loose",
          "Rubber bushings damaged or missing",
          "Radius rod damaged or missing",
          "Shock absorber leaking or functioning improperly",
        ],
      ],
      ["Tires", ["Tread depth less than 2/32 inch", "Sizes mismatched", "Visible damage"]],
      ["Wheels", ["Visible cracks, damage or repairs", "Mounting bolts loose or missing"]],
      ["Exhaust System", ["Leakage", "Catalytic Converter"]],
    ],
    dealerName: "DEALER NAME",
    address: "ADDRESS",
    telephone: "TELEPHONE",
    email: "EMAIL",
    complaints: "FOR COMPLAINTS AFTER SALE, CONTACT:",
    important:
      "IMPORTANT: The information on this form is part of any contract to buy this vehicle. Removal of this label before consumer purchase (except for purpose of test-driving) violates federal law (16 C.F.R. 455).",
  },
  signature: {
    acknowledgement: "I hereby acknowledge receipt of the Buyers Guide at the closing of this sale.",
    signature: "SIGNATURE",
    date: "DATE",
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
  // 16 CFR 455.5(b), exactly; "garantías implícitas" in italics as the rule prints it.
  implied: {
    heading: "SOLO GARANTÍAS IMPLÍCITAS",
    text: [
      "El concesionario no hace ninguna promesa de reparar lo que sea necesario cuando compre el vehículo o posteriormente. Sin embargo, las ",
      { italic: "garantías implícitas" },
      " según las leyes estatales podrían darle algunos derechos para hacer que el concesionario se encargue de ciertos problemas que no fueran evidentes cuando compró el vehículo.",
    ],
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
  // 16 CFR 455.5(c), exactly.
  serviceContract: {
    heading: "CONTRATO DE MANTENIMIENTO.",
    text: [
      "Con un cargo adicional, puede obtener un contrato de mantenimiento para este vehículo. Pregunte acerca de los detalles de la cobertura, los deducibles, el precio y las exclusiones. Si compra un contrato de mantenimiento dentro de los 90 días desde el momento en que compró el vehículo, las ",
      { italic: "garantías implícitas" },
      " según las leyes de su estado podrían darle derechos adicionales.",
    ],
  },
  inspect: "PREGUNTE AL CONCESIONARIO SI SU MECÁNICO PUEDE INSPECCIONAR EL VEHÍCULO DENTRO O FUERA DEL LOTE.",
  // The FTC's Spanish used-car page is ftc.gov/carrosusados, its consumer pages' "historial del vehículo";
  // "llamados a revisión" is NHTSA's (safercar.gov) word for recalls (decision 091).
  history: {
    heading: "OBTENGA UN INFORME DEL HISTORIAL DEL VEHÍCULO Y VERIFIQUE SI HAY LLAMADOS A REVISIÓN DE SEGURIDAD PENDIENTES.",
    text: "Para informarse sobre cómo obtener un informe del historial del vehículo, visite ftc.gov/carrosusados. Para verificar si hay llamados a revisión de seguridad pendientes, visite safercar.gov. Necesitará el número de identificación del vehículo (VIN) que aparece arriba para aprovechar al máximo los recursos de estos sitios.",
  },
  seeOtherSide:
    "VEA AL DORSO para obtener información adicional importante, incluida una lista de los principales defectos que pueden ocurrir en los vehículos motorizados usados.",
  spanishNote: null,
  back: {
    defectsIntro: "Esta es una lista de algunos de los principales defectos que pueden ocurrir en los vehículos usados.",
    defects: [
      ["Chasis y carrocería", ["Chasis con grietas, soldaduras correctivas o perforado por el óxido", "Chasis doblado o torcido"]],
      [
        "Motor",
        [
          "Fuga de aceite, excepto la filtración normal",
          "Bloque o tapa de cilindros rajados",
          "Correas faltantes o que no funcionan",
          "Golpeteos o fallas del árbol de levas, levantaválvulas y varillas de empuje",
          "Emisión anormal del escape",
        ],
      ],
      [
        "Transmisión y eje de transmisión",
        [
          "Nivel de líquido incorrecto o fuga, excepto la filtración normal",
          "Caja rajada o dañada visiblemente",
          "Ruido o vibración anormal causado por fallas de la transmisión o del eje",
          "Cambios o funcionamiento incorrecto en cualquier marcha",
          "El embrague manual patina o vibra",
        ],
      ],
      [
        "Diferencial",
        [
          "Nivel de líquido incorrecto o fuga, excepto la filtración normal",
          "Carcasa rajada o dañada visiblemente",
          "Ruido o vibración anormal causado por fallas del diferencial",
        ],
      ],
      ["Sistema de refrigeración", ["Fugas, incluido el radiador", "Bomba de agua que no funciona correctamente"]],
      ["Sistema eléctrico", ["Fuga de la batería", "Alternador, generador, batería o motor de arranque que no funcionan correctamente"]],
      ["Sistema de combustible", ["Fuga visible"]],
      ["Accesorios que no funcionan", ["Indicadores o dispositivos de advertencia", "Aire acondicionado", "Calefacción y desempañador"]],
      [
        "Sistema de frenos",
        [
          "Luz de advertencia de falla rota",
          "El pedal no está firme bajo presión (especificación DOT)",
          "Reserva de pedal insuficiente (especificación DOT)",
          "No detiene el vehículo en línea recta (especificación DOT)",
          "Mangueras dañadas",
          "Tambor o disco demasiado delgado (especificaciones del fabricante)",
          "Espesor del forro o pastilla menor de 1/32 de pulgada",
          "Servofreno que no funciona o tiene fugas",
          "Piezas estructurales o mecánicas dañadas",
        ],
      ],
      ["Bolsas de aire", []],
      [
        "Sistema de dirección",
        [
          "Demasiado juego en el volante (especificaciones DOT)",
          "Juego en la articulación mayor de 1/4 de pulgada",
          "La caja de dirección se traba",
          "Ruedas delanteras mal alineadas (especificaciones DOT)",
          "Correas de la dirección asistida rajadas o que patinan",
          "Nivel incorrecto del líquido de la dirección asistida",
        ],
      ],
      [
        "Sistema de suspensión",
        [
          "Sellos de las rótulas dañados",
          "Piezas estructurales dobladas o dañadas",
          "Barra estabilizadora desconectada",
          "Resorte roto",
          "Montaje del amortiguador suelto",
          "Bujes de goma dañados o faltantes",
          "Barra de radio dañada o faltante",
          "Amortiguador con fugas o que no funciona correctamente",
        ],
      ],
      ["Neumáticos", ["Profundidad de la banda de rodamiento menor de 2/32 de pulgada", "Tamaños diferentes", "Daño visible"]],
      ["Ruedas", ["Grietas, daños o reparaciones visibles", "Pernos de montaje sueltos o faltantes"]],
      ["Sistema de escape", ["Fugas", "Convertidor catalítico"]],
    ],
    dealerName: "NOMBRE DEL CONCESIONARIO",
    address: "DIRECCIÓN",
    telephone: "TELÉFONO",
    email: "CORREO ELECTRÓNICO",
    complaints: "PARA QUEJAS DESPUÉS DE LA VENTA, COMUNÍQUESE CON:",
    important:
      "IMPORTANTE: La información contenida en este formulario forma parte de todo contrato de compra de este vehículo. Quitar esta etiqueta antes de la compra del consumidor (salvo para fines de prueba de manejo) es una violación de la ley federal (16 C.F.R. 455).",
  },
  // 16 CFR 455.5(d), exactly.
  signature: {
    acknowledgement: "Por este medio confirmo que he recibido copia de la Guía del Comprador al momento de la compraventa.",
    signature: "FIRMA",
    date: "FECHA",
  },
};

export const BUYERS_GUIDE_TEXT: Record<BuyersGuideLanguage, BuyersGuideText> = { en, es };
