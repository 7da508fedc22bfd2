import type { Page } from "@playwright/test";

const exactly = (text: string) => new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`);

/** The sonner toasts of `type` whose title is exactly `title`. */
export function toasts(page: Page, type: "success" | "info" | "warning" | "error", title: string) {
  return page
    .locator(`[data-sonner-toast][data-type="${type}"]`)
    .filter({ has: page.locator("[data-title]", { hasText: exactly(title) }) });
}
