// Assistant chat commands: the lorebook or world assistant's chat opened, a message sent through the driver's
// loop with the default backend's model and the library's prompts, a proposal applied or rejected,
// automatic mode, and the trash restored. The library changes only through the driver's checks.
import { readAssistantChat } from '../../driver/doc/assistant-chats.ts';
import { listTrash } from '../../driver/doc/library-trash.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { listPromptOverrides } from '../../driver/doc/prompt-overrides.ts';
import { decideProposal, restoreTrashed, setAutomatic } from '../../driver/assistant/decisions.ts';
import { lorebookAssistant, type LorebookAssistant } from '../../driver/assistant/lorebook-assistant.ts';
import { cardAssistant } from '../../driver/assistant/card-assistant.ts';
import { presetAssistant } from '../../driver/assistant/preset-assistant.ts';
import { runAssistantTurn } from '../../driver/assistant/loop.ts';
import type { DoctorAssistant } from '../../driver/assistant/doctor-assistant.ts';
import { worldAssistant, type WorldAssistant } from '../../driver/assistant/world-assistant.ts';
import { translateAssistant } from '../../driver/assistant/translate-assistant.ts';
import { resolvePrompts } from '../../driver/prompts/resolve.ts';
import { PromptProblem } from '../../driver/prompts/render.ts';
import type { AssistantChatView, AssistantSubject } from '../api-assistant.ts';
import type { DriverApi, Failure, Result } from '../api.ts';
import type { HostContext } from './context.ts';
import { maxTokensFor, profileFor } from '../store/device-settings.ts';
import { uiText, workerUiLanguage } from '../i18n/ui-text.ts';

type AssistantCommands = Pick<
  DriverApi,
  'openAssistant' | 'sendAssistant' | 'decideProposal' | 'setAssistantAutomatic' | 'restoreFromTrash'
>;

type Assistant = LorebookAssistant | WorldAssistant | DoctorAssistant;

const invalid = (detail: string): Failure => ({ ok: false, code: 'invalid', detail });

/** `doctor`: the session doctor of a story (host/doctor-assistant.ts), or why it cannot be opened. */
export function assistantCommands(
  ctx: HostContext,
  doctor: (storyId: string) => Promise<DoctorAssistant | Failure>,
): AssistantCommands {
  const library = () => ctx.store.library;
  /** Subjects whose chat is running a turn: a second message waits for the first to be answered. */
  const running = new Set<string>();

  async function assistant(subject: AssistantSubject): Promise<Assistant | Failure> {
    await ctx.store.ready;
    const prompts = resolvePrompts({ shipped: ctx.prompts, library: listPromptOverrides(library()) }).prompts;
    const language = workerUiLanguage();
    const input = { doc: library(), prompts, language, clock: ctx.clock, newId: ctx.newId };
    try {
      if (subject.kind === 'doctor') return await doctor(subject.id);
      if (subject.kind === 'card') {
        const found = cardAssistant({
          doc: library(),
          characterId: subject.id,
          worldId: subject.worldId,
          prompts,
          language,
          newId: ctx.newId,
        });
        return (
          found ?? {
            ok: false,
            code: 'not-found',
            detail: uiText('That character is no longer in the library.'),
          }
        );
      }
      if (subject.kind === 'translate')
        return (
          translateAssistant({
            doc: library(),
            worldId: subject.id,
            target: subject.language,
            prompts,
            language,
          }) ?? {
            ok: false,
            code: 'not-found',
            detail: uiText('This world is no longer in the library.'),
          }
        );
      const found =
        subject.kind === 'world'
          ? worldAssistant({ ...input, worldId: subject.id })
          : subject.kind === 'preset'
            ? presetAssistant({ ...input, presetId: subject.id })
            : lorebookAssistant({ ...input, bookId: subject.id });
      const gone =
        subject.kind === 'world'
          ? uiText('This world is no longer in the library.')
          : subject.kind === 'preset'
            ? uiText('This preset is no longer in the library.')
            : uiText('This lorebook is no longer in the library.');
      return found ?? { ok: false, code: 'not-found', detail: gone };
    } catch (error) {
      if (error instanceof PromptProblem) return { ok: false, code: 'prompt', detail: error.message };
      throw error;
    }
  }

  function view(a: Assistant, stopped?: AssistantChatView['stopped']): Result<{ view: AssistantChatView }> {
    return {
      ok: true,
      view: {
        chat: readAssistantChat(library(), a.subject),
        welcome: a.welcome,
        trash: listTrash(library(), a.subject),
        ...(stopped ? { stopped } : {}),
      },
    };
  }

  async function changed(): Promise<void> {
    await ctx.store.flush();
    ctx.emit({ kind: 'library-changed' });
  }

  async function turn(
    a: Assistant,
    text: string,
    onToken: ((delta: string) => void) | undefined,
  ): Promise<Result<{ view: AssistantChatView }>> {
    const model = await ctx.modelFor('', 'actor');
    if (!('complete' in model)) return model;
    // The reply limit of the default backend's characters' turns.
    const profile = profileFor(await ctx.settings.read(), '', 'actor');
    const maxTokens = profile && maxTokensFor(profile, 'actor');
    const prompts = resolvePrompts({
      shipped: ctx.prompts,
      library: listPromptOverrides(library()),
    }).prompts;
    const result = await runAssistantTurn(
      {
        doc: library(),
        subject: a.subject,
        model,
        prompts,
        language: workerUiLanguage(),
        system: a.system,
        tools: a.tools,
        clock: ctx.clock,
        newId: ctx.newId,
        origin: DocOrigin.driver,
        ...(maxTokens !== undefined ? { maxTokens } : {}),
        ...(onToken ? { onToken } : {}),
      },
      text,
    );
    await changed();
    if (!result.ok) return result;
    return view(a, result.stopped === 'answered' ? undefined : result.stopped);
  }

  return {
    async openAssistant(subject) {
      const a = await assistant(subject);
      return 'ok' in a ? a : view(a);
    },

    async sendAssistant(subject, text, onToken) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      if (text.trim() === '') return invalid(uiText('Write a message for the assistant first.'));
      if (running.has(a.subject))
        return {
          ok: false,
          code: 'busy',
          detail: uiText('The assistant is still answering: wait for its reply.'),
        };
      running.add(a.subject);
      try {
        return await turn(a, text, onToken);
      } finally {
        running.delete(a.subject);
      }
    },

    async decideProposal(subject, proposalId, decision) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      const decided = await decideProposal(
        library(),
        a.subject,
        a.tools,
        proposalId,
        decision,
        DocOrigin.person,
      );
      await changed();
      if (decided.ok) return view(a);
      switch (decided.code) {
        case 'unknown':
          return invalid(uiText('That proposed change is no longer in this chat.'));
        case 'decided':
          return invalid(uiText('That change was already applied or rejected.'));
        case 'refused':
          return invalid(uiText('The change was not applied: {reason}', { reason: decided.detail }));
        default:
          return decided satisfies never;
      }
    },

    async setAssistantAutomatic(subject, automatic) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      setAutomatic(library(), a.subject, automatic, DocOrigin.person);
      await changed();
      return view(a);
    },

    async restoreFromTrash(subject, trashId) {
      const a = await assistant(subject);
      if ('ok' in a) return a;
      const restored = restoreTrashed(library(), trashId, ctx.newId, DocOrigin.person);
      await changed();
      if (restored.ok) return view(a);
      switch (restored.code) {
        case 'unknown':
          return invalid(uiText('That entry is no longer in the trash.'));
        case 'no-book':
          return invalid(uiText('This lorebook is no longer in the library.'));
        case 'no-world':
          return invalid(uiText('This world is no longer in the library.'));
        case 'no-preset':
          return invalid(uiText('This preset is no longer in the library.'));
        case 'invalid':
          return invalid(uiText('The entry was not restored: {reason}', { reason: restored.detail ?? '' }));
        default:
          return restored.code satisfies never;
      }
    },
  };
}
