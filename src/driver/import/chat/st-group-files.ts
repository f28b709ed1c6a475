// The files a person gives with a group chat (GC1), each told by its content: the group file (JSON with
// `members`) and the members' cards (any card format). What is neither is named in the report.
import type { Language } from '../../doc/schema.ts';
import { tr } from '../../i18n/messages.ts';
import { readJsonText } from '../json-text.ts';
import { readCardFile } from '../card/read-card-file.ts';
import { readGroupFile, type MemberCard, type StGroup } from './st-group.ts';

export interface Companions {
  group: StGroup | null;
  cards: MemberCard[];
  /** One line per file that is neither a group file nor a card, with why. */
  problems: string[];
}

export function readCompanions(
  files: ReadonlyArray<{ name: string; bytes: Uint8Array }>,
  language: Language,
): Companions {
  let group: StGroup | null = null;
  const cards: MemberCard[] = [];
  const problems: string[] = [];
  for (const file of files) {
    const text = new TextDecoder().decode(file.bytes);
    if (
      text
        .replace(/^\uFEFF/, '')
        .trimStart()
        .startsWith('{')
    ) {
      const parsed = readJsonText(text, language);
      const read = parsed.ok ? readGroupFile(parsed.json) : null;
      if (read && group)
        problems.push(tr(language, '{file}: a second group file, not read', { file: file.name }));
      if (read) {
        group ??= read;
        continue;
      }
    }
    const card = readCardFile(file.bytes, file.name, language);
    if (card.ok) cards.push({ fileName: file.name, character: card.character });
    else problems.push(tr(language, '{file}: {problem}', { file: file.name, problem: card.reason }));
  }
  return { group, cards, problems };
}
