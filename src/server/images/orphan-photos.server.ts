import type { AppContext } from "~/server/context.server";
import { tradeInPhotoKeyInUse } from "~/server/data/trade-ins.server";
import { vehicleImageKeyInUse } from "~/server/data/vehicles.server";
import { fileStoreFor } from "~/server/storage/file-store.server";
import { PUBLIC_IMAGES, removeImageFiles, TRADE_IN_PHOTOS } from "./image-store.server";

/**
 * A photo uploaded in the vehicle form waits for the form to be saved; a day is more than any form
 * stays open. Files younger than this are never swept.
 */
export const ORPHAN_PHOTO_GRACE_MS = 24 * 60 * 60 * 1000;

const VARIANT = /^([0-9a-f]{32})-/;

/**
 * Removes the files of photos nothing shows, last written before `olderThan` (decision 123): a stock
 * photo uploaded and never saved with a vehicle, the files an upload wrote before the store went out of
 * reach, the photos of a deleted vehicle or request whose removal failed. Another process may be
 * writing a photo right now: only files older than the grace go, and a photo is kept if anything
 * shows it when it is checked. Returns how many photos' files were removed.
 */
export async function removeOrphanPhotos(ctx: AppContext, olderThan: Date): Promise<number> {
  const store = fileStoreFor(ctx);
  let removed = 0;
  for (const [folder, inUse] of [
    [PUBLIC_IMAGES, vehicleImageKeyInUse],
    [TRADE_IN_PHOTOS, tradeInPhotoKeyInUse],
  ] as const) {
    const newest = new Map<string, number>();
    for await (const file of store.list(`${folder}/`)) {
      const key = VARIANT.exec(file.key.slice(folder.length + 1))?.[1];
      if (key) newest.set(key, Math.max(newest.get(key) ?? 0, file.modifiedAt.getTime()));
    }
    for (const [key, modified] of newest) {
      if (modified >= olderThan.getTime() || (await inUse(ctx.db, key))) continue;
      await removeImageFiles(store, folder, key);
      removed++;
    }
  }
  return removed;
}

/**
 * Sweeps a minute after start-up (out of the way of the first requests; a process redeployed daily
 * would otherwise never sweep), then once a day. The timers never keep the process alive; a failed sweep
 * is logged and tried again next time.
 */
export function scheduleOrphanPhotoSweep(ctx: AppContext): () => void {
  const run = () =>
    removeOrphanPhotos(ctx, new Date(Date.now() - ORPHAN_PHOTO_GRACE_MS))
      .then((removed) => {
        if (removed) ctx.logger.info({ photos: removed }, "unreferenced photo files removed");
      })
      .catch((error: Error) => ctx.logger.warn({ err: { message: error.message } }, "photo sweep failed"));
  const first = setTimeout(run, 60_000);
  const timer = setInterval(run, ORPHAN_PHOTO_GRACE_MS);
  first.unref();
  timer.unref();
  return () => {
    clearTimeout(first);
    clearInterval(timer);
  };
}
