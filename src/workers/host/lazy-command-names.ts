// The commands of each group the worker loads on first use (host/lazy-commands.ts): files in and out,
// "Evaluate this model", the assistants' chats. Listed here because the page may call any of them first.
import type { AssistantApi } from '../api/assistant.ts';
import type { AssistantTurnsApi } from '../api/assistant.ts';
import type { EvalApi } from '../api/eval.ts';
import type { ImportApi } from '../api/import.ts';
import type { PresetAssistantApi } from '../api/assistant.ts';

export const IMPORT_COMMANDS = {
  reviewImport: true,
  importFile: true,
  exportCharacter: true,
  exportLorebook: true,
  exportStoryMarkdown: true,
  cardWorld: true,
  acceptCardWorld: true,
} satisfies Record<keyof ImportApi, true>;

export const EVAL_COMMANDS = { evaluateModel: true, stopEvaluation: true } satisfies Record<
  keyof EvalApi,
  true
>;

export const ASSISTANT_COMMANDS = {
  openAssistant: true,
  sendAssistant: true,
  decideProposal: true,
  setAssistantAutomatic: true,
  restoreFromTrash: true,
  cancelAssistant: true,
  retryAssistant: true,
  setAssistantLanguage: true,
} satisfies Record<keyof AssistantApi | keyof AssistantTurnsApi, true>;

export const PRESET_ASSISTANT_COMMANDS = { makePresetWithModel: true } satisfies Record<
  keyof PresetAssistantApi,
  true
>;
