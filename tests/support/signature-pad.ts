import type { Page } from "playwright-core";

/** Draws a wavy stroke on the signature pad of the fieldset named `group`, as a mouse would. */
export async function drawSignature(page: Page, group: string): Promise<void> {
  const canvas = page.getByRole("group", { name: group, exact: true }).locator("canvas");
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  await page.mouse.move(box.x + box.width * 0.1, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let i = 1; i <= 12; i++)
    await page.mouse.move(box.x + box.width * (0.1 + i * 0.06), box.y + box.height * (0.7 - Math.sin(i / 2) * 0.4), { steps: 2 });
  await page.mouse.up();
}
