// A RisuAI card's expression pictures (V3 `emotion` assets, V2 `extensions.risuai.emotions`) with
// their names and bytes, for the importing device to keep beside the library character (K11):
// only images, at most EXPRESSIONS_MAX of them, each and all together within a bound.
import { EXPRESSIONS_MAX } from '../../doc/library-doc.ts';
import type { CardAsset, ExpressionPicture } from '../intermediate.ts';
import { isPng } from './png-chunks.ts';
import { isWebp } from './webp-chunks.ts';
import { isRecord } from '../lenient.ts';
import { startsWith } from '../text-bytes.ts';

/** One expression picture: a few hundred kilobytes as RisuAI exports them; a bigger one is no face. */
export const EXPRESSION_BYTES_MAX = 2 * 1024 * 1024;
/** All of a card's expression pictures together, so one card cannot fill the device's storage. */
export const EXPRESSIONS_TOTAL_MAX = 32 * 1024 * 1024;
const NAME_MAX = 100;

const JPEG = [0xff, 0xd8, 0xff] as const;
const GIF = [0x47, 0x49, 0x46, 0x38] as const;

/** The image type its bytes say, or null when they are no image a browser shows. */
function imageMime(bytes: Uint8Array): string | null {
  if (isPng(bytes)) return 'image/png';
  if (isWebp(bytes)) return 'image/webp';
  if (startsWith(bytes, JPEG)) return 'image/jpeg';
  if (startsWith(bytes, GIF)) return 'image/gif';
  return null;
}

/** Every expression a card names, with its bytes when the file carried them. */
function namedExpressions(
  assets: readonly CardAsset[],
  risu: Record<string, unknown>,
  chunkBytes: (uri: string) => Uint8Array | undefined,
): { name: string; bytes: Uint8Array | undefined }[] {
  const v3 = assets
    .filter((a) => a.type === 'emotion')
    .map((a) => ({ name: a.name, bytes: a.bytes ?? chunkBytes(a.uri) }));
  const v2 = (Array.isArray(risu.emotions) ? (risu.emotions as unknown[]) : []).flatMap((pair) =>
    Array.isArray(pair) && typeof pair[0] === 'string' && typeof pair[1] === 'string'
      ? [{ name: pair[0], bytes: chunkBytes(pair[1]) }]
      : [],
  );
  return [...v3, ...v2];
}

/** The expressions to keep (named, images, within the bounds), and how many of those named are not. */
export function risuExpressions(
  assets: readonly CardAsset[],
  data: Record<string, unknown>,
  chunkBytes: (uri: string) => Uint8Array | undefined,
): { kept: ExpressionPicture[]; named: number } {
  const extensions = isRecord(data.extensions) ? data.extensions : {};
  const risu = isRecord(extensions.risuai) ? extensions.risuai : {};
  const named = namedExpressions(assets, risu, chunkBytes);
  const kept: ExpressionPicture[] = [];
  let total = 0;
  for (const { name, bytes } of named) {
    const mime = bytes && imageMime(bytes);
    if (!bytes || !mime || bytes.length > EXPRESSION_BYTES_MAX) continue;
    if (kept.length >= EXPRESSIONS_MAX || total + bytes.length > EXPRESSIONS_TOTAL_MAX) break;
    total += bytes.length;
    kept.push({ name: name.trim().slice(0, NAME_MAX) || String(kept.length + 1), mime, bytes });
  }
  return { kept, named: named.length };
}
