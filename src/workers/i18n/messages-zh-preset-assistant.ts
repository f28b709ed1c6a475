// Chinese for what the worker tells the person about the preset assistant (host/assistant-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_PRESET_ASSISTANT_MESSAGES_ZH: Messages = {
  'This preset is no longer in the library.': '资料库中已经没有这个预设。',
};
