// Participants of a story: the user and the characters, with unique visible names and presence.
import * as Y from 'yjs';
import { CARD_FIELDS, participantSchema, type Card, type Participant } from './schema.ts';
import { participantsMap } from './story-doc.ts';
import { readAvatar } from './avatar.ts';

/** A refusal says what is wrong in codes (the driver words it: i18n/doc-refusals.ts), never words. */
export type ParticipantRefusal =
  | { ok: false; code: 'duplicate-name'; name: string }
  | { ok: false; code: 'second-user' }
  | { ok: false; code: 'unknown'; id: string }
  | { ok: false; code: 'remove-user' }
  | { ok: false; code: 'removed'; name: string };
export type ParticipantResult = { ok: true } | ParticipantRefusal;

const sameName = (a: string, b: string) => a.trim().toLocaleLowerCase() === b.trim().toLocaleLowerCase();

/** A stored participant read as a record (unvalidated: `readParticipant` checks it). */
function recordOf(id: string, m: Y.Map<unknown>): Record<string, unknown> {
  const card: Card = {};
  for (const f of CARD_FIELDS) {
    const v = m.get(f);
    if (typeof v === 'string') card[f] = v;
  }
  const kind = m.get('kind');
  const persona = m.get('persona');
  // A malformed picture from a peer is dropped, not a reason to lose the participant.
  const avatar = readAvatar(m.get('avatar'));
  return {
    id,
    kind,
    name: m.get('name'),
    present: m.get('present') === true,
    ...(m.get('removed') === true ? { removed: true } : {}),
    ...(avatar ? { avatar } : {}),
    ...(typeof persona === 'string' ? { persona } : {}),
    ...(kind === 'character' ? { card } : {}),
  };
}

/**
 * A stored participant, or what cannot be read of it ('participant': not one at all). Synced state is
 * untrusted: a participant a peer wrote wrong is left out of the cast, never thrown on.
 */
export function readParticipant(
  id: string,
  stored: unknown,
): { ok: true; participant: Participant } | { ok: false; field: string } {
  if (!(stored instanceof Y.Map)) return { ok: false, field: 'participant' };
  const parsed = participantSchema.safeParse(recordOf(id, stored));
  if (parsed.success) return { ok: true, participant: parsed.data };
  return { ok: false, field: String(parsed.error.issues[0]?.path[0] ?? 'participant') };
}

/** Every participant that cannot be read, and its first unreadable field. */
export function unreadableParticipants(doc: Y.Doc): Array<{ id: string; field: string }> {
  return [...participantsMap(doc).entries()].flatMap(([id, m]) => {
    const read = readParticipant(id, m);
    return read.ok ? [] : [{ id, field: read.field }];
  });
}

export function listParticipants(doc: Y.Doc): Participant[] {
  return [...participantsMap(doc).entries()].flatMap(([id, m]) => {
    const read = readParticipant(id, m);
    return read.ok ? [read.participant] : [];
  });
}

export function getParticipant(doc: Y.Doc, id: string): Participant | undefined {
  const read = readParticipant(id, participantsMap(doc).get(id));
  return read.ok ? read.participant : undefined;
}

export function findParticipantByName(doc: Y.Doc, name: string): Participant | undefined {
  return listParticipants(doc).find((p) => sameName(p.name, name));
}

export function userParticipant(doc: Y.Doc): Participant | undefined {
  return listParticipants(doc).find((p) => p.kind === 'user');
}

export function presentIds(doc: Y.Doc): string[] {
  return listParticipants(doc)
    .filter((p) => p.present)
    .map((p) => p.id);
}

function nameTaken(doc: Y.Doc, name: string, exceptId?: string): boolean {
  return listParticipants(doc).some((p) => p.id !== exceptId && sameName(p.name, name));
}

function writeFields(m: Y.Map<unknown>, p: Partial<Omit<Participant, 'id' | 'kind'>>): void {
  if (p.name !== undefined) m.set('name', p.name.trim());
  if (p.present !== undefined) m.set('present', p.present);
  if (p.persona !== undefined) m.set('persona', p.persona);
  if (p.removed !== undefined) m.set('removed', p.removed);
  if (p.avatar !== undefined) m.set('avatar', p.avatar);
  if (p.card) for (const f of CARD_FIELDS) if (p.card[f] !== undefined) m.set(f, p.card[f]);
}

export function addParticipant(doc: Y.Doc, p: Participant, origin?: unknown): ParticipantResult {
  const valid = participantSchema.parse(p);
  if (nameTaken(doc, valid.name)) return { ok: false, code: 'duplicate-name', name: valid.name };
  if (valid.kind === 'user' && userParticipant(doc)) return { ok: false, code: 'second-user' };
  doc.transact(() => {
    const m = new Y.Map<unknown>();
    m.set('kind', valid.kind);
    writeFields(m, valid);
    participantsMap(doc).set(valid.id, m);
  }, origin);
  return { ok: true };
}

export function updateParticipant(
  doc: Y.Doc,
  id: string,
  patch: Partial<Omit<Participant, 'id' | 'kind'>>,
  origin?: unknown,
): ParticipantResult {
  const m: unknown = participantsMap(doc).get(id);
  if (!(m instanceof Y.Map)) return { ok: false, code: 'unknown', id };
  if (patch.name !== undefined && nameTaken(doc, patch.name, id))
    return { ok: false, code: 'duplicate-name', name: patch.name };
  doc.transact(() => writeFields(m, patch), origin);
  return { ok: true };
}

export function setPresent(doc: Y.Doc, id: string, present: boolean, origin?: unknown): ParticipantResult {
  const p = getParticipant(doc, id);
  if (p?.removed && present) return { ok: false, code: 'removed', name: p.name };
  return updateParticipant(doc, id, { present }, origin);
}

/**
 * Takes a character out of the story (C2): it leaves the scene and the cast, so it perceives and acts
 * no more; the participant stays, with its turns, views and memories, so the history stays whole and
 * its name stays taken. `removed: false` brings it back into the scene.
 */
export function setRemoved(doc: Y.Doc, id: string, removed: boolean, origin?: unknown): ParticipantResult {
  const p = getParticipant(doc, id);
  if (!p) return { ok: false, code: 'unknown', id };
  if (p.kind === 'user') return { ok: false, code: 'remove-user' };
  return updateParticipant(doc, id, { removed, present: !removed }, origin);
}
