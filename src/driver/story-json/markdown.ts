// One participant's story as Markdown: the title, then their transcript on the active path — their own
// turns as written, what they perceived of the others' — and nothing else: no other participant's
// source or view. A turn they perceived nothing of is an italic line that names no one (who acted is
// what they did not perceive).
import type * as Y from 'yjs';
import type { Language } from '../doc/schema.ts';
import { getParticipant, listParticipants } from '../doc/participants.ts';
import { readMeta } from '../doc/story-doc.ts';
import { tr } from '../i18n/messages.ts';
import { createStoryViews } from '../views/story-views.ts';
import type { TranscriptEntry } from '../views/path-node.ts';

/** Markdown's inline marks, escaped in names and the title so that a name cannot restyle the line. */
const MARKDOWN_MARKS = /[\\`*_[\]#<>|~]/g;
const escape = (text: string) => text.replace(MARKDOWN_MARKS, (c) => `\\${c}`);

function entryMarkdown(entry: TranscriptEntry, nameOf: (id: string) => string, language: Language): string {
  switch (entry.kind) {
    case 'own':
    case 'perceived':
      return `**${escape(nameOf(entry.speaker))}:** ${entry.text}`;
    case 'nothing':
      return `*${tr(language, 'Nothing seems to have happened.')}*`;
    case 'missing':
      return `*${tr(language, '(what was perceived of this turn is not written yet)')}*`;
    default:
      return entry.kind satisfies never;
  }
}

export function storyMarkdown(doc: Y.Doc, participantId: string, language: Language): string {
  const who = getParticipant(doc, participantId);
  if (!who) throw new Error(`no participant ${participantId}`);
  const names = new Map(listParticipants(doc).map((p) => [p.id, p.name]));
  const nameOf = (id: string) => names.get(id) ?? id;
  const views = createStoryViews(doc);
  try {
    const entries = views.transcript(participantId);
    const title = readMeta(doc).title.trim() || tr(language, 'Untitled story');
    return [
      `# ${escape(title)}`,
      `*${escape(tr(language, 'As {name} lived it', { name: who.name }))}*`,
      ...entries.map((e) => entryMarkdown(e, nameOf, language)),
    ]
      .join('\n\n')
      .concat('\n');
  } finally {
    views.dispose();
  }
}
