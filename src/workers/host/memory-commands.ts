// The person's hand on what a participant remembers: review a change waiting for it (accept, amend,
// reject), correct the state, add a memory or set one aside. Each is a record in that participant's
// chronicle; nothing a chronicler wrote is overwritten. A review or a memory set aside names its record,
// so it holds wherever that record is (a chronicle entry of turns two branches share is on both); what
// the person adds is tied to a turn of the active path, so a branch keeps its own.
import type { MemoryApi } from '../api/views.ts';
import { writeRecords } from '../../driver/doc/chronicle.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { activeLeaf, turnParent } from '../../driver/doc/turns.ts';
import type { Story } from '../../driver/env.ts';
import type { Failure, MemoryEditInput, MemoryView, Result } from '../api.ts';
import { uiText } from '../i18n/ui-text.ts';
import { isFailure, type HostContext } from './context.ts';
import { memoryView } from './memory-view.ts';

const refused = (detail: string): Failure => ({ ok: false, code: 'invalid', detail });
const unknownParticipant: Failure = {
  ok: false,
  code: 'unknown-participant',
  detail: uiText('There is no such participant in this story.'),
};

/**
 * The turn what the person adds now is tied to: the one before the newest, so that regenerating the
 * newest turn (or trying its alternatives) keeps it; the newest when it is the first.
 */
function anchorTurn(story: Story): string | null {
  const leaf = activeLeaf(story.doc);
  return leaf === null ? null : (turnParent(story.doc, leaf) ?? leaf);
}

/** Why an edit cannot apply to what the active path holds now (a screen read before a change), or null. */
function staleTarget(edit: MemoryEditInput, view: MemoryView): string | null {
  switch (edit.kind) {
    case 'review':
    case 'amend':
      return view.pending.some((p) => p.id === edit.changeId)
        ? null
        : uiText('That change is no longer waiting for review: it was decided, or its turns changed.');
    case 'forget-memory':
      return view.memories.some((m) => m.id === edit.memoryId)
        ? null
        : uiText('That memory is not remembered on this branch any more.');
    default:
      return null;
  }
}

export function memoryCommands(ctx: HostContext): MemoryApi {
  const iso = () => new Date(ctx.clock()).toISOString();
  return {
    async memory(storyId, participantId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!story.views.cast().get(participantId)) return unknownParticipant;
      return { ok: true, memory: memoryView(story, participantId) };
    },

    async editMemory(storyId, participantId, edit): Promise<Result> {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!story.views.cast().get(participantId)) return unknownParticipant;
      const stale = staleTarget(edit, memoryView(story, participantId));
      if (stale) return { ok: false, code: 'not-found', detail: stale };
      const write = <P extends 'reviews' | 'corrections' | 'memoryEdits'>(
        part: P,
        record: Parameters<typeof writeRecords<P>>[3][number],
      ): Result => {
        writeRecords(story.doc, participantId, part, [record], DocOrigin.person);
        return { ok: true };
      };
      const at = iso();
      const turnId = anchorTurn(story);
      switch (edit.kind) {
        case 'review':
          return write('reviews', { changeId: edit.changeId, decision: edit.decision, at });
        case 'amend':
          if (!edit.value.trim())
            return refused(uiText('An amended value cannot be empty: reject the change instead.'));
          return write('reviews', {
            changeId: edit.changeId,
            decision: 'amended',
            value: edit.value.trim(),
            at,
          });
        case 'correct':
          if (turnId === null) return refused(uiText('The story has no turn yet to correct the state at.'));
          if (!story.views.cast().get(edit.subject)) return unknownParticipant;
          return write('corrections', {
            id: ctx.newId(),
            subject: edit.subject,
            domain: edit.domain,
            value: edit.value.trim(),
            turnId,
            at,
          });
        case 'add-memory': {
          if (turnId === null) return refused(uiText('The story has no turn yet to remember.'));
          if (!edit.text.trim()) return refused(uiText('A memory needs some text.'));
          const importance = Math.min(10, Math.max(1, Math.round(edit.importance)));
          return write('memoryEdits', {
            kind: 'added',
            memory: { id: ctx.newId(), text: edit.text.trim(), importance, turnId },
            at,
          });
        }
        case 'forget-memory':
          return write('memoryEdits', { kind: 'forgotten', memoryId: edit.memoryId, at });
        default:
          return edit satisfies never;
      }
    },
  };
}
