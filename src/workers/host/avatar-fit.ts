// A card's picture too large for the library (it syncs everywhere, AVATAR_MAX_CHARS as a data: URL)
// made smaller on import rather than left out: drawn at a longest side of 1024 px and less until it
// fits, as a PNG (a PNG card export needs one), else as WebP (K15). Where the platform has no
// createImageBitmap or OffscreenCanvas (the CLI in Node), nothing is made and the picture stays out.
import { avatarUrl } from '../../driver/import/card/library-card.ts';
import type { ImportedCharacter } from '../../driver/import/intermediate.ts';

type Avatar = NonNullable<ImportedCharacter['avatar']>;

/** Longest sides tried in turn: a card's picture is shown at a few hundred pixels at most. */
export const AVATAR_SIDES = [1024, 768, 512, 384, 256] as const;
/** WebP's quality when no PNG fits: a photograph's detail, a fraction of a PNG's bytes. */
const WEBP_QUALITY = 0.85;

export interface FittedAvatar {
  avatar: Avatar;
  from: { width: number; height: number; bytes: number };
  to: { width: number; height: number; bytes: number };
}

const canDraw = (): boolean =>
  typeof createImageBitmap === 'function' && typeof OffscreenCanvas === 'function';

async function draw(
  image: ImageBitmap,
  side: number,
  type: string,
): Promise<Avatar & { width: number; height: number }> {
  const scale = Math.min(1, side / Math.max(image.width, image.height));
  const width = Math.max(1, Math.round(image.width * scale));
  const height = Math.max(1, Math.round(image.height * scale));
  const canvas = new OffscreenCanvas(width, height);
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2d context');
  context.drawImage(image, 0, 0, width, height);
  const blob = await canvas.convertToBlob(type === 'image/webp' ? { type, quality: WEBP_QUALITY } : { type });
  return { mime: blob.type, bytes: new Uint8Array(await blob.arrayBuffer()), width, height };
}

/**
 * The picture made small enough for the library, with its sizes before and after; null when it
 * cannot be drawn (not an image the browser decodes, or no canvas here) or nothing fits.
 */
export async function fitAvatar(avatar: Avatar): Promise<FittedAvatar | null> {
  if (!canDraw()) return null;
  let image: ImageBitmap;
  try {
    image = await createImageBitmap(
      new Blob([avatar.bytes as Uint8Array<ArrayBuffer>], { type: avatar.mime }),
    );
  } catch {
    return null;
  }
  try {
    const from = { width: image.width, height: image.height, bytes: avatar.bytes.length };
    const tries = [
      ...AVATAR_SIDES.map((side) => [side, 'image/png'] as const),
      ...AVATAR_SIDES.map((side) => [side, 'image/webp'] as const),
    ];
    for (const [side, type] of tries) {
      const drawn = await draw(image, side, type);
      if (avatarUrl(drawn) !== null)
        return {
          avatar: { mime: drawn.mime, bytes: drawn.bytes },
          from,
          to: { width: drawn.width, height: drawn.height, bytes: drawn.bytes.length },
        };
    }
    return null;
  } finally {
    image.close();
  }
}
