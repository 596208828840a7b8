"use client";

import { type FormEvent, useState } from "react";
import { addVideoAction } from "@/lib/actions/products-media";
import { signInAgainIfNeeded } from "@/lib/sign-in-again";
import { hostName, videoHost, withScheme } from "@/lib/store/products/model-media";
import { Button } from "../../ui/button";
import { Field } from "../../ui/field";
import { Input } from "../../ui/input";
import { toast } from "../../ui/toast";

/**
 * "Add a video": a YouTube or Vimeo address (the store's `POST videos`). The
 * address is checked here for an immediate message; the store decides, and
 * its refusal (a 422) shows under the field too.
 */
export function AddVideo({ productKey, onAdded }: { productKey: string; onAdded: () => void }) {
  const [url, setUrl] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const input = event.currentTarget.elements.namedItem("video-url") as HTMLInputElement | null;
    const value = url.trim() ? withScheme(url) : "";
    if (!videoHost(value)) {
      setError(
        value
          ? "This is not a YouTube or Vimeo video address. Copy the address of the video's page."
          : "Enter the address of a YouTube or Vimeo video.",
      );
      input?.focus();
      return;
    }
    setError(null);
    setSending(true);
    try {
      const result = await addVideoAction({ productKey, url: value });
      if (!result.ok) {
        if (signInAgainIfNeeded(result)) return;
        setError(result.fieldErrors?.url ?? `${result.error} Nothing was added.`);
        input?.focus();
        return;
      }
      setUrl("");
      toast.success(`Added the ${hostName(result.data.type) ?? "video"} video.`);
      onAdded();
    } finally {
      setSending(false);
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-labelledby="media-video-heading" className="space-y-3">
      <h3 id="media-video-heading" className="text-sm font-medium text-fg">
        Add a video
      </h3>
      <Field id="media-video-url" label="Video address" hint="A YouTube or Vimeo link." error={error ?? undefined}>
        {(control) => (
          <Input
            {...control}
            name="video-url"
            type="url"
            inputMode="url"
            autoComplete="off"
            spellCheck={false}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
            placeholder="https://www.youtube.com/watch?v=…"
          />
        )}
      </Field>
      <Button type="submit" variant="secondary" pending={sending} pendingLabel="Adding…">
        Add video
      </Button>
    </form>
  );
}
