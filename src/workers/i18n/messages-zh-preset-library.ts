// Chinese for what the worker tells the person about presets in the library (host/preset-library-commands.ts).
import type { Messages } from '../../driver/i18n/translate.ts';

export const WORKER_PRESET_LIBRARY_MESSAGES_ZH: Messages = {
  'The library has no preset {id}.': '资料库里没有预设 {id}。',
  'The world carries no prose prompts (persona, style, character style) to save.':
    '这个世界没有可保存的文风提示词（人设、文风、角色文风）。',
  'That preset is no longer in the trash.': '回收站里已经没有这个预设。',
  'A preset with its id is in the library again.': '资料库里又有了同一 ID 的预设。',
  'The preset of the start cannot be used: {reason}': '开场选择的预设无法使用：{reason}',
};
