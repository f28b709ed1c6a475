// The person's hand on what a participant remembers: review a change waiting for it (accept, amend,
// reject), correct the state, add a memory or set one aside. Each is a record in that participant's
// chronicle, tied to the active path's end, so a branch keeps its own; nothing a chronicler wrote is
// overwritten.
import { writeRecords } from '../../driver/doc/chronicle.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { activeLeaf } from '../../driver/doc/turns.ts';
import type { DriverApi, Failure, Result } from '../api.ts';
import { uiText } from '../i18n/ui-text.ts';
import { isFailure, type HostContext } from './context.ts';
import { memoryView } from './memory-view.ts';

type MemoryApi = Pick<DriverApi, 'memory' | 'editMemory'>;

const refused = (detail: string): Failure => ({ ok: false, code: 'invalid', detail });

export function memoryCommands(ctx: HostContext): MemoryApi {
  const iso = () => new Date(ctx.clock()).toISOString();
  return {
    async memory(storyId, participantId) {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      if (!story.views.cast().get(participantId))
        return {
          ok: false,
          code: 'unknown-participant',
          detail: uiText('There is no such participant in this story.'),
        };
      return { ok: true, memory: memoryView(story, participantId) };
    },

    async editMemory(storyId, participantId, edit): Promise<Result> {
      const story = await ctx.story(storyId);
      if (isFailure(story)) return story;
      const { doc } = story;
      if (!story.views.cast().get(participantId))
        return {
          ok: false,
          code: 'unknown-participant',
          detail: uiText('There is no such participant in this story.'),
        };
      const at = iso();
      const turnId = activeLeaf(doc);
      switch (edit.kind) {
        case 'review':
          writeRecords(
            doc,
            participantId,
            'reviews',
            [{ changeId: edit.changeId, decision: edit.decision, at }],
            DocOrigin.person,
          );
          return { ok: true };
        case 'amend':
          if (!edit.value.trim())
            return refused(uiText('An amended value cannot be empty: reject the change instead.'));
          writeRecords(
            doc,
            participantId,
            'reviews',
            [{ changeId: edit.changeId, decision: 'amended', value: edit.value.trim(), at }],
            DocOrigin.person,
          );
          return { ok: true };
        case 'correct':
          if (turnId === null) return refused(uiText('The story has no turn yet to correct the state at.'));
          writeRecords(
            doc,
            participantId,
            'corrections',
            [
              {
                id: ctx.newId(),
                subject: edit.subject,
                domain: edit.domain,
                value: edit.value.trim(),
                turnId,
                at,
              },
            ],
            DocOrigin.person,
          );
          return { ok: true };
        case 'add-memory': {
          if (turnId === null) return refused(uiText('The story has no turn yet to remember.'));
          if (!edit.text.trim()) return refused(uiText('A memory needs some text.'));
          const importance = Math.min(10, Math.max(1, Math.round(edit.importance)));
          writeRecords(
            doc,
            participantId,
            'memoryEdits',
            [{ kind: 'added', memory: { id: ctx.newId(), text: edit.text.trim(), importance, turnId }, at }],
            DocOrigin.person,
          );
          return { ok: true };
        }
        case 'forget-memory':
          writeRecords(
            doc,
            participantId,
            'memoryEdits',
            [{ kind: 'forgotten', memoryId: edit.memoryId, at }],
            DocOrigin.person,
          );
          return { ok: true };
        default:
          return edit satisfies never;
      }
    },
  };
}
