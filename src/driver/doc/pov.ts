// POV records: what one audience perceived of one turn. No record = not generated;
// perceived false = generated, nothing perceived (text kept empty).
import * as Y from 'yjs';
import { EMPTY_SENTINEL, povOriginSchema, type PovOrigin, type PovSnapshot } from './schema.ts';
import { storedTurn } from './segment-turns.ts';
import { readGiven, storedGiven, type Given } from './given.ts';
import {
  EMPTY_EDIT,
  applyTextDelta,
  deltaOutcome,
  replaceText,
  type TextDeltaOp,
  type TextEditResult,
} from './text-edit.ts';

export interface PovWrite {
  perceived: boolean;
  text: string;
  basis: string;
  origin: PovOrigin;
  model?: string;
  createdAt: string;
  /** What the projection's request was given (the inspector's itemisation). */
  given?: Given;
  /** Its answer still stopped at its length limit (B6). */
  cut?: boolean;
}

function povMapOf(doc: Y.Doc, turnId: string): Y.Map<Y.Map<unknown>> {
  const turn = storedTurn(doc, turnId)?.value;
  const pov = turn instanceof Y.Map ? turn.get('pov') : undefined;
  if (pov instanceof Y.Map) return pov as Y.Map<Y.Map<unknown>>;
  throw new Error(`no turn ${turnId}`);
}

/** The document whose transaction writes a turn's records: its segment's, when the story is segmented. */
const homeOf = (t: { doc: Y.Doc | null }, doc: Y.Doc): Y.Doc => t.doc ?? doc;

function recordOf(doc: Y.Doc, turnId: string, audience: string): Y.Map<unknown> {
  const r: unknown = povMapOf(doc, turnId).get(audience);
  if (!(r instanceof Y.Map)) throw new Error(`turn ${turnId} has no POV record for ${audience}`);
  return r;
}

function checkAudience(doc: Y.Doc, turnId: string, audience: string): void {
  const stored = storedTurn(doc, turnId)?.value;
  const turn = stored instanceof Y.Map ? stored : undefined;
  const audiences: unknown = turn?.get('audiences');
  if (turn?.get('author') === audience) throw new Error(`the author's own turn ${turnId} has no POV record`);
  if (!Array.isArray(audiences) || !audiences.includes(audience))
    throw new Error(`${audience} was not an audience of turn ${turnId}`);
}

/** The first field of a stored POV record that cannot be read; 'view': it is not a record at all. */
export type PovFlaw = 'view' | 'perceived' | 'text' | 'basis';

/** What is wrong with a stored POV record, or null when it reads; an unreadable one counts as absent. */
export function povFlaw(r: unknown): PovFlaw | null {
  if (!(r instanceof Y.Map)) return 'view';
  if (typeof r.get('perceived') !== 'boolean') return 'perceived';
  if (!(r.get('text') instanceof Y.Text)) return 'text';
  if (typeof r.get('basis') !== 'string') return 'basis';
  return null;
}

/** Every unreadable record of a stored turn: its audience and what is wrong. */
export function povFlaws(turn: Y.Map<unknown>): Array<{ audience: string; flaw: PovFlaw }> {
  const pov = turn.get('pov');
  const out: Array<{ audience: string; flaw: PovFlaw }> = [];
  if (pov instanceof Y.Map)
    for (const [audience, r] of pov.entries()) {
      const flaw = povFlaw(r);
      if (flaw) out.push({ audience, flaw });
    }
  return out;
}

function snapshot(r: Y.Map<unknown>): PovSnapshot {
  const text = r.get('text');
  const model = r.get('model');
  const createdAt = r.get('createdAt');
  return {
    perceived: r.get('perceived') === true,
    text: text instanceof Y.Text ? text.toString() : '',
    basis: r.get('basis') as string,
    // A peer's unknown origin reads as a projection of ours: regenerable, never mistaken for a person's.
    origin: povOriginSchema.catch('generated').parse(r.get('origin')),
    ...(typeof model === 'string' ? { model } : {}),
    ...(typeof createdAt === 'string' ? { createdAt } : {}),
    // Edited by hand, the text is the person's: whole as they left it.
    ...(r.get('cut') === true && r.get('origin') === 'generated' ? { cut: true as const } : {}),
  };
}

/** Reads every readable record of a turn's map (used by readTurn); an unreadable one is left out. */
export function readPovMap(turn: Y.Map<unknown>): Record<string, PovSnapshot> {
  const pov = turn.get('pov');
  const out: Record<string, PovSnapshot> = {};
  if (pov instanceof Y.Map)
    for (const [aud, r] of pov.entries()) if (povFlaw(r) === null) out[aud] = snapshot(r as Y.Map<unknown>);
  return out;
}

/** What the request that projected turn `turnId` to `audience` was given, when stored and sound. */
export function povGiven(doc: Y.Doc, turnId: string, audience: string): Given | undefined {
  const r: unknown = povMapOf(doc, turnId).get(audience);
  return r instanceof Y.Map ? readGiven(r.get('given'), r.get('lore')) : undefined;
}

export function readPov(doc: Y.Doc, turnId: string, audience: string): PovSnapshot | undefined {
  const r = povMapOf(doc, turnId).get(audience);
  return povFlaw(r) === null ? snapshot(r as Y.Map<unknown>) : undefined;
}

export function writePov(doc: Y.Doc, turnId: string, audience: string, w: PovWrite, origin?: unknown): void {
  checkAudience(doc, turnId, audience);
  // The sentinel is model-facing only (P8): stored, it is "perceived nothing", never text.
  const perceived = w.perceived && w.text.trim() !== EMPTY_SENTINEL;
  const pov = povMapOf(doc, turnId);
  homeOf(pov, doc).transact(() => {
    const r = new Y.Map<unknown>();
    r.set('perceived', perceived);
    r.set('text', new Y.Text(perceived ? w.text : ''));
    r.set('basis', w.basis);
    r.set('origin', w.origin);
    if (w.model !== undefined) r.set('model', w.model);
    if (w.cut) r.set('cut', true);
    if (w.given !== undefined) r.set('given', storedGiven(w.given));
    if (w.given?.lore) r.set('lore', w.given.lore);
    r.set('createdAt', w.createdAt);
    pov.set(audience, r);
  }, origin);
}

export function povText(doc: Y.Doc, turnId: string, audience: string): Y.Text {
  const t = recordOf(doc, turnId, audience).get('text');
  if (t instanceof Y.Text) return t;
  throw new Error(`POV record ${turnId}/${audience} has no text`);
}

/** Writes a hand edit into a record: its text, whether it perceived anything, and the basis it fits. */
function editRecord(
  doc: Y.Doc,
  turnId: string,
  audience: string,
  edit: { perceived: boolean; write: (text: Y.Text) => void; basis: string },
  origin?: unknown,
): void {
  homeOf(povMapOf(doc, turnId), doc).transact(() => {
    const r = recordOf(doc, turnId, audience);
    edit.write(povText(doc, turnId, audience));
    r.set('perceived', edit.perceived);
    r.set('origin', 'edited');
    r.set('basis', edit.basis);
  }, origin);
}

/**
 * A hand edit of a POV text: the record becomes an edited one; `basis` is the record's current input
 * fingerprint, because the user has just decided it fits them. An edit that leaves no text is refused:
 * "perceived nothing" is its own decision (markPerceivedNothing), never what deleting the text means.
 */
export function editPovText(
  doc: Y.Doc,
  turnId: string,
  audience: string,
  edit: { delta: TextDeltaOp[] } | { text: string },
  basis: string,
  origin?: unknown,
): TextEditResult {
  const now = povText(doc, turnId, audience).toString();
  const next = 'delta' in edit ? deltaOutcome(now, edit.delta) : edit.text;
  if (!next.trim() || next.trim() === EMPTY_SENTINEL) return EMPTY_EDIT;
  const write = (text: Y.Text) =>
    'delta' in edit ? applyTextDelta(text, edit.delta) : replaceText(text, edit.text);
  editRecord(doc, turnId, audience, { perceived: true, write, basis }, origin);
  return { ok: true };
}

/** The user marks that this audience perceived nothing of the turn. */
export function markPerceivedNothing(
  doc: Y.Doc,
  turnId: string,
  audience: string,
  basis: string,
  origin?: unknown,
): void {
  const write = (text: Y.Text) => text.delete(0, text.length);
  editRecord(doc, turnId, audience, { perceived: false, write, basis }, origin);
}

/** Removes the record: the projection is "not generated" again. */
export function clearPov(doc: Y.Doc, turnId: string, audience: string, origin?: unknown): void {
  const pov = povMapOf(doc, turnId);
  homeOf(pov, doc).transact(() => pov.delete(audience), origin);
}

export function restampPov(
  doc: Y.Doc,
  turnId: string,
  audience: string,
  basis: string,
  origin?: unknown,
): void {
  const r = recordOf(doc, turnId, audience);
  homeOf(r, doc).transact(() => r.set('basis', basis), origin);
}
