/**
 * The order page's way back to the list: `/orders/1042?back=/orders?view=paid&page=2`
 * returns to the list as it was (its tab and page live in its URL). Only a
 * path of the orders list is taken, so the link cannot lead anywhere else
 * (another page, another site: `//evil.example`, `/orders/../users`). Pure:
 * the page and the list both use it.
 */

export const ordersListPath = "/orders";

export function backToList(param: string | string[] | undefined): string {
  const value = (Array.isArray(param) ? param[0] : param)?.trim() ?? "";
  if (!value || value.length > 500) return ordersListPath;
  // The list itself, with or without a query: nothing else (no /orders/…, no /ordersX, no #, no backslashes).
  if (!/^\/orders(\?[^#\\\s]*)?$/.test(value)) return ordersListPath;
  return value;
}

/** The order's page, remembering the list it was opened from: for links in the list. */
export function orderHref(number: number, from?: string): string {
  const path = `/orders/${number}`;
  const back = from === undefined ? ordersListPath : backToList(from);
  return back === ordersListPath ? path : `${path}?${new URLSearchParams({ back }).toString()}`;
}
