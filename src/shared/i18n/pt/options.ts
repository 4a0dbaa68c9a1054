import type { Messages } from "../en";

/** Vehicle option values in Brazilian Portuguese (see ../en/options.ts). */
export const options: Messages["options"] = {
  transmission: { Automatic: "Automático", Manual: "Manual", CVT: "CVT", "Semi-Automatic": "Automatizado" },
  drivetrain: { FWD: "Dianteira (FWD)", RWD: "Traseira (RWD)", AWD: "Integral (AWD)", "4WD": "4x4 (4WD)" },
  bodyStyle: {
    Sedan: "Sedã",
    SUV: "SUV",
    Truck: "Picape",
    Coupe: "Cupê",
    Hatchback: "Hatch",
    Convertible: "Conversível",
    Wagon: "Perua",
    Van: "Van",
    Minivan: "Minivan",
  },
  color: {
    Black: "Preto",
    White: "Branco",
    Silver: "Prata",
    Gray: "Cinza",
    Red: "Vermelho",
    Blue: "Azul",
    Green: "Verde",
    Brown: "Marrom",
    Beige: "Bege",
    Gold: "Dourado",
    Orange: "Laranja",
    Yellow: "Amarelo",
    Purple: "Roxo",
    Burgundy: "Vinho",
    Charcoal: "Grafite",
  },
};
