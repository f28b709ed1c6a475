// `rashomon transcript STORY.json --as Name`: what that participant perceived, in order, along the
// active path — their own turns as written, others' as their projection.
import { readFileSync } from 'node:fs';
import { findParticipantByName } from '../driver/doc/participants.ts';
import { importStory } from '../driver/story-json/import.ts';
import { readJsonText } from '../driver/import/json-text.ts';
import { createStoryViews } from '../driver/views/story-views.ts';
import { nameLookup } from '../driver/views/cast.ts';
import { readMeta } from '../driver/doc/story-doc.ts';
import { tr } from '../driver/i18n/messages.ts';
import { UsageError } from './usage-error.ts';

export function transcriptText(file: string, as: string): string {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new UsageError(`cannot read ${file} (${(e as Error).message})`);
  }
  const json = readJsonText(text, 'en');
  if (!json.ok) throw new UsageError(`cannot read ${file} as JSON (${json.reason})`);
  const imported = importStory(json.json, new Date().toISOString());
  if (!imported.ok) throw new UsageError(`${file}: ${imported.detail}`);
  const who = findParticipantByName(imported.doc, as);
  if (!who) throw new UsageError(`${file}: no participant named "${as}"`);
  const views = createStoryViews(imported.doc);
  const nameOf = nameLookup(imported.doc);
  const language = readMeta(imported.doc).language;
  return views
    .transcript(who.id)
    .map((e) => {
      switch (e.kind) {
        case 'own':
        case 'perceived':
          return `${nameOf(e.speaker)}: ${e.text}`;
        case 'nothing':
          return `— ${tr(language, 'Nothing seems to have happened.')} —`;
        case 'missing':
          return `${nameOf(e.speaker)}: ${tr(language, '(not projected yet)')}`;
      }
    })
    .join('\n\n');
}
