// Chinese for what the worker tells the person about the world authoring assistant's chat
// (host/assistant-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_WORLD_ASSISTANT_MESSAGES_ZH: Messages = {
  'This world is no longer in the library.': '资料库中已经没有这个世界。',
};
