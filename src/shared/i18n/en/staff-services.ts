/** The staff dashboard's Services section: each service's name and description in three languages. */
export const services = {
  heading: "Services",
  intro:
    "Each service's name and description as the booking page, the shopper's mails and calendar file show them. English is required; a Spanish or Portuguese text left empty shows the English one on that language's pages.",
  languages: { en: "English", es: "Spanish", pt: "Portuguese" },
  name: "Name",
  description: "Description",
  edit: (service: string) => `Edit ${service}`,
  editShort: "Edit",
  save: "Save",
  saving: "Saving...",
  cancel: "Cancel",
  saved: (service: string) => `${service} saved.`,
  missing: "English shown",
  untranslated: (count: number) => (count === 1 ? "1 text untranslated" : `${count} texts untranslated`),
  loadFailed: "The services could not be loaded.",
  saveFailed: "The service could not be saved.",
  validation: {
    nameRequired: "Enter the English name.",
    descriptionRequired: "Enter the English description.",
    nameTooLong: "Use at most 80 characters.",
    descriptionTooLong: "Use at most 400 characters.",
    fixFields: "Please correct the highlighted fields.",
  },
};
