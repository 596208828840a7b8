"use client";

import Search from "lucide-react/icons/search";
import { useRouter } from "next/navigation";
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from "react";
import { defaultPageSize, listHref, type ProductListParams } from "@/lib/store/products/input-list";
import { Button } from "../../ui/button";
import { Input } from "../../ui/input";

/**
 * Search the products by name or SKU, in the URL (`?q=lamp`). The API has
 * no search parameter: the results load the whole catalogue in the browser
 * (products-manager.tsx). It searches as the person types, once typing
 * pauses (a search's next words replace its history entry: Back leaves the
 * search, not each letter); Enter searches at once; Escape clears the box, and
 * the search when one is shown. Without JavaScript the form still sends `?q=`.
 */
/** How long typing pauses before the search runs. */
const TYPING_PAUSE_MS = 350;

/**
 * Typing into a search from the list: the server renders the search's page, whose box is a new one.
 * What was typed, for it to take over with focus (this module outlives the navigation).
 */
let typedIntoSearch: string | null = null;

export function ProductSearchBox({ params }: { params: ProductListParams }) {
  const router = useRouter();
  const id = useId();
  const [text, setText] = useState(() => (params.q && typedIntoSearch !== null ? typedIntoSearch : (params.q ?? "")));
  const pause = useRef<ReturnType<typeof setTimeout> | null>(null);
  const box = useRef<HTMLInputElement>(null);
  useEffect(() => () => clearTimeout(pause.current ?? undefined), []);
  // The box of a search typed into from the list: focus, the caret after what was typed, and the rest
  // of what was typed since searched in its turn.
  useEffect(() => {
    if (typedIntoSearch === null) return;
    const typed = typedIntoSearch;
    typedIntoSearch = null;
    if (!params.q) return;
    box.current?.focus();
    box.current?.setSelectionRange(typed.length, typed.length);
    if (typed.trim() !== params.q) type(typed);
    // Once, on mounting.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // A box that stayed through the navigation kept what was typed itself: nothing to hand over.
  useEffect(() => {
    typedIntoSearch = null;
  }, [params.q]);

  function go(typed: string, { typing = false } = {}) {
    clearTimeout(pause.current ?? undefined);
    const q = typed.trim();
    if (typing && q === (params.q ?? "")) return;
    const href = listHref({ page: 0, count: params.count, category: "", q });
    // From one search to the next, the page stays: the results read the URL (useSearchParams) and
    // search the catalogue already loaded, with no round trip to the server. Into or out of a search,
    // the server renders the page.
    if (q && params.q) window.history[typing ? "replaceState" : "pushState"](null, "", href);
    else {
      typedIntoSearch = typing && q ? typed : null;
      router.push(href);
    }
  }

  function type(typed: string) {
    setText(typed);
    // Letters typed while the search's page is on its way: the new box takes them.
    if (typedIntoSearch !== null) typedIntoSearch = typed;
    clearTimeout(pause.current ?? undefined);
    // An emptied box leaves the search by Escape or Enter, not on its own (a person may be retyping).
    if (typed.trim()) pause.current = setTimeout(() => go(typed, { typing: true }), TYPING_PAUSE_MS);
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    go(text);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key !== "Escape") return;
    if (!text && !params.q) return;
    // The browser's own Escape on a search field clears it too; this also leaves the search.
    event.preventDefault();
    setText("");
    if (params.q) go("");
  }

  return (
    <form
      action="/products"
      method="get"
      role="search"
      aria-label="Search products"
      onSubmit={submit}
      className="mb-4 flex flex-col gap-2 sm:flex-row sm:items-end"
    >
      <div className="grow sm:max-w-sm">
        <label htmlFor={`${id}-q`} className="block text-sm font-medium text-fg">
          Search by name or SKU
        </label>
        <p id={`${id}-hint`} className="mt-0.5 text-sm text-fg-muted">
          Searches every product, whatever the case and accents.
        </p>
        <Input
          id={`${id}-q`}
          type="search"
          name="q"
          className="mt-1"
          aria-describedby={`${id}-hint`}
          autoComplete="off"
          enterKeyHint="search"
          ref={box}
          value={text}
          onChange={(event) => type(event.target.value)}
          onKeyDown={onKeyDown}
        />
      </div>
      {params.count !== defaultPageSize ? <input type="hidden" name="count" value={params.count} /> : null}
      <Button type="submit" variant="secondary">
        <Search aria-hidden="true" />
        Search
      </Button>
    </form>
  );
}
