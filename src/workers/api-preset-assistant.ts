// The part of the worker's API about the preset assistant beyond the shared assistant chat: a preset
// made from a SillyTavern preset by the model. Re-exported by api.ts.
import type { Language } from '../driver/doc/schema.ts';
import type { SillyTavernReport } from '../driver/presets/sillytavern.ts';
import type { Result } from './api.ts';
import type { AssistantChatView } from './api/assistant.ts';

export interface PresetAssistantApi {
  /**
   * Reads a SillyTavern preset file's text as the deterministic import does, makes a new library
   * preset with its title, description and sampling but no prompts, and opens the preset's assistant
   * chat with the file's prose, asking the model to write every prose prompt in every shipped
   * language: each write is a proposal the person applies. The report is in `reportLanguage`.
   */
  makePresetWithModel(
    text: string,
    options: { title: string; reportLanguage: Language },
    onToken?: (delta: string) => void,
  ): Promise<Result<{ presetId: string; report: SillyTavernReport; view: AssistantChatView }>>;
}
