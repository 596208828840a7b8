/**
 * The editor's sections in page order, for its index on wide screens (and
 * the order the page lays them out in): the basics, then the pictures, then
 * the rest. Plain data, tested alone.
 */

export interface EditorSection {
  /** The section's element id: the index links to `#id`. */
  id: string;
  label: string;
}

export function editorSections({
  creating,
  canEdit,
  hasMedia,
}: {
  creating: boolean;
  canEdit: boolean;
  /** The page shows the media section (editing) or the images to upload (creating). */
  hasMedia: boolean;
}): EditorSection[] {
  const sections: (EditorSection | null)[] = [
    { id: "basics", label: "Basics" },
    hasMedia ? { id: "product-media", label: creating ? "Images" : "Images and videos" } : null,
    { id: "pricing", label: "Pricing" },
    { id: "inventory", label: "Inventory and shipping" },
    { id: "options", label: "Options" },
    { id: "extras", label: "Extras" },
    { id: "categories", label: "Categories" },
    { id: "product-form", label: "Custom form" },
    canEdit ? { id: "metadata", label: "Metadata" } : null,
    !creating && canEdit ? { id: "delete", label: "Delete product" } : null,
  ];
  return sections.filter((s): s is EditorSection => s !== null);
}

/**
 * The section being read: the last one whose top has passed `line` (px from
 * the viewport's top), or the first. `tops` are the sections' tops relative
 * to the viewport, in page order.
 */
export function currentSection(tops: readonly { id: string; top: number }[], line: number): string | null {
  let current = tops[0]?.id ?? null;
  for (const { id, top } of tops) {
    if (top <= line) current = id;
    else break;
  }
  return current;
}
