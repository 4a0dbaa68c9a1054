/** The /privacy page: GLBA privacy notice and website privacy policy. Loaded by that route only. */
export const privacyPage = {
  title: "Privacy Notice",
  description: (name: string) => `How ${name} collects, uses, shares and protects your personal information.`,
  updated: "Last updated: November 27, 2026",
  glba: {
    heading: "Our privacy notice for financing customers",
    intro: (name: string) =>
      `Financial companies choose how they share your personal information. Federal law (the Gramm-Leach-Bliley Act) gives consumers the right to limit some but not all sharing, and requires us to tell you how we collect, share and protect your personal information. ${name} arranges vehicle financing, so this notice applies to you when you apply for financing with us.`,
    collectHeading: "What we collect",
    collect: [
      "Your name, address, phone number and e-mail address.",
      "Your Social Security number and date of birth.",
      "Your employment, income and the down payment and trade-in you tell us about.",
      "Your signature and your driver's license image, and the same for a co-applicant.",
      "Credit reports and scores we obtain with your permission.",
    ],
    shareHeading: "Why and with whom we share it",
    share: [
      "With lenders and finance companies, so they can decide on and offer you credit for the vehicle you choose.",
      "With consumer reporting agencies (credit bureaus), to obtain your credit report.",
      "With service providers who help us run our business under contracts that require them to protect it.",
      "When the law requires it, for example to respond to a court order or to prevent fraud.",
    ],
    notShared:
      "We do not sell your personal information, and we do not share it with other companies for their own marketing. Because we do not share it in the ways the law lets you limit, you do not need to opt out.",
    protectHeading: "How we protect it",
    protect:
      "We keep your Social Security number, date of birth, signature and driver's license encrypted. Only staff whose job requires it can see financing applications; each person signs in with their own account and a second factor, and every view, download and deletion is recorded. Applications are deleted after the retention period our records policy sets.",
  },
  website: {
    heading: "Our website privacy policy",
    formsHeading: "Forms you send us",
    forms:
      "When you send a message, book a service appointment or apply for financing, we use what you enter to answer you, to keep your appointment and to arrange financing. We e-mail you confirmations and, for bookings, a reminder.",
    visitsHeading: "Visits to our pages",
    visits:
      "We count which pages are visited to improve the site. We do not store your IP address: we keep a salted hash of it with your browser's description, the page and the referring page.",
    cookiesHeading: "Cookies",
    cookies:
      "We use no advertising cookies and no cookies of other companies. A short-lived cookie lets the browser that submitted a financing application download its PDF copy; our staff use a sign-in cookie. Whether you have seen the welcome card is kept in your browser for the visit, never sent to us.",
    sourceHeading: "How you found us",
    source:
      "When you arrive from an ad, a listing or another website, we keep where you came from (the page you landed on, the referring website's address and the campaign tags in the link, such as utm_source or gclid) in a cookie of our own for 30 days. It is sent only to our site, never to anyone else, and holds nothing about you. If you send us a message, book or apply, we store it with your request so we know which of our ads and listings work. You can delete it by clearing this site's cookies.",
    savedHeading: "Saved vehicles and alerts",
    saved:
      "The vehicles and searches you save are kept in a cookie of our own on your device, for a year or until you remove them; a random number in it lets us count how many shoppers saved a vehicle, never who. If you ask for e-mail alerts, we keep your e-mail address, what you follow, your consent (its wording, language and time) and the alerts we send, and a cookie tells our site that this device opened your alert links. We send alerts only after you confirm, at most one a day, and stop at once when you unsubscribe with the link in any alert.",
    choicesHeading: "Your choices",
    choices:
      "You may ask us what personal information we hold about you, ask us to correct it, or ask us to delete it when the law does not require us to keep it.",
  },
  contactHeading: "Questions",
  contact: (name: string) => `Contact ${name}:`,
};

export type PrivacyPageMessages = typeof privacyPage;
