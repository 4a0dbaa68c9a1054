/** Content of the Home, About and Contact pages, and the map facade (docs/behaviour.md §2). */
export const site = {
  map: {
    title: (name: string) => `Map showing ${name}`,
    show: "Show interactive map",
    getDirections: "Get Directions",
    notice: "Loads Google Maps",
  },
  visit: {
    heading: "Visit Us",
    address: "Address",
    phone: "Phone",
    email: "Email",
    hours: "Hours",
    callNow: "Call Now",
    findUs: "Find us on Google Maps",
  },
  home: {
    featured: "Featured Vehicles",
    featuredSubtitle: "Hand-picked vehicles from our current inventory",
    viewAll: "View All Vehicles",
    welcomeHeading: (name: string) => `Welcome to ${name}`,
    welcomeText:
      "We are a family-run dealership in Fitchburg, Massachusetts. Every vehicle on our lot is inspected, honestly priced and ready for the road, and our team helps you find the right financing whatever your credit history.",
    servicesHeading: "Our Services",
    services: [
      { title: "Quality Vehicles", text: "Carefully inspected pre-owned cars, trucks and SUVs at fair prices." },
      { title: "Flexible Financing", text: "Options for every credit situation, with quick pre-approval online." },
      { title: "Service & Maintenance", text: "Oil changes, brakes, tires and state inspections by our own technicians." },
    ],
    bookService: "Book a Service",
    whyHeading: "Why Choose Us",
    stats: [
      { value: "15+", label: "Years in Business" },
      { value: "3000+", label: "Vehicles Sold" },
      { value: "98%", label: "Customer Satisfaction" },
      { value: "5000+", label: "Happy Customers" },
    ],
  },
  about: {
    storyHeading: "Our Story",
    story: [
      "For more than fifteen years we have helped families across north-central Massachusetts find reliable, affordable vehicles.",
      "We started as a small lot with a handful of cars and a simple promise: treat every customer the way we would want to be treated. Thousands of vehicles later, that promise has not changed.",
    ],
    servicesHeading: "Our Services",
    services: [
      {
        title: "Quality Used Vehicles",
        text: "Every vehicle is inspected and prepared before it reaches our lot, with a clear history and an honest price.",
      },
      {
        title: "Flexible Financing",
        text: "We work with lenders who serve every credit situation, so you can drive away with a payment that fits.",
      },
    ],
    valuesHeading: "Our Values",
    values: [
      { title: "Quality", text: "We only sell vehicles we would drive ourselves." },
      { title: "Customer Service", text: "We listen first and help you find the vehicle that fits your life and budget." },
      { title: "Integrity", text: "Transparent prices, honest answers and no pressure." },
    ],
    browseInventory: "Browse Inventory",
    contactUs: "Contact Us",
  },
  contact: {
    subtitle: "We'd love to hear from you. Send us a message or stop by the dealership.",
    formHeading: "Send Us a Message",
    detailsHeading: "Contact Information",
    hoursHeading: "Business Hours",
    callHeading: "Prefer to talk?",
    callText: "Call us now and speak with our team.",
    callNow: "Call Now",
    findUs: "Find Us",
  },
};
