import { Car, ChevronLeft, ChevronRight } from "lucide-react";
import { useEffect, useRef, useState, type KeyboardEvent } from "react";
import type { VehiclePhoto } from "~/shared/types/vehicle";

/** Horizontal travel (px) that counts as a swipe, as for toasts (docs/behaviour.md §2). */
const SWIPE_THRESHOLD_PX = 50;
const MAIN_SIZES = "(min-width: 1024px) 720px, 100vw";
const slideId = (i: number) => `vehicle-photo-${i + 1}`;

/** A photo of the gallery, with its alternative text in the page's language. */
export type GalleryPhoto = VehiclePhoto & { alt: string };

/** The gallery's text, in the page's language: one count and one thumbnail name per photo. */
export type PhotoGalleryText = {
  gallery: string;
  thumbnails: string;
  noPhoto: string;
  previousPhoto: string;
  nextPhoto: string;
  /** "Photo 2 of 5", for each photo. */
  counts: string[];
  /** "Show photo 2", for each photo. */
  showPhoto: string[];
};

export type PhotoGalleryProps = { photos: GalleryPhoto[]; text: PhotoGalleryText };

const arrowClass =
  "absolute top-1/2 -translate-y-1/2 rounded-full bg-white/90 p-2 text-gray-900 shadow hover:bg-white focus-visible:outline-2 focus-visible:outline-red-700";
const countClass = "absolute bottom-3 right-3 rounded-full bg-gray-900/80 px-3 py-1 text-sm font-semibold text-white";
const thumbClass = (current: boolean) =>
  `block overflow-hidden rounded-md border-2 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-red-700 ${
    current ? "border-red-700" : "border-transparent opacity-80 hover:opacity-100"
  }`;

/**
 * The main photo with a thumbnail strip and the photo count (docs/behaviour.md §2). The photos sit
 * side by side in a strip that snaps to one photo (decision 125). Before the page hydrates, and with
 * JavaScript off, the strip scrolls (a swipe on a phone) and every control is a link to a photo's
 * slide: each slide carries its own count and its own arrows, so they are right whichever photo shows.
 * Once hydrated, one count and one pair of arrows follow the photo shown, thumbnails are buttons, arrow
 * keys on the gallery and a horizontal swipe on the photo move between photos (wrapping), as before.
 * The first photo is the page's largest above-the-fold image: eager, high priority; the others lazy.
 *
 * An island (decision 155): it takes its photos and its text, already in the page's language, as props
 * (`PhotoGallery` in photo-gallery.tsx writes them), and imports only React and its icons, so the islands'
 * script can load it on its own, after the page has painted its first photo.
 */
export function PhotoGalleryView({ photos, text: m }: PhotoGalleryProps) {
  const [index, setIndex] = useState(0);
  const [hydrated, setHydrated] = useState(false);
  const strip = useRef<HTMLUListElement>(null);
  const swipeStart = useRef<number | null>(null);
  const total = photos.length;

  // Hydrated: carry on from the photo the shopper scrolled or linked to before.
  useEffect(() => {
    const element = strip.current;
    if (element && element.clientWidth > 0) setIndex(Math.round(element.scrollLeft / element.clientWidth));
    setHydrated(true);
  }, []);

  if (total === 0) {
    return (
      <div className="flex aspect-[4/3] items-center justify-center rounded-xl bg-gray-100 text-gray-700">
        <Car aria-hidden="true" className="mr-2 h-10 w-10" />
        {m.noPhoto}
      </div>
    );
  }

  const go = (next: number) => {
    const target = (next + total) % total;
    setIndex(target);
    const element = strip.current;
    element?.scrollTo({ left: target * element.clientWidth, behavior: "instant" });
  };
  const onKeyDown = (e: KeyboardEvent) => {
    if (!hydrated) return;
    if (e.key === "ArrowRight") {
      e.preventDefault();
      go(index + 1);
    } else if (e.key === "ArrowLeft") {
      e.preventDefault();
      go(index - 1);
    }
  };
  const arrows = (at: number, link: boolean) => {
    const prev = (at - 1 + total) % total;
    const next = (at + 1) % total;
    const left = <ChevronLeft aria-hidden="true" className="h-6 w-6" />;
    const right = <ChevronRight aria-hidden="true" className="h-6 w-6" />;
    return link ? (
      <>
        <a href={`#${slideId(prev)}`} aria-label={m.previousPhoto} className={`left-3 ${arrowClass}`}>
          {left}
        </a>
        <a href={`#${slideId(next)}`} aria-label={m.nextPhoto} className={`right-3 ${arrowClass}`}>
          {right}
        </a>
      </>
    ) : (
      <>
        <button type="button" onClick={() => go(prev)} aria-label={m.previousPhoto} className={`left-3 ${arrowClass}`}>
          {left}
        </button>
        <button type="button" onClick={() => go(next)} aria-label={m.nextPhoto} className={`right-3 ${arrowClass}`}>
          {right}
        </button>
      </>
    );
  };

  return (
    // Arrow keys pressed on the gallery's own buttons bubble here to change photo; the section itself
    // takes no focus, so no role is needed.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <section aria-label={m.gallery} onKeyDown={onKeyDown} className="space-y-3">
      <div className="relative">
        <ul
          ref={strip}
          // Hydrated, the strip moves only by the gallery's controls and swipe, as one photo with arrows.
          className={`flex snap-x snap-mandatory rounded-xl bg-gray-100 select-none [scrollbar-width:none] ${
            hydrated ? "touch-pan-y overflow-x-hidden" : "overflow-x-auto"
          }`}
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
          {photos.map((photo, i) => (
            <li
              key={photo.src}
              id={slideId(i)}
              className="relative w-full shrink-0 snap-center overflow-hidden"
              aria-hidden={hydrated && i !== index ? true : undefined}
            >
              <img
                src={photo.src}
                srcSet={photo.srcSet}
                sizes={MAIN_SIZES}
                width={photo.width}
                height={photo.height}
                alt={photo.alt}
                loading={i === 0 ? "eager" : "lazy"}
                fetchPriority={i === 0 ? "high" : "low"}
                draggable={false}
                className="aspect-[4/3] w-full object-cover"
                data-testid={i === index ? "main-photo" : undefined}
              />
              {hydrated ? null : (
                <>
                  <p className={countClass}>{m.counts[i]}</p>
                  {total > 1 ? arrows(i, true) : null}
                </>
              )}
            </li>
          ))}
        </ul>
        {hydrated ? (
          <>
            <p className={countClass} aria-live="polite">
              {m.counts[index]}
            </p>
            {total > 1 ? arrows(index, false) : null}
          </>
        ) : null}
      </div>
      {total > 1 ? (
        <ul aria-label={m.thumbnails} className="flex gap-2 overflow-x-auto pb-1">
          {photos.map((p, i) => {
            const thumbnail = (
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
            );
            return (
              <li key={p.src} className="shrink-0">
                {hydrated ? (
                  <button
                    type="button"
                    onClick={() => go(i)}
                    aria-label={m.showPhoto[i]}
                    aria-current={i === index ? "true" : undefined}
                    className={thumbClass(i === index)}
                  >
                    {thumbnail}
                  </button>
                ) : (
                  <a href={`#${slideId(i)}`} aria-label={m.showPhoto[i]} className={thumbClass(i === 0)}>
                    {thumbnail}
                  </a>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}
