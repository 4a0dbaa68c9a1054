/** The Leads tab (docs/behaviour.md §16). English only, like the dashboard. */
export const inbox = {
  caption: "Leads, newest first",
  count: (n: number, more: boolean) => (more ? `${n}+ leads` : n === 1 ? "1 lead" : `${n} leads`),
  emptyTitle: "No leads",
  emptyText: "No lead matches these filters.",
  filters: "Filters",
  types: { message: "Message", financing: "Financing", booking: "Booking", "trade-in": "Trade-in", deal: "Deal" } as Record<string, string>,
  columns: {
    type: "Type",
    customer: "Customer",
    language: "Language",
    vehicle: "Vehicle",
    status: "Status",
    assignee: "Assignee",
    age: "Age",
  },
  filter: {
    status: "Status",
    type: "Type",
    assignee: "Assignee",
    language: "Language",
    source: "Source",
    sourceHint: "e.g. google, fall",
    search: "Search",
    searchHint: "Name, e-mail or phone",
    apply: "Search",
    any: "All",
    mine: "Mine",
    unassigned: "Unassigned",
  },
  waiting: "Waiting",
  waitingLabel: "Waiting: nobody has answered yet",
  unassigned: "Nobody",
  take: "Take",
  takeLabel: (name: string) => `Take ${name}'s lead`,
  taken: "The lead is yours",
  takeFailed: "Could not take the lead. Please try again.",
  assigneeFor: (name: string) => `Assignee of ${name}'s lead`,
  reassigned: "Lead reassigned",
  reassignFailed: "Could not reassign the lead. Please try again.",
  statusFor: (name: string) => `Status of ${name}'s lead`,
  statusSaved: (status: string) => `Marked ${status.toLowerCase()}`,
  statusFailed: "Could not change the status. Please try again.",
  openCustomer: (name: string) => `Open ${name}'s record`,
  noVehicle: "—",
  loadMore: "Show older leads",
  away: "Away: give new leads to others",
  awayOn: "You are away: new leads go to the others.",
  awayOff: "You are back: new leads come to you again.",
  awayFailed: "Could not change your away switch. Please try again.",
  age: (ms: number) => {
    const minutes = Math.max(0, Math.floor(ms / 60_000));
    if (minutes < 60) return `${minutes} min`;
    const hours = Math.floor(minutes / 60);
    if (hours < 48) return `${hours} h`;
    return `${Math.floor(hours / 24)} d`;
  },
};
