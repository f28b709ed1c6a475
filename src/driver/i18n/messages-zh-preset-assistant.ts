// Chinese for the preset assistant's text built from data: the sampling a proposal shows before and
// after, and the warning on a rules prompt's change (assistant/preset/preset-tools.ts).
import type { Messages } from './translate.ts';

export const PRESET_ASSISTANT_ZH: Messages = {
  'Suggested characters’ temperature': '建议的角色温度',
  'Suggested top-p': '建议的 top-p',
  'Suggested game master’s temperature (kept, not used)': '建议的主持人温度（保留，不使用）',
  '{id} is a rules prompt: it names tools and fields the program reads, so a mistake there can break the story.':
    '{id} 是规则提示词：它写着程序要读取的工具和字段，写错可能会让故事出问题。',
};
