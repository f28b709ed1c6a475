// The preset made from a SillyTavern preset by the model: the file is read and mapped as the
// deterministic import maps it, the preset is made without prompts, and the first message of its
// assistant chat hands the model the mapped prose to write in every shipped language.
import { sillyTavernImportMessage } from '../../driver/assistant/preset/preset-assistant.ts';
import { putPreset } from '../../driver/doc/library-presets.ts';
import { listPromptOverrides } from '../../driver/doc/prompt-overrides.ts';
import { DocOrigin } from '../../driver/doc/origins.ts';
import { readJsonText } from '../../driver/import/json-text.ts';
import { importSillyTavernPreset } from '../../driver/presets/sillytavern.ts';
import { PromptProblem } from '../../driver/prompts/render.ts';
import { resolvePrompts } from '../../driver/prompts/resolve.ts';
import type { AssistantApi } from '../api/assistant.ts';
import type { PresetAssistantApi } from '../api/assistant.ts';
import { workerUiLanguage } from '../i18n/ui-text.ts';
import type { HostContext } from './context.ts';

export function presetAssistantCommands(
  ctx: HostContext,
  send: AssistantApi['sendAssistant'],
): PresetAssistantApi {
  return {
    async makePresetWithModel(text, options, onToken) {
      await ctx.store.ready;
      const read = readJsonText(text, options.reportLanguage);
      if (!read.ok) return { ok: false, code: 'invalid', detail: read.reason };
      const imported = importSillyTavernPreset(read.json, options);
      if (!imported.ok) return { ok: false, code: 'invalid', detail: imported.detail };
      const library = ctx.store.library;
      const prompts = resolvePrompts({ shipped: ctx.prompts, library: listPromptOverrides(library) }).prompts;
      let message: string;
      try {
        message = sillyTavernImportMessage({
          prompts,
          language: workerUiLanguage(),
          imported: imported.preset.prompts,
        });
      } catch (error) {
        if (error instanceof PromptProblem) return { ok: false, code: 'prompt', detail: error.message };
        throw error;
      }
      const presetId = ctx.newId();
      const { prompts: _forTheModel, ...info } = imported.preset;
      const put = putPreset(library, { id: presetId, ...info }, DocOrigin.person);
      if (!put.ok) return { ok: false, code: 'invalid', detail: put.detail };
      await ctx.store.flush();
      const sent = await send({ kind: 'preset', id: presetId }, message, onToken);
      return sent.ok ? { ...sent, presetId, report: imported.report } : sent;
    },
  };
}
