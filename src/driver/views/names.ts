// Visible names of a story's participants, the only identity a model ever sees.
import type * as Y from 'yjs';
import { listParticipants } from '../doc/participants.ts';

export function nameLookup(doc: Y.Doc): (id: string) => string {
  const names = new Map(listParticipants(doc).map((p) => [p.id, p.name]));
  return (id) => names.get(id) ?? id;
}
