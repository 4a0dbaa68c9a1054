/** Page titles and descriptions used in <title>, meta description and social tags. */
export const pages = {
  home: {
    title: (name: string) => `${name} | Used Cars in Fitchburg, MA`,
    description: (name: string) =>
      `${name} sells quality pre-owned cars, trucks and SUVs in Fitchburg, MA, with flexible financing and service appointments.`,
  },
  inventory: {
    title: (name: string) => `Used Car Inventory | ${name}`,
    description:
      "Browse our selection of quality pre-owned vehicles in Fitchburg, MA: search and filter by make, body style, price and mileage.",
  },
  financing: {
    title: (name: string) => `Auto Financing Pre-Approval | ${name}`,
    description: "Apply for auto financing pre-approval online in minutes: quick approval, competitive rates and a secure process.",
  },
  about: {
    title: (name: string) => `About Us | ${name}`,
    description: "Learn about our family-run used-vehicle dealership in Fitchburg, MA: our story, our services and our values.",
  },
  contact: {
    title: (name: string) => `Contact Us | ${name}`,
    description: "Send us a message, call, or visit our dealership in Fitchburg, MA. See our business hours and directions.",
  },
  booking: {
    title: (name: string) => `Book a Service Appointment | ${name}`,
    description: "Book an oil change, state inspection, brake inspection or detailing online and pick a time that suits you.",
  },
  podium: { title: (name: string) => `Staff Dashboard | ${name}` },
  vehicle: {
    title: (vehicle: string, name: string) => `Used ${vehicle} for sale in Fitchburg, MA | ${name}`,
  },
};
