/** The /privacy page: GLBA privacy notice and website privacy policy. Loaded by that route only. */
export const privacyPage = {
  title: "Privacy Notice",
  description: (name: string) => `How ${name} collects, uses, shares and protects your personal information.`,
  updated: "Last updated: November 28, 2026",
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
      "The decision on your application (approved, declined or withdrawn) and the day we told you.",
    ],
    formerCustomers: "When you are no longer our customer, we continue to share your information as described in this notice.",
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
      "We keep your Social Security number, date of birth, signature and driver's license encrypted. Only staff whose job requires it can see financing applications; each person signs in with their own account and a second factor, and every view, download and deletion is recorded.",
    retentionHeading: "How long we keep it",
    retention:
      "Federal law (Regulation B, 12 CFR 1002.12(b)) requires us to keep a credit application for 25 months after we tell you what happened to it. We keep yours for 25 months from the later of the day you applied and the day we told you it was approved, declined or withdrawn, then delete it with its signatures and license images. We cannot delete it earlier, even when you ask.",
  },
  website: {
    heading: "Our website privacy policy",
    formsHeading: "Forms you send us",
    forms:
      "When you send a message, book a service appointment, ask what your car is worth, ask for a deal sheet or apply for financing, we use what you enter to answer you, to keep your appointment, to make our offer for your car (its VIN, mileage, condition, photos and any loan payoff and lender you give us), to send your deal sheet and to arrange financing. We e-mail you confirmations and, for bookings, a reminder, and we may call or e-mail you about your request. Photos you send of your car can show its VIN, plate or odometer: only our staff and our customer-management provider receive them. We forward each request by e-mail to the customer-management (CRM) service our sales staff use, which keeps it for us under a contract that requires it to protect it.",
    visitsHeading: "Visits to our pages",
    visits:
      "We count which pages are visited to improve the site. We do not store your IP address for this: we keep a salted hash of it with your browser's description, the page and the referring page.",
    cookiesHeading: "Cookies",
    cookies:
      "We use no advertising cookies. The map on our pages is Google's: it loads only when you choose to open it, and Google may then set its own cookies (Google's privacy policy applies to them). A short-lived cookie lets the browser that submitted a financing application download its PDF copy; our staff use a sign-in cookie. Whether you have seen the welcome card is kept in your browser for the visit, never sent to us.",
    sourceHeading: "How you found us",
    source:
      "When you arrive from an ad, a listing or another website, we keep where you came from (the name of the website that sent you and the campaign tags in the link, such as utm_source or gclid; never the pages you visit) in a cookie of our own for 30 days. It is sent only to our site, never to anyone else, and holds nothing about you. If you send us a message, book or apply, we store it with your request so we know which of our ads and listings work. You can delete it by clearing this site's cookies.",
    contactChoicesHeading: "Calls, texts and e-mails: your consent and how to stop them",
    contactChoices:
      "When you ask for an offer on your car or a deal sheet, a separate box you may leave empty asks whether we may call or text you, also with automated technology, at the number you give; it is never a condition of buying anything. If you tick it we keep its exact wording and version, your language, the time, the internet (IP) address it came from and the number it covers, as a record of your consent. Every e-mail from us carries our postal address and a link to stop our e-mails, calls or texts; you can also tell us by phone or e-mail. We record it on your customer record and no longer contact you that way, but we still answer a request you make later.",
    savedHeading: "Saved vehicles and alerts",
    saved:
      "The vehicles and searches you save are kept in a cookie of our own on your device, for a year or until you remove them; a random number in it lets us count how many shoppers saved a vehicle, never who. If you ask for e-mail alerts, we keep your e-mail address, what you follow, your consent (its wording, language and time) and the alerts we send, and a cookie tells our site that this device opened your alert links. We send alerts only after you confirm, at most one a day, and stop at once when you unsubscribe with the link in any alert. Stopping all our e-mails with the link at the foot of any of our e-mails stops the alerts too.",
    choicesHeading: "Your choices",
    choices:
      "You may ask us what personal information we hold about you, ask us to correct it, or ask us to delete it when the law does not require us to keep it.",
  },
  contactHeading: "Questions",
  contact: (name: string) => `Contact ${name}:`,
};

export type PrivacyPageMessages = typeof privacyPage;
