/**
 * Text of the mails the site sends. Kept out of the `en` page catalogue so no
 * page's JavaScript carries it; mails read it through server/mail/mail-messages.server.ts.
 * Staff mails stay English; shopper mails use the shopper's language once it exists.
 */
export const mail = {
  staff: {
    newMessageSubject: (subject: string, customer: string) => `New message: ${subject} — ${customer}`,
    generalInquiry: "General inquiry",
    newFinancingSubject: (vehicle: string, customer: string) => `New financing application: ${vehicle} — ${customer}`,
    noVehicle: "No vehicle chosen",
    newBookingSubject: (service: string, when: string, customer: string) => `New booking: ${service}, ${when} — ${customer}`,
    bookingCancelledSubject: (service: string, when: string, customer: string) => `Booking cancelled: ${service}, ${when} — ${customer}`,
    adfSubject: (kind: string, customer: string) => `ADF lead (${kind}): ${customer}`,
    adfContact: "contact form",
    adfFinancing: "financing application",
    messageHeading: "New message from the website",
    financingHeading: "New financing application",
    financingNote:
      "The application's sensitive details (SSN, date of birth, income, signature and license) are never sent by e-mail. Open it in the dashboard.",
    bookingHeading: "New service booking",
    bookingCancelledHeading: "A customer cancelled their booking",
    replyHint: "Reply to this mail to answer the customer directly.",
    openMessage: "Open this message in the dashboard",
    openApplication: "Open this application in the dashboard",
    openBooking: "Open this booking in the dashboard",
    /** A financing form opened from a vehicle page whose vehicle has since been sold or removed. */
    vehicleGone: (id: string) => `Applied from the page of a vehicle no longer for sale (id ${id}); no vehicle is attached.`,
    tradeInGiven: "The shopper has a trade-in; ask for its details.",
    /** `<pricecomments>` of a stock vehicle's ADF: what the advertised (asking) price is made of. */
    adfAdvertisedPrice: (cash: string, docFee: string) => `Advertised price: cash price ${cash} plus documentation fee ${docFee}.`,
    noDownPayment: "No down payment given.",
    fields: {
      name: "Name",
      email: "Email",
      phone: "Phone",
      vehicle: "Vehicle",
      vehicleAsTyped: "Vehicle (as typed)",
      /** The price the site shows: the cash price with the documentation fee in it (L2, decision 066). */
      price: "Advertised price",
      cashPrice: (docFee: string) => `Cash price (before the ${docFee} documentation fee)`,
      vin: "VIN",
      stock: "Stock #",
      mileage: "Mileage",
      downPayment: "Down payment",
      tradeIn: "Trade-in",
      customerVehicle: "Customer's vehicle",
      message: "Message",
      service: "Service",
      date: "Date",
      time: "Time",
      notes: "Notes",
      received: "Received",
    },
    yes: "Yes",
    no: "No",
  },
  shopper: {
    contactSubject: (dealer: string) => `We received your message — ${dealer}`,
    contactHeading: (firstName: string) => `Thank you, ${firstName}`,
    contactBody: (phone: string) => `We received your message and will get back to you shortly. If it is urgent, call us at ${phone}.`,
    /** The vehicle the shopper asked about, named in their acknowledgement. */
    aboutVehicle: (vehicle: string) => `Your message is about the ${vehicle}.`,
    financingVehicle: (vehicle: string) => `Vehicle: ${vehicle}`,
    replyHint: "You can reply to this e-mail to reach us.",
    financingSubject: (dealer: string) => `We received your financing application — ${dealer}`,
    financingHeading: (firstName: string) => `Thank you, ${firstName}`,
    financingBody: (phone: string) =>
      `We received your financing application. A member of our team will contact you soon. Questions? Call us at ${phone}.`,
    bookingSubject: (service: string, when: string) => `Your appointment: ${service}, ${when}`,
    bookingHeading: (firstName: string) => `Your time is reserved, ${firstName}`,
    bookingBody:
      "We reserved this time for your service appointment and will contact you shortly to confirm it. The calendar file is attached.",
    manageLink: "See or cancel your appointment",
    reminderSubject: (service: string, when: string) => `Reminder: ${service} tomorrow, ${when}`,
    reminderHeading: (firstName: string) => `See you tomorrow, ${firstName}`,
    reminderBody: "This is a reminder of your service appointment.",
    /** Staff confirmed the booking in the dashboard (decision 058). */
    confirmedSubject: (service: string, when: string) => `Confirmed: ${service}, ${when}`,
    confirmedHeading: (firstName: string) => `Your appointment is confirmed, ${firstName}`,
    confirmedBody: "Our team has confirmed your service appointment. We look forward to seeing you. The updated calendar file is attached.",
    /** The booking was cancelled; the attached calendar file takes it out of the shopper's calendar. */
    cancelledSubject: (service: string, when: string) => `Cancelled: ${service}, ${when}`,
    cancelledHeading: (firstName: string) => `Your appointment is cancelled, ${firstName}`,
    cancelledByShopperBody:
      "As you asked, your service appointment is cancelled and the time is free again. The attached calendar file removes it from your calendar.",
    cancelledByStaffBody: (phone: string) =>
      `We are sorry: we had to cancel your service appointment. The attached calendar file removes it from your calendar. Call us at ${phone} and we will find you another time.`,
    bookAgainLink: "Book another appointment",
    fields: {
      service: "Service",
      date: "Date",
      time: "Time",
      address: "Address",
      phone: "Phone",
    },
    transactional: "You receive this e-mail because of your request on our website. We send no marketing mail.",
    /** Every customer mail's last line, with its own secret link (decision 094). */
    optOutLine: "Don't want to hear from us? Stop our e-mails, calls or texts here:",
    /** The same line under an alert mail, whose own link unsubscribes from the alerts only (decisions 094, 116). */
    optOutLineAfterAlerts: "To stop all our e-mails, calls and texts, not only these alerts:",
  },
  /** The page behind a customer mail's opt-out link (/opt-out/{token}; decision 094); its loader passes this text in. */
  optOut: {
    metaTitle: (dealer: string) => `Stop hearing from us | ${dealer}`,
    title: "Stop hearing from us",
    intro: (dealer: string, email: string) => `Choose how ${dealer} must no longer contact you. This link was sent to ${email}.`,
    legend: "Do not contact me by",
    channels: { email: "E-mail", phone: "Phone calls", text: "Text messages" },
    refused: "already stopped",
    submit: "Stop contacting me",
    done: "Done. We will not contact you this way again. A reply about something you ask us for later is still sent.",
    none: "Tick at least one way.",
    notFound: "This link does not work. Please check that it is complete, or call us.",
    questions: (phone: string) => `Changed your mind, or a question? Call us at ${phone}.`,
  },
  /** The page behind a booking's manage link (/booking/manage/{token}); its loader passes this text in. */
  manage: {
    metaTitle: (dealer: string) => `Your appointment | ${dealer}`,
    title: "Your service appointment",
    heading: "Your appointment",
    status: "Status",
    statuses: { pending: "Booked", confirmed: "Confirmed", cancelled: "Cancelled" },
    cancel: "Cancel this appointment",
    cancelHint: "Cancelling frees the time for other customers at once.",
    cancelledNow: "Your appointment is cancelled. We are sorry we won't see you this time.",
    alreadyCancelled: "This appointment is already cancelled.",
    past: "This appointment's time has passed, so it can no longer be cancelled.",
    notFound: "We could not find this appointment. Please check that the link is complete, or call us.",
    bookAgain: "Book another appointment",
    questions: (phone: string) => `Questions or a change of plans? Call us at ${phone}.`,
  },
};

export type MailMessages = typeof mail;
