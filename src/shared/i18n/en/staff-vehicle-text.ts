/** Staff dashboard text of the vehicle form's feature catalogue and description languages (decision 069). */
export const vehicleText = {
  features: {
    choose: "Choose from the standard options",
    chosen: (count: number) => `${count} chosen`,
    help: "Ticked options are added to the list above; anything else typed there is kept as a custom feature, shown as typed.",
    categories: {
      comfort: "Comfort and convenience",
      technology: "Technology",
      safety: "Safety and driver assistance",
      exterior: "Exterior",
      utility: "Utility",
    },
  },
  descriptions: {
    tabs: "Description language",
    en: "English",
    es: "Spanish",
    pt: "Portuguese",
    esLabel: "Description in Spanish (optional)",
    ptLabel: "Description in Portuguese (optional)",
    fallback: "Left empty, the Spanish or Portuguese page shows the English description.",
  },
};
