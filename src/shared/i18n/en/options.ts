/**
 * Display names of the vehicle option values (docs/behaviour.md §5 lists). The stored values and the filter
 * values in URLs stay these English words in every language; only what is shown is translated.
 */
export const options = {
  transmission: { Automatic: "Automatic", Manual: "Manual", CVT: "CVT", "Semi-Automatic": "Semi-Automatic" },
  drivetrain: { FWD: "FWD", RWD: "RWD", AWD: "AWD", "4WD": "4WD" },
  bodyStyle: {
    Sedan: "Sedan",
    SUV: "SUV",
    Truck: "Truck",
    Coupe: "Coupe",
    Hatchback: "Hatchback",
    Convertible: "Convertible",
    Wagon: "Wagon",
    Van: "Van",
    Minivan: "Minivan",
  },
  color: {
    Black: "Black",
    White: "White",
    Silver: "Silver",
    Gray: "Gray",
    Red: "Red",
    Blue: "Blue",
    Green: "Green",
    Brown: "Brown",
    Beige: "Beige",
    Gold: "Gold",
    Orange: "Orange",
    Yellow: "Yellow",
    Purple: "Purple",
    Burgundy: "Burgundy",
    Charcoal: "Charcoal",
  },
};
