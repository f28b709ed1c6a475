// Story JSON export: the whole tree (every branch), participants, settings and the active leaf.
import type * as Y from 'yjs';
import { readMeta } from '../doc/story-doc.ts';
import { listParticipants } from '../doc/participants.ts';
import { readTurn } from '../doc/turns.ts';
import { allTurnsTopological } from '../doc/tree.ts';
import { STORY_JSON_FORMAT, STORY_JSON_VERSION, type StoryJson } from './schema.ts';

export function exportStory(doc: Y.Doc): StoryJson {
  const meta = readMeta(doc);
  return {
    format: STORY_JSON_FORMAT,
    version: STORY_JSON_VERSION,
    id: meta.id,
    title: meta.title,
    language: meta.language,
    settings: meta.settings,
    // Sorted so that every device exports a converged document identically (Y.Map order is local).
    participants: listParticipants(doc)
      .sort((a, b) => (a.kind === b.kind ? (a.id < b.id ? -1 : 1) : a.kind === 'user' ? -1 : 1))
      .map((p) => ({
        id: p.id,
        kind: p.kind,
        name: p.name,
        present: p.present,
        ...(p.kind === 'user' ? { persona: p.persona ?? '' } : { card: p.card ?? {} }),
      })),
    turns: allTurnsTopological(doc).map((id) => {
      const t = readTurn(doc, id);
      return {
        id: t.id,
        parent: t.parent,
        author: t.author,
        audiences: t.audiences,
        origin: t.origin,
        source: t.source,
        createdAt: t.createdAt,
        pov: Object.fromEntries(
          Object.entries(t.pov)
            .sort(([a], [b]) => (a < b ? -1 : 1))
            .map(([aud, r]) => [aud, { perceived: r.perceived, text: r.text, origin: r.origin }]),
        ),
      };
    }),
    activeLeaf: meta.activeLeaf,
  };
}
