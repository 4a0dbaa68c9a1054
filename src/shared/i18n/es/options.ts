import type { Messages } from "../en";

/** Vehicle option values in US Spanish (see ../en/options.ts). */
export const options: Messages["options"] = {
  transmission: { Automatic: "Automática", Manual: "Manual", CVT: "CVT", "Semi-Automatic": "Semiautomática" },
  drivetrain: { FWD: "Delantera (FWD)", RWD: "Trasera (RWD)", AWD: "Integral (AWD)", "4WD": "4x4 (4WD)" },
  bodyStyle: {
    Sedan: "Sedán",
    SUV: "SUV",
    Truck: "Camioneta pickup",
    Coupe: "Cupé",
    Hatchback: "Hatchback",
    Convertible: "Convertible",
    Wagon: "Station wagon",
    Van: "Van",
    Minivan: "Minivan",
  },
  color: {
    Black: "Negro",
    White: "Blanco",
    Silver: "Plateado",
    Gray: "Gris",
    Red: "Rojo",
    Blue: "Azul",
    Green: "Verde",
    Brown: "Café",
    Beige: "Beige",
    Gold: "Dorado",
    Orange: "Anaranjado",
    Yellow: "Amarillo",
    Purple: "Morado",
    Burgundy: "Vino",
    Charcoal: "Gris oscuro",
  },
};
