"use client";

import { type QueryKey, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useEffect, useState } from "react";
import { importImagesAction } from "@/lib/actions/products-media";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { parseImageSources } from "@/lib/store/products/model-media";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { Textarea } from "../../ui/input";
import { Notice } from "../../ui/notice";
import { importProgress, type ImportJob, importMessage } from "./import-jobs";

/** How often the images are read while the store fetches, and for how long at most. */
const pollEveryMs = 2000;
const giveUpAfterMs = 90_000;

/**
 * "Add images by URL": the store's multiple upload (`images`, a list of web
 * addresses or import-folder paths, no callback). The store answers the
 * future image keys at once and fetches in the background; the section reads
 * the product's images every two seconds until every key is there, or says
 * after a minute and a half what did and did not arrive.
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
  const [sending, setSending] = useState(false);
  const [jobs, setJobs] = useState<ImportJob[]>([]);

  const present = new Set(imageKeys);
  const shown = jobs.map((job) => importProgress(job, present));
  const working = shown.some((job) => job.state === "working");

  // While a job is under way: read the images again, and give up in time.
  useEffect(() => {
    if (!working) return;
    const timer = window.setInterval(() => {
      void queryClient.invalidateQueries({ queryKey: mediaKey });
      const now = Date.now();
      setJobs((current) =>
        current.map((job) => (!job.gaveUp && now - job.startedAt > giveUpAfterMs ? { ...job, gaveUp: true } : job)),
      );
    }, pollEveryMs);
    return () => window.clearInterval(timer);
  }, [working, queryClient, mediaKey]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = parseImageSources(text);
    if (parsed.error) {
      setError(parsed.error);
      return;
    }
    setError(null);
    setSending(true);
    try {
      const result = await importImagesAction({ productKey, sources: parsed.sources });
      if (!result.ok) {
        if (signInAgainIfNeeded(result)) return;
        setError(result.fieldErrors?.sources ?? `${result.error} Nothing was added.`);
        return;
      }
      setJobs((current) => [
        ...current,
        {
          id: `${Date.now()}-${current.length}`,
          ids: result.data.ids,
          count: parsed.sources.length,
          startedAt: Date.now(),
          gaveUp: false,
        },
      ]);
      setText("");
      void queryClient.invalidateQueries({ queryKey: mediaKey });
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="media-import-heading" className="space-y-3">
      <h3 id="media-import-heading" className="text-sm font-medium text-fg">
        Add images by URL
      </h3>
      <Field
        id="media-import-urls"
        label="Image addresses"
        hint="One per line: web addresses (https://…) or files in the store's import folder."
        error={error ?? undefined}
      >
        {(control) => (
          <Textarea
            {...control}
            rows={3}
            value={text}
            onChange={(event) => setText(event.target.value)}
            placeholder="https://example.com/photo.jpg"
            spellCheck={false}
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" pending={sending} pendingLabel="Sending…">
        Add images
      </Button>
      <div role="status" className="space-y-2">
        {shown.map((job) => (
          <Notice key={job.id} tone={job.state === "done" ? "success" : job.state === "working" ? "info" : "warning"}>
            <div className="flex items-start justify-between gap-2">
              <span>{importMessage(job)}</span>
              {job.state !== "working" ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => setJobs((current) => current.filter((j) => j.id !== job.id))}
                >
                  Dismiss
                </Button>
              ) : null}
            </div>
          </Notice>
        ))}
      </div>
    </form>
  );
}
