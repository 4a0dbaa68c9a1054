import { describe, expect, it } from "vitest";
import { monthlyPayment } from "./payment";

describe("payment estimator", () => {
  it("amortises the amount financed at the monthly rate", () => {
    // $20,000 at 6% for 60 months is $386.66 a month.
    expect(monthlyPayment(20000, 0, 6, 60)).toBe(387);
  });
  it("subtracts the down payment", () => {
    expect(monthlyPayment(25000, 5000, 6, 60)).toBe(387);
  });
  it("divides evenly at 0% APR", () => {
    expect(monthlyPayment(12000, 0, 0, 48)).toBe(250);
  });
  it("is zero when the down payment covers the price", () => {
    expect(monthlyPayment(10000, 12000, 7.9, 60)).toBe(0);
  });
});
