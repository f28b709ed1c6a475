// The session doctor for one story: the driver's doctor with the story opened, the library's prompts,
// the generation that failed last (kept by `Generations`), and its fixes run as the story screen runs
// them — the same commands, so each is refused, cancelled and reported as it is there.
import { doctorAssistant } from '../../driver/assistant/doctor/doctor-assistant.ts';
import type { Assistant } from '../../driver/assistant/tools.ts';
import type { DoctorFixes, FailedGeneration } from '../../driver/assistant/doctor/doctor-tools.ts';
import type { ApplyOutcome } from '../../driver/assistant/tools.ts';
import { listPromptOverrides } from '../../driver/doc/prompt-overrides.ts';
import { resolvePrompts } from '../../driver/prompts/resolve.ts';
import type { Failure, Result } from '../api.ts';
import type { EditApi } from '../api/edit.ts';
import type { PlayApi } from '../api/play.ts';
import type { MemoryApi } from '../api/views.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';
import { isFailure, type HostContext } from './context.ts';
import type { Generations } from './play-commands.ts';

/** The story screen's commands a fix runs. */
export type DoctorCommands = Pick<PlayApi, 'completeViews' | 'resolveStale'> &
  Pick<EditApi, 'keepAsIs'> &
  Pick<MemoryApi, 'editMemory'>;

const outcome = (r: Result<object>): ApplyOutcome => (r.ok ? { ok: true } : { ok: false, error: r.detail });

export function createDoctors(
  ctx: HostContext,
  generations: Generations,
  commands: DoctorCommands,
): (storyId: string) => Promise<Assistant | Failure> {
  return async (storyId) => {
    const story = await ctx.story(storyId);
    if (isFailure(story)) return story;
    const lastFailure = (): FailedGeneration | undefined => {
      const failed = generations.lastFailed(storyId);
      if (!failed) return undefined;
      return {
        detail: failed.failure.detail,
        // A turn stored before the failure is never sent twice: what it still lacks is written instead.
        again:
          failed.failure.turnId !== undefined
            ? uiText('Writes the perceptions the stored turn still lacks (the turn is not sent again).')
            : uiText('Runs the same command again.'),
      };
    };
    const fixes: DoctorFixes = {
      writeMissingViews: async () => outcome(await commands.completeViews(storyId)),
      keep: async (item) => outcome(await commands.keepAsIs(storyId, item.turnId, item.audience)),
      rewriteStale: async () => outcome(await commands.resolveStale(storyId, 'rewrite')),
      async retryFailed() {
        const failed = generations.lastFailed(storyId);
        if (!failed) return { ok: false, error: uiText('Nothing failed to run again.') };
        return outcome(
          await (failed.failure.turnId !== undefined ? commands.completeViews(storyId) : failed.again()),
        );
      },
      review: async (participant, changeId, decision) =>
        outcome(await commands.editMemory(storyId, participant, { kind: 'review', changeId, decision })),
    };
    const prompts = resolvePrompts({
      shipped: ctx.prompts,
      library: listPromptOverrides(ctx.store.library),
    }).prompts;
    return doctorAssistant({
      storyId,
      story,
      prompts,
      language: workerUiLanguage(),
      lastFailure,
      fixes,
    });
  };
}
