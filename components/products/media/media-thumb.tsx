import Play from "lucide-react/icons/play";
import ImageOff from "lucide-react/icons/image-off";
import { hostName, type MediaEntry } from "@/lib/store/products/model-media";
import { mediaUrl } from "@/lib/store/products/model";
import { cn } from "../../ui/cn";

/**
 * One picture of the media section: an image, or a video's thumbnail with a
 * play mark. The store's media live on its own host: a plain <img> (no
 * image optimisation), lazily loaded, square.
 */
export function MediaThumb({ entry, alt, className }: { entry: MediaEntry; alt: string; className?: string }) {
  const src = mediaUrl(entry.sizes, "medium");
  return (
    <div className={cn("relative aspect-square overflow-hidden rounded-md bg-surface-muted", className)}>
      {src ? (
        // eslint-disable-next-line @next/next/no-img-element -- the store's media are on its host, served as they are.
        <img
          src={src}
          alt={alt}
          width={240}
          height={240}
          loading="lazy"
          decoding="async"
          draggable={false}
          className="size-full object-cover"
        />
      ) : (
        <div role="img" aria-label={alt} className="flex size-full items-center justify-center text-fg-muted">
          <ImageOff aria-hidden="true" className="size-6" />
        </div>
      )}
      {entry.kind === "video" ? (
        <span className="absolute inset-x-1 bottom-1 inline-flex items-center gap-1 rounded-sm bg-surface/90 px-1.5 py-0.5 text-xs font-medium text-fg">
          <Play aria-hidden="true" className="size-3" />
          {hostName(entry.host) ?? "Video"}
        </span>
      ) : null}
    </div>
  );
}
