// Chinese for the interface's words about the preset assistant: its proposals (assistant/
// change-heading.ts) and its entry points on the Presets panel (prompts/preset-assistant.tsx).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_PRESET_ASSISTANT: Messages = {
  // change-heading.ts
  'New prompt “{label}”': '新提示词“{label}”',
  'Edit prompt “{label}”': '修改提示词“{label}”',
  'Delete prompt “{label}” (it goes to the trash)': '删除提示词“{label}”（移入回收站）',
  'Change the sampling of “{label}”': '修改“{label}”的采样参数',
  // preset-assistant.tsx
  'Assistant for {title}': '{title} 的助手',
  'Make a preset from a SillyTavern preset with the model': '用模型根据 SillyTavern 预设制作预设',
  'The model is writing the preset from {file}…': '模型正在根据 {file} 编写预设……',
  '{file} was not made into a preset: {reason}': '{file} 没有做成预设：{reason}',
  'The model proposed the prompts of {file}: apply the ones you want.':
    '模型根据 {file} 提出了提示词：应用你想要的那些。',
};
