export type UploadedPhoto = { key: string; width: number; height: number; url: string };

/** POSTs one photo with upload progress (XMLHttpRequest, since fetch reports none). */
export function uploadPhoto(blob: Blob, onProgress: (loaded: number) => void): Promise<UploadedPhoto> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/admin/photos");
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "image/jpeg");
    xhr.upload.onprogress = (e) => onProgress(e.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) resolve(JSON.parse(xhr.responseText) as UploadedPhoto);
      else reject(new Error(`${xhr.status}: ${xhr.responseText || xhr.statusText}`));
    };
    xhr.onerror = () => reject(new Error("0: Network error"));
    xhr.send(blob);
  });
}
