"use client";

import { type QueryKey, useQuery, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { dismissImportAction, importImagesAction } from "@/lib/actions/products-media";
import { fetchJson } from "@/lib/query/fetch-json";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { type ImageImport, parseImageLines, type RefusedLine, refusedLineText } from "@/lib/store/products/model-media";
import { Button } from "../../ui/button";
import { fieldControlProps, FieldError } from "../../ui/field";
import { Textarea } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { addressMessage, importMessage, importProgress, type ImportProgress, retriedBy } from "./import-jobs";

/** How often the images and the imports are read while the store fetches; then while late ones may still come. */
const pollEveryMs = 2000;
const pollLateEveryMs = 5000;

const fieldId = "media-import-urls";

/**
 * "Add images by URL": the store's multiple upload (`images`, a list of web
 * addresses or import-folder paths). One address per line; a line that cannot
 * be one is refused here with its reason and stays in the box, the others are
 * sent. The store answers the future image keys at once and fetches in the
 * background; the dashboard's server keeps the request for this session
 * (GET /api/products/[key]/imports, so it outlives a reload) with the store's
 * report when its callback comes. Each address shows as fetching, added,
 * failed with the store's reason, or, past the store's own time limit, not
 * arrived.
 */
export function AddByUrl({
  productKey,
  mediaKey,
  imageKeys,
}: {
  productKey: string;
  mediaKey: QueryKey;
  imageKeys: string[];
}) {
  const queryClient = useQueryClient();
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [refused, setRefused] = useState<RefusedLine[]>([]);
  const [sending, setSending] = useState(false);
  // Imports that finished while on this page: shown until dismissed (the server forgets them at once).
  const [finished, setFinished] = useState<ImportProgress[]>([]);
  // Imports dismissed or finished here: no longer shown from the server's list.
  const [forgotten, setForgotten] = useState<ReadonlySet<string>>(() => new Set());
  const [now, setNow] = useState(() => Date.now());

  // Under the media key: every refresh of the images reads the imports too.
  const importsKey = [...mediaKey, "imports"];
  const imports = useQuery({
    queryKey: importsKey,
    queryFn: ({ signal }) =>
      fetchJson<ImageImport[]>(`/api/products/${encodeURIComponent(productKey)}/imports`, { signal }),
  });

  const present = new Set(imageKeys);
  const readAt = imports.dataUpdatedAt;
  const shown = (imports.data ?? [])
    .filter((job) => !forgotten.has(job.id) && !finished.some((f) => f.id === job.id))
    .map((job) => importProgress(job, present, job.elapsedMs + Math.max(0, now - readAt)));
  const working = shown.some((job) => job.state === "working");
  const watching = shown.some((job) => job.watching);

  // While something may still change: read the images (and so the imports) again.
  useEffect(() => {
    if (!watching) return;
    const timer = window.setInterval(
      () => {
        setNow(Date.now());
        void queryClient.invalidateQueries({ queryKey: mediaKey });
      },
      working ? pollEveryMs : pollLateEveryMs,
    );
    return () => window.clearInterval(timer);
  }, [watching, working, queryClient, mediaKey]);

  // A finished import stays on screen here until dismissed (kept from the render
  // that first saw it done), and the server forgets it: not shown after a reload.
  const newlyDone = shown.filter((job) => job.state === "done" && !finished.some((f) => f.id === job.id));
  if (newlyDone.length) setFinished([...finished, ...newlyDone]);
  const told = useRef(new Set<string>());
  useEffect(() => {
    for (const job of finished) {
      if (told.current.has(job.id)) continue;
      told.current.add(job.id);
      void dismissImportAction({ productKey, importId: job.id });
    }
  }, [finished, productKey]);

  // What the section shows: the imports finished here, then the others.
  const listed = [...finished.filter((job) => !forgotten.has(job.id)), ...shown.filter((job) => job.state !== "done")];

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseImageLines(text);
    if (parsed.error) {
      setRefused(parsed.refused);
      setError(parsed.error);
      return;
    }
    setError(null);
    if (!parsed.sources.length) {
      setRefused(parsed.refused);
      return;
    }
    setSending(true);
    try {
      const result = await importImagesAction({ productKey, sources: parsed.sources });
      if (!result.ok) {
        if (signInAgainIfNeeded(result)) return;
        setRefused(parsed.refused);
        setError(result.fieldErrors?.sources ?? `${result.error} Nothing was added.`);
        return;
      }
      // What was not sent stays in the box, in its order, each line with its reason.
      const byStore = new Map(result.data.refused.map((r) => [r.source, r.reason]));
      const kept = text
        .split(/\r\n|\r|\n/)
        .map((line) => line.trim())
        .filter((line, index, all) => line && all.indexOf(line) === index)
        .flatMap((line) => {
          const reason = parsed.refused.find((r) => r.text === line)?.reason ?? byStore.get(line);
          return reason ? [{ text: line, reason }] : [];
        });
      setText(kept.map((line) => line.text).join("\n"));
      setRefused(kept.map((line, index) => ({ ...line, line: index + 1 })));
      const started = result.data.import;
      if (started) {
        // A failed import sent again: the new one's box takes the place of the old one's.
        forget(retriedBy(started.sources, listed));
        queryClient.setQueryData<ImageImport[]>(importsKey, (current) => [
          ...(current ?? []).filter((job) => job.id !== started.id),
          started,
        ]);
        setNow(Date.now());
      }
      void queryClient.invalidateQueries({ queryKey: mediaKey });
    } finally {
      setSending(false);
    }
  }

  /** Imports no longer shown, here or after a reload (dismissed, or replaced by a retry). */
  function forget(ids: string[]) {
    if (!ids.length) return;
    setForgotten((current) => new Set([...current, ...ids]));
    setFinished((current) => current.filter((job) => !ids.includes(job.id)));
    queryClient.setQueryData<ImageImport[]>(importsKey, (current) => current?.filter((job) => !ids.includes(job.id)));
    for (const id of ids) void dismissImportAction({ productKey, importId: id });
  }

  const problem = error ?? (refused.length ? refusedSummary(refused.length) : null);
  const control = fieldControlProps(fieldId, { hint: true, error: problem ?? undefined });

  return (
    <form onSubmit={submit} noValidate aria-labelledby="media-import-heading" className="min-w-0 space-y-3">
      <h3 id="media-import-heading" className="text-sm font-medium text-fg">
        Add images by URL
      </h3>
      <div>
        <label htmlFor={fieldId} className="block text-sm font-medium text-fg">
          Image addresses
        </label>
        <p id={`${fieldId}-hint`} className="mt-0.5 text-sm text-fg-muted">
          One per line: web addresses (https://…) or image files in the store&apos;s import folder.
        </p>
        <div className="mt-1">
          <Textarea
            {...control}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="https://example.com/photo.jpg"
            spellCheck={false}
          />
        </div>
        <div id={`${fieldId}-error`}>
          <FieldError id={`${fieldId}-error-summary`} error={problem ?? undefined} />
          {refused.length ? (
            <ul className="mt-1 list-disc space-y-1 ps-5 text-sm text-danger [overflow-wrap:anywhere]">
              {refused.map((line) => (
                <li key={`${line.line}-${line.text}`}>{refusedLineText(line)}</li>
              ))}
            </ul>
          ) : null}
        </div>
      </div>
      <Button type="submit" variant="secondary" pending={sending} pendingLabel="Sending…">
        Add images
      </Button>
      <div role="status" className="space-y-2" data-imports-read={imports.isFetched ? "" : undefined}>
        {listed.map((job) => (
          <ImportNotice key={job.id} job={job} onDismiss={() => forget([job.id])} />
        ))}
      </div>
    </form>
  );
}

function refusedSummary(count: number): string {
  return count === 1
    ? "This line was not sent. Correct it and add it again:"
    : `These ${count} lines were not sent. Correct them and add them again:`;
}

function ImportNotice({ job, onDismiss }: { job: ImportProgress; onDismiss: () => void }) {
  const tone = job.state === "done" ? "success" : job.state === "working" ? "info" : "error";
  return (
    <Notice tone={tone}>
      <div className="flex items-start justify-between gap-2" data-import={job.id} data-import-state={job.state}>
        <div className="min-w-0 flex-1">
          <p>{importMessage(job)}</p>
          {job.state !== "done" ? (
            <ul className="mt-2 space-y-2">
              {job.addresses.map((address, index) => (
                <li key={`${index}-${address.source}`} data-import-address={address.state}>
                  <span className="block font-medium [overflow-wrap:anywhere]">{address.source}</span>
                  <span className="block [overflow-wrap:anywhere]">{addressMessage(address, job)}</span>
                </li>
              ))}
            </ul>
          ) : null}
        </div>
        {job.state !== "working" ? (
          <Button variant="ghost" size="sm" onClick={onDismiss}>
            Dismiss
          </Button>
        ) : null}
      </div>
    </Notice>
  );
}
