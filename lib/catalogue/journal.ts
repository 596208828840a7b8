/**
 * The last changes of the catalogue copy's rows (./copy.ts), by the version each one made: the keys
 * put or removed, or null for "everything" (a reading, a re-read that changed rows). What a sorted
 * order kept by ./sorted.ts must take in since the version it was made at.
 */
export class ChangeJournal {
  readonly #entries: { version: number; keys: readonly string[] | null }[] = [];

  constructor(private readonly size = 100) {}

  note(version: number, keys: readonly string[] | null) {
    this.#entries.push({ version, keys });
    if (this.#entries.length > this.size) this.#entries.shift();
  }

  /** The keys changed after `version` up to `current`, or null when that is not known. */
  since(version: number, current: number): Set<string> | null {
    const keys = new Set<string>();
    if (version === current) return keys;
    const first = this.#entries[0];
    if (!first || first.version > version + 1 || version > current) return null;
    for (const entry of this.#entries) {
      if (entry.version <= version) continue;
      if (!entry.keys) return null;
      for (const key of entry.keys) keys.add(key);
    }
    return keys;
  }
}
