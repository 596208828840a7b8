import { expect, type Locator, type Page, test } from "@playwright/test";
import { e2e, signedIn, tabTo } from "./support";

/**
 * The editor's shared components on /dev/ui (docs/design.md): the sortable
 * list by mouse and by keyboard alone (with what a screen reader hears), the
 * tag input and the key–value editor.
 */

const initialOrder = ["Front view", "Side view", "Back view", "Handle detail", "Gift box"];

test.beforeEach(async ({ page }) => {
  await signedIn(page, e2e.owner, "/dev/ui");
});

function imageList(page: Page): Locator {
  return page.getByRole("list", { name: "Images", exact: true });
}

/** The labels of the images in the order on screen. */
async function orderOnScreen(page: Page): Promise<string[]> {
  return imageList(page)
    .getByRole("listitem")
    .evaluateAll((items) =>
      items.map(
        (li) =>
          li
            .querySelector("button")
            ?.getAttribute("aria-label")
            ?.replace(/^Move /, "") ?? "",
      ),
    );
}

function announcer(page: Page): Locator {
  return page.locator("#sortable").getByRole("status");
}

test.describe("sortable list", () => {
  test("drags an item to the front with the mouse", async ({ page }) => {
    await expect.poll(() => orderOnScreen(page)).toEqual(initialOrder);
    await imageList(page).scrollIntoViewIfNeeded();
    const handle = page.getByRole("button", { name: "Move Gift box", exact: true });
    const target = imageList(page).getByRole("listitem").filter({ hasText: "Front view" });
    const from = await handle.boundingBox();
    const to = await target.boundingBox();
    if (!from || !to) throw new Error("the list is not on screen");
    await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
    await page.mouse.down();
    await page.mouse.move(to.x + to.width / 2, to.y + to.height / 2, { steps: 20 });
    // While dragging, the order on screen follows the pointer; nothing is saved before the drop.
    await expect(page.getByTestId("saved-order")).toHaveText(initialOrder.join(", "));
    await page.mouse.up();

    const expected = ["Gift box", "Front view", "Side view", "Back view", "Handle detail"];
    await expect.poll(() => orderOnScreen(page)).toEqual(expected);
    await expect(page.getByTestId("saved-order")).toHaveText(expected.join(", "));
    await expect(announcer(page)).toContainText("Dropped Gift box at position 1 of 5.");
  });

  test("moves an item by keyboard alone, with announcements, and cancels with Escape", async ({ page }) => {
    const handle = page.getByRole("button", { name: "Move Back view", exact: true });
    await tabTo(page, handle, { max: 120 });

    await page.keyboard.press("Space");
    await expect(announcer(page)).toContainText("Picked up Back view, position 3 of 5.");
    await page.keyboard.press("ArrowUp");
    await expect(announcer(page)).toContainText("Moved to position 2 of 5.");
    await page.keyboard.press("ArrowUp");
    await expect(announcer(page)).toContainText("Moved to position 1 of 5.");
    // Moved on screen, not saved yet, and the handle keeps the focus.
    await expect
      .poll(() => orderOnScreen(page))
      .toEqual(["Back view", "Front view", "Side view", "Handle detail", "Gift box"]);
    await expect(page.getByTestId("saved-order")).toHaveText(initialOrder.join(", "));
    await expect(handle).toBeFocused();
    await page.keyboard.press("Space");
    await expect(announcer(page)).toContainText("Dropped Back view at position 1 of 5.");
    const saved = ["Back view", "Front view", "Side view", "Handle detail", "Gift box"];
    await expect(page.getByTestId("saved-order")).toHaveText(saved.join(", "));

    // Escape puts a picked-up item back where it was.
    const side = page.getByRole("button", { name: "Move Side view", exact: true });
    await tabTo(page, side);
    await page.keyboard.press("Enter");
    await expect(announcer(page)).toContainText("Picked up Side view, position 3 of 5.");
    await page.keyboard.press("End");
    await expect(announcer(page)).toContainText("Moved to position 5 of 5.");
    await page.keyboard.press("Escape");
    await expect(announcer(page)).toContainText("Cancelled. Side view is back at position 3 of 5.");
    await expect.poll(() => orderOnScreen(page)).toEqual(saved);
    await expect(page.getByTestId("saved-order")).toHaveText(saved.join(", "));
    await expect(side).toBeFocused();
  });
});

// With suggestions, the input is a combobox (its `list` is a <datalist>).
test("tag input: adds by Enter, comma and paste, skips duplicates, removes by keyboard", async ({ page }) => {
  const input = page.getByRole("combobox", { name: "Categories", exact: true });
  const tags = page.getByRole("list", { name: "Categories", exact: true }).getByRole("listitem");
  const status = page.locator("#tags").getByRole("status");
  await expect(tags).toHaveText(["Mugs", "Kitchen"]);

  await input.focus();
  await page.keyboard.type("Tea");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Gift sets,");
  await expect(tags).toHaveText(["Mugs", "Kitchen", "Tea", "Gift sets"]);
  await expect(input).toHaveValue("");
  await expect(status).toContainText("Added Gift sets.");

  await page.keyboard.type("mugs");
  await page.keyboard.press("Enter");
  await expect(status).toContainText("mugs is already in the list.");
  await expect(tags).toHaveCount(4);

  // Backspace in the empty input removes the last tag.
  await page.keyboard.press("Backspace");
  await expect(tags).toHaveText(["Mugs", "Kitchen", "Tea"]);
  await expect(status).toContainText("Removed Gift sets.");

  // Each tag's own button, reached with Shift+Tab; focus comes back to the input.
  await page.keyboard.press("Shift+Tab");
  await expect(page.getByRole("button", { name: "Remove Tea", exact: true })).toBeFocused();
  await page.keyboard.press("Enter");
  await expect(tags).toHaveText(["Mugs", "Kitchen"]);
  await expect(input).toBeFocused();

  // A comma-separated paste adds each new value once.
  await input.evaluate((el, text) => {
    const data = new DataTransfer();
    data.setData("text/plain", text);
    el.dispatchEvent(new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }));
  }, "Sale, New arrivals, kitchen");
  await expect(tags).toHaveText(["Mugs", "Kitchen", "Sale", "New arrivals"]);
  await expect(status).toContainText("kitchen is already in the list.");
});

test("key–value editor: adds a row, flags a duplicate key, removes the row", async ({ page }) => {
  const editor = page.getByRole("group", { name: "Product metadata" });
  await expect(editor.getByRole("textbox", { name: "Key 2", exact: true })).toHaveValue("capacity");

  await editor.getByRole("button", { name: "Add a field" }).click();
  const key3 = editor.getByRole("textbox", { name: "Key 3", exact: true });
  await expect(key3).toBeFocused();
  await page.keyboard.type("material");
  await expect(key3).toHaveAttribute("aria-invalid", "true");
  await expect(key3).toHaveAccessibleDescription("must be unique: row 1 has it too");
  await expect(editor.getByRole("textbox", { name: "Key 1", exact: true })).toHaveAccessibleDescription(
    "must be unique: row 3 has it too",
  );
  await expect(page.getByText("2 rows need a fix before saving.")).toBeVisible();

  await page.keyboard.press("Tab");
  await expect(editor.getByRole("textbox", { name: "Value 3", exact: true })).toBeFocused();
  await page.keyboard.type("Porcelain");
  await page.keyboard.press("Tab");
  const remove = editor.getByRole("button", { name: "Remove row 3 (material)", exact: true });
  await expect(remove).toBeFocused();
  await page.keyboard.press("Enter");

  await expect(key3).toHaveCount(0);
  await expect(editor.getByRole("textbox", { name: "Key 1", exact: true })).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Ready to save.")).toBeVisible();
  await expect(editor.getByRole("button", { name: "Add a field" })).toBeFocused();
});
