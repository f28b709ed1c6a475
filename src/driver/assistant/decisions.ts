// What the person decides in an assistant chat: Apply or Reject a proposal, automatic mode on or off,
// and a trashed thing restored. Apply makes the change again from the proposal's arguments, so it is
// checked against the subject as it is now; a refusal leaves it pending with the reason.
import type * as Y from 'yjs';
import {
  ProposalStatus,
  readAssistantChat,
  writeAssistantChat,
  type AssistantChat,
} from '../doc/assistant-chats.ts';
import { putLorebook, readLorebook } from '../doc/library-worlds.ts';
import { readTrashed, removeFromTrash } from '../doc/library-trash.ts';
import { restorePresetPrompt } from './preset/preset-trash.ts';
import { restoreTrashedPreset } from '../presets/preset-deletion.ts';
import { findTool, type AssistantTool } from './tools.ts';
import { restoreWorldItem } from './world/world-restore.ts';

export type DecisionResult =
  | { ok: true; chat: AssistantChat }
  | { ok: false; code: 'unknown' | 'decided' }
  | { ok: false; code: 'refused'; detail: string; chat: AssistantChat };

export async function decideProposal(
  doc: Y.Doc,
  subject: string,
  tools: readonly AssistantTool[],
  proposalId: string,
  decision: 'apply' | 'reject',
  origin?: unknown,
): Promise<DecisionResult> {
  const chat = readAssistantChat(doc, subject);
  const proposal = chat.proposals.find((p) => p.id === proposalId);
  if (!proposal) return { ok: false, code: 'unknown' };
  if (proposal.status !== ProposalStatus.pending) return { ok: false, code: 'decided' };
  if (decision === 'reject') {
    proposal.status = ProposalStatus.rejected;
    delete proposal.problem;
    writeAssistantChat(doc, chat, origin);
    return { ok: true, chat };
  }
  const tool = findTool(tools, proposal.tool);
  const proposed = tool?.kind === 'write' ? tool.propose(proposal.args) : undefined;
  const applied = proposed?.ok ? await proposed.change.apply(origin) : undefined;
  // The chat as it is now: a change that ran a model command may have taken long, and the chat moved on.
  const now = readAssistantChat(doc, subject);
  const decided = now.proposals.find((p) => p.id === proposalId);
  if (!decided) return { ok: false, code: 'unknown' };
  if (!applied?.ok) {
    const detail =
      applied?.error ?? (proposed && !proposed.ok ? proposed.error : `No tool ${proposal.tool}.`);
    decided.problem = detail;
    writeAssistantChat(doc, now, origin);
    return { ok: false, code: 'refused', detail, chat: now };
  }
  decided.status = ProposalStatus.applied;
  delete decided.problem;
  writeAssistantChat(doc, now, origin);
  return { ok: true, chat: now };
}

export function setAutomatic(
  doc: Y.Doc,
  subject: string,
  automatic: boolean,
  origin?: unknown,
): AssistantChat {
  const chat = { ...readAssistantChat(doc, subject), automatic };
  writeAssistantChat(doc, chat, origin);
  return chat;
}

export type RestoreResult =
  | { ok: true }
  | {
      ok: false;
      code: 'unknown' | 'no-book' | 'no-world' | 'no-preset' | 'invalid' | 'taken';
      detail?: string;
    };

/**
 * Puts a trashed thing back: a lorebook entry in its book (under a new id if one took its id
 * meanwhile), a world's node or prompt in its world, a preset's prompt in its preset (a prompt never
 * over another text its path holds now: `taken`), a deleted preset in the library.
 */
export function restoreTrashed(
  doc: Y.Doc,
  trashId: string,
  newId: () => string,
  origin?: unknown,
): RestoreResult {
  const item = readTrashed(doc, trashId);
  if (!item) return { ok: false, code: 'unknown' };
  if (item.kind === 'preset-prompt') return restorePresetPrompt(doc, item, origin);
  if (item.kind === 'preset') return restoreTrashedPreset(doc, trashId, origin);
  if (item.kind !== 'lore-entry') return restoreWorldItem(doc, item, newId, origin);
  const book = readLorebook(doc, item.bookId);
  if (!book) return { ok: false, code: 'no-book' };
  const taken = book.entries.some((e) => e.id === item.entry.id);
  const entry = taken ? { ...item.entry, id: newId() } : item.entry;
  let result: RestoreResult = { ok: true };
  doc.transact(() => {
    const saved = putLorebook(doc, { ...book, entries: [...book.entries, entry] }, origin);
    if (!saved.ok) result = { ok: false, code: 'invalid', detail: saved.detail };
    else removeFromTrash(doc, trashId, origin);
  }, origin);
  return result;
}
