// Whether a text names a world node: by its name or one of its aliases, ignoring case, as a whole
// word where the script has words (a name in Chinese matches inside the sentence).
import type { WorldNode } from '../doc/world.ts';

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** Letters and digits of scripts that separate words with spaces. */
const WORDY = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}\p{N}]/u;

/** Whether `text` holds `phrase`, ignoring case, as whole words where its ends are in a spaced script. */
export function holdsPhrase(text: string, phrase: string): boolean {
  const n = phrase.trim();
  if (!n) return false;
  const before = WORDY.test(n.at(0) as string) ? '(?<![\\p{L}\\p{N}])' : '';
  const after = WORDY.test(n.at(-1) as string) ? '(?![\\p{L}\\p{N}])' : '';
  return new RegExp(`${before}${escape(n)}${after}`, 'iu').test(text);
}

export const mentions = (text: string, node: Pick<WorldNode, 'name' | 'aliases'>): boolean =>
  [node.name, ...node.aliases].some((n) => holdsPhrase(text, n));
