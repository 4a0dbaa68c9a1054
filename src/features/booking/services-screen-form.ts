/** What the Services screen's form and its action agree on (kept out of the *.server module, which the browser never loads). */

export type ServiceTextLanguage = "en" | "es" | "pt";

/** The form's field names: "name" / "description" for English, "translations.es.name" and so on (the API body's paths). */
export const serviceFieldName = (language: ServiceTextLanguage, part: "name" | "description") =>
  language === "en" ? part : `translations.${language}.${part}`;

/** The key of one service's form: its refusal shows in its own editor. */
export const serviceFormKey = (id: string) => `service:${id}`;

/** The id of a service's Edit link: focus returns to it when its editor closes. */
export const serviceEditAnchor = (id: string) => `edit-${id}`;
