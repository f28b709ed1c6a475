// A context length set by the person (Settings, or `rashomon run --context N`) wins over what the
// server or the model's record says: the model keeps answering as it does, and its limits tell the
// setting, with the backend's exact token count where it has one.
import { ContextSource, type ChatModel } from '../driver/model.ts';

/** The model with `contextTokens` as its context (source 'setting'); the model itself when unset. */
export function withContextSetting(model: ChatModel, contextTokens: number | undefined): ChatModel {
  if (contextTokens === undefined) return model;
  return {
    complete: (request) => model.complete(request),
    ...(model.toolCalls !== undefined ? { toolCalls: model.toolCalls } : {}),
    async limits() {
      const told = await model.limits?.();
      return {
        contextTokens,
        source: ContextSource.setting,
        ...(told?.countTokens ? { countTokens: told.countTokens } : {}),
        ...(told?.promptSlots !== undefined ? { promptSlots: told.promptSlots } : {}),
      };
    },
  };
}
