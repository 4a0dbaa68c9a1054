import { Car, ChevronLeft, ChevronRight } from "lucide-react";
import { useId, useRef, useState, type KeyboardEvent } from "react";
import { useMessages } from "~/shared/i18n/messages";
import type { VehiclePhoto } from "~/shared/types/vehicle";

/** Horizontal travel (px) that counts as a swipe, as for toasts (docs/behaviour.md §9). */
const SWIPE_THRESHOLD_PX = 50;
const MAIN_SIZES = "(min-width: 1024px) 720px, 100vw";

/**
 * The main photo with a clickable thumbnail strip and the photo count (docs/behaviour.md §2). Arrow keys
 * on the gallery and a horizontal swipe on the photo move between photos. The main photo is
 * the page's largest above-the-fold image, so it loads eagerly with high priority.
 */
export function PhotoGallery({ photos, name }: { photos: VehiclePhoto[]; name: string }) {
  const m = useMessages().vehicle;
  const [index, setIndex] = useState(0);
  const swipeStart = useRef<number | null>(null);
  const id = useId();
  const total = photos.length;

  if (total === 0) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-xl bg-gray-100 text-gray-700">
        <Car aria-hidden="true" className="mr-2 h-10 w-10" />
        {m.noPhoto}
      </div>
    );
  }

  const go = (next: number) => setIndex((next + total) % total);
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === "ArrowRight") {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      go(index - 1);
    }
  };
  const photo = photos[index]!;

  return (
    // Arrow keys pressed on the gallery's own buttons bubble here to change photo; the section itself
    // takes no focus, so no role is needed.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section aria-label={m.gallery} onKeyDown={onKeyDown} className="space-y-3">
      <div
        className="relative touch-pan-y select-none overflow-hidden rounded-xl bg-gray-100"
        onPointerDown={(e) => (swipeStart.current = e.clientX)}
        onPointerUp={(e) => {
          if (swipeStart.current === null) return;
          const dx = e.clientX - swipeStart.current;
          swipeStart.current = null;
          if (dx <= -SWIPE_THRESHOLD_PX) go(index + 1);
          else if (dx >= SWIPE_THRESHOLD_PX) go(index - 1);
        }}
        onPointerCancel={() => (swipeStart.current = null)}
      >
        <img
          key={photo.src}
          src={photo.src}
          srcSet={photo.srcSet}
          sizes={MAIN_SIZES}
          width={photo.width}
          height={photo.height}
          alt={m.photoAlt(name, index + 1)}
          loading={index === 0 ? "eager" : "lazy"}
          fetchPriority={index === 0 ? "high" : "auto"}
          draggable={false}
          className="aspect-[4/3] w-full object-cover"
          data-testid="main-photo"
        />
        <p
          className="absolute bottom-3 right-3 rounded-full bg-gray-900/80 px-3 py-1 text-sm font-semibold text-white"
          aria-live="polite"
          id={`${id}-count`}
        >
          {m.photoCount(index + 1, total)}
        </p>
        {total > 1 ? (
          <>
            <button
              type="button"
              onClick={() => go(index - 1)}
              aria-label={m.previousPhoto}
              className="absolute left-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-red-700"
            >
              <ChevronLeft aria-hidden="true" className="h-6 w-6" />
            </button>
            <button
              type="button"
              onClick={() => go(index + 1)}
              aria-label={m.nextPhoto}
              className="absolute right-3 top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-red-700"
            >
              <ChevronRight aria-hidden="true" className="h-6 w-6" />
            </button>
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <ul aria-label={m.thumbnails} className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((p, i) => (
            <li key={p.src} className="shrink-0">
              <button
                type="button"
                onClick={() => setIndex(i)}
                aria-label={m.showPhoto(i + 1)}
                aria-current={i === index ? "true" : undefined}
                className={`block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 ${
                  i === index ? "border-red-700" : "border-transparent opacity-80 hover:opacity-100"
                }`}
              >
                <img
                  src={p.src}
                  srcSet={p.srcSet}
                  sizes="96px"
                  width={96}
                  height={72}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="h-[72px] w-24 object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}
