import { useMessages } from "~/shared/i18n/messages";
import type { VehiclePhoto } from "~/shared/types/vehicle";
import { Island } from "~/shared/ui/island";
import { PhotoGalleryView, type PhotoGalleryProps } from "./photo-gallery-view";

/**
 * The vehicle page's photos (docs/behaviour.md §2), an island (decision 155): the page's catalogue names
 * each photo and control here, so the view needs no context and hydrates on its own in a document that
 * hydrates only its islands.
 */
export function PhotoGallery({ photos, name }: { photos: VehiclePhoto[]; name: string }) {
  const m = useMessages().vehicle;
  const props: PhotoGalleryProps = {
    photos: photos.map((photo, i) => ({ ...photo, alt: m.photoAlt(name, i + 1) })),
    text: {
      gallery: m.gallery,
      thumbnails: m.thumbnails,
      noPhoto: m.noPhoto,
      previousPhoto: m.previousPhoto,
      nextPhoto: m.nextPhoto,
      counts: photos.map((_, i) => m.photoCount(i + 1, photos.length)),
      showPhoto: photos.map((_, i) => m.showPhoto(i + 1)),
    },
  };
  return <Island name="photo-gallery" view={PhotoGalleryView} props={props} />;
}
