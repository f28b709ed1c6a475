// Choosing a picture (a story's participant, a library character): an image file, drawn smaller on a canvas (at most 256 px a side)
// and kept as a PNG data URL, so a story stays light to store and to sync.
import { createSignal, type JSX } from 'solid-js';
import { ErrorAlert } from './error-alert.tsx';
import { t } from '../i18n/ui-text.ts';

/** Big enough for a row's or the cast's picture on a dense screen. */
const AVATAR_SIDE = 256;
/** A photo straight from a camera is well under this; more is not a picture worth decoding. */
const MAX_FILE_BYTES = 20 * 1024 * 1024;

async function smallPicture(file: File): Promise<string> {
  const bitmap = await createImageBitmap(file);
  const scale = Math.min(1, AVATAR_SIDE / Math.max(bitmap.width, bitmap.height));
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(bitmap.width * scale));
  canvas.height = Math.max(1, Math.round(bitmap.height * scale));
  canvas.getContext('2d')?.drawImage(bitmap, 0, 0, canvas.width, canvas.height);
  bitmap.close();
  return canvas.toDataURL('image/png');
}

export function AvatarInput(props: { onPicture: (dataUrl: string) => void }): JSX.Element {
  const [error, setError] = createSignal('');
  const choose = async (file: File | undefined): Promise<void> => {
    setError('');
    if (!file) return;
    if (!file.type.startsWith('image/') || file.size > MAX_FILE_BYTES)
      return void setError(t('Choose a picture file (PNG, JPEG, WebP or GIF) under 20 MB.'));
    try {
      props.onPicture(await smallPicture(file));
    } catch {
      setError(t('This browser cannot read that picture. Try another file, such as a PNG or JPEG.'));
    }
  };
  return (
    <>
      <label class="field">
        <span>{t('Picture')}</span>
        <input
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif"
          onChange={(event) => void choose(event.currentTarget.files?.[0])}
        />
      </label>
      <ErrorAlert message={error()} />
    </>
  );
}
