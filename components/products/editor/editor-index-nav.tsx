"use client";

import { useEffect, useState } from "react";
import { cn } from "../../ui/cn";
import { currentSection, type EditorSection } from "./editor-index";

/** Where a section counts as being read: a little below the top of the window. */
const readingLine = 120;

/**
 * The editor's index on wide screens: a link to each section, the one being
 * read marked. Plain in-page links: the browser scrolls, the address keeps
 * the section, and focus starts from there.
 */
export function EditorIndexNav({ sections }: { sections: readonly EditorSection[] }) {
  const [current, setCurrent] = useState<string | null>(sections[0]?.id ?? null);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      const tops = sections.flatMap(({ id }) => {
        const element = document.getElementById(id);
        return element ? [{ id, top: element.getBoundingClientRect().top }] : [];
      });
      setCurrent(currentSection(tops, readingLine));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      if (frame) cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [sections]);

  return (
    <nav aria-label="Sections of the product" className="sticky top-10 hidden xl:block">
      <p className="mb-2 text-xs font-semibold tracking-wide text-fg-muted uppercase">On this page</p>
      <ul className="space-y-0.5 border-s border-border">
        {sections.map((section) => (
          <li key={section.id}>
            <a
              href={`#${section.id}`}
              aria-current={current === section.id ? "location" : undefined}
              className={cn(
                "-ms-px block border-s-2 py-1.5 ps-3 text-sm",
                current === section.id
                  ? "border-accent font-medium text-fg"
                  : "border-transparent text-fg-muted hover:text-fg",
              )}
            >
              {section.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}
