// A participant's picture: an image as a data URL (the app makes it small before it is stored), checked
// wherever one comes in — the cast editor, a library character at a story's start, a sync peer.
import { z } from 'zod';

/** As the library's (doc/library-doc.ts): an imported card's picture must fit in a story too. */
export const PARTICIPANT_AVATAR_MAX_CHARS = 1_500_000;

/** The picture formats every browser shows; anything else (an SVG with script) is refused. */
export const avatarSchema = z
  .string()
  .regex(/^data:image\/(png|jpeg|webp|gif);base64,[A-Za-z0-9+/=]+$/)
  .max(PARTICIPANT_AVATAR_MAX_CHARS);

/** An avatar as stored, or undefined when absent or not an image this app shows. */
export function readAvatar(value: unknown): string | undefined {
  const parsed = avatarSchema.safeParse(value);
  return parsed.success ? parsed.data : undefined;
}
