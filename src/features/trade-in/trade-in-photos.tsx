import { Camera, X } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { resizePhoto } from "~/shared/lib/resize-photo";

/**
 * Numbers in the island's words: its props are JSON, so the catalogue's functions are called with these
 * and the island puts the real numbers in their place.
 */
export const FIRST_NUMBER = 900001;
export const SECOND_NUMBER = 900002;
const said = (words: string, first: number, second = 0) =>
  words.replace(String(FIRST_NUMBER), String(first)).replace(String(SECOND_NUMBER), String(second));

export type TradeInPhotosProps = {
  id: string;
  /** Ids of the hint (and the server's message) the input is described by. */
  describedBy: string;
  invalid: boolean;
  max: number;
  autoFocus?: boolean;
  /** Its words in the page's language, numbered ones with FIRST_NUMBER and SECOND_NUMBER in them. */
  text: { removePhoto: string; photoCount: string; preparing: string; uploadProgress: string };
};

/** A chosen photo: the resized copy that is sent, and its preview. */
type Photo = { name: string; file: File; url: string };

/** A resized photo as a file part, named after what was chosen, with the extension of what it now is. */
const asFile = (blob: Blob, chosen: File) =>
  new File(
    [blob],
    chosen.name.replace(/\.[^.]*$/, "") + (blob.type === "image/webp" ? ".webp" : blob.type === "image/png" ? ".png" : ".jpg"),
    { type: blob.type || chosen.type },
  );

/**
 * The trade-in's photos, an island (decision 153). Before it hydrates, and with JavaScript off, it is a file
 * input posted with the form, the photos as they were chosen. Once hydrated, each choice is resized in the
 * browser (what a phone takes would not fit ten in one post) and added to the ones already chosen, with
 * previews and a Remove button each; the resized copies ride in the hidden `photos` input, and the visible one
 * is emptied after each choice.
 */
export function TradeInPhotos({ id, describedBy, invalid, max, autoFocus, text: m }: TradeInPhotosProps) {
  const [photos, setPhotos] = useState<Photo[]>([]);
  const [preparing, setPreparing] = useState<{ done: number; total: number } | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const sent = useRef<HTMLInputElement>(null);

  // What goes with the form: the hidden input holds every photo kept.
  useEffect(() => {
    const files = new DataTransfer();
    for (const photo of photos) files.items.add(photo.file);
    sent.current!.files = files.files;
  }, [photos]);

  async function addPhotos(files: FileList | null | undefined) {
    if (!files?.length) return;
    const chosen = [...files].slice(0, max - photos.length);
    setPreparing({ done: 0, total: chosen.length });
    const added: Photo[] = [];
    for (const [i, file] of chosen.entries()) {
      let resized: File = file;
      try {
        resized = asFile(await resizePhoto(file), file);
      } catch {
        // A file the browser cannot decode: sent as it is, the server says whether it is an image.
      }
      added.push({ name: file.name, file: resized, url: URL.createObjectURL(resized) });
      setPreparing({ done: i + 1, total: chosen.length });
    }
    setPreparing(null);
    setPhotos((kept) => [...kept, ...added]);
    if (fileInput.current) fileInput.current.value = "";
  }

  // Photos chosen before the island hydrated are taken as well.
  useEffect(() => void addPhotos(fileInput.current?.files), []); // eslint-disable-line react-hooks/exhaustive-deps -- once, on hydration

  function removePhoto(index: number) {
    URL.revokeObjectURL(photos[index]!.url);
    setPhotos(photos.filter((_, i) => i !== index));
    fileInput.current?.focus();
  }

  return (
    <>
      <input
        ref={fileInput}
        id={id}
        name="photos"
        type="file"
        accept="image/jpeg,image/png,image/webp"
        multiple
        // eslint-disable-next-line jsx-a11y/no-autofocus -- a post's answer: its first message has the focus (decision 153)
        autoFocus={autoFocus}
        disabled={photos.length >= max}
        aria-describedby={describedBy}
        aria-invalid={invalid || undefined}
        onChange={(e) => void addPhotos(e.currentTarget.files)}
        className="mt-2 block w-full text-base text-gray-900 file:mr-3 file:inline-flex file:items-center file:rounded-md file:border-0 file:bg-gray-900 file:px-4 file:py-2 file:font-semibold file:text-white"
      />
      <input ref={sent} type="file" name="photos" multiple hidden tabIndex={-1} />
      {preparing ? (
        <div className="mt-3" role="status">
          <p className="text-sm text-gray-800">{said(m.preparing, preparing.done, preparing.total)}</p>
          <progress max={preparing.total} value={preparing.done} aria-label={m.uploadProgress} className="mt-1 h-2 w-full accent-red-700" />
        </div>
      ) : null}
      {photos.length ? (
        <>
          <p className="mt-3 text-sm text-gray-800">{said(m.photoCount, photos.length)}</p>
          <ul className="mt-2 grid grid-cols-3 gap-2 sm:grid-cols-5">
            {photos.map((photo, i) => (
              <li key={photo.url} className="relative">
                <img src={photo.url} alt="" className="aspect-square w-full rounded-md object-cover" />
                <button
                  type="button"
                  onClick={() => removePhoto(i)}
                  aria-label={said(m.removePhoto, i + 1)}
                  className="absolute top-1 right-1 inline-flex h-8 w-8 items-center justify-center rounded-full bg-white/90 text-gray-900 shadow hover:bg-white"
                >
                  <X aria-hidden="true" className="h-4 w-4" />
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : (
        <Camera aria-hidden="true" className="mt-3 h-8 w-8 text-gray-500" />
      )}
    </>
  );
}
