// Chinese for the interface's words: prompts.
// Also used here, kept in other areas: 'Prompts' (shell), 'Language' and 'Delete {title}' (library),
// 'Save' and 'Presets' (settings), 'That did not work.' (story).
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_PROMPTS: Messages = {
  // prompts-screen.tsx
  '← Back to the story': '← 返回故事',
  '← Back to the stories': '← 返回故事列表',
  // prompt-editor.tsx, prompt-diff.tsx
  original: '原文',
  'your edit': '你的修改',
  preset: '预设',
  'this story': '本故事',
  'Not saved.': '未保存。',
  'Saved. The next request uses it.': '已保存。下一次请求就会使用它。',
  'Restored.': '已恢复原文。',
  'Prompts of this story': '本故事的提示词',
  'These prompt files have a problem; requests that use them fail until they are fixed or restored:':
    '以下提示词文件有问题；在修正或恢复原文之前，使用它们的请求都会失败：',
  '{file} ({layer}): {reason}': '{file}（{layer}）：{reason}',
  rules: '规则',
  problem: '有问题',
  'A rules prompt: the program relies on what it asks for (names, JSON shapes, {empty}). Edit with care.':
    '规则提示词：程序依赖它所要求的内容（名字、JSON 结构、{empty}）。请谨慎修改。',
  'Variables: {names}': '变量：{names}',
  'Restore original': '恢复原文',
  'Compare with the original': '与原文比较差异',
  'Differences from the original': '与原文的差异',
  // presets-panel.tsx
  'No preset: the default style.': '未使用预设：默认风格。',
  'Up to date with the library.': '与资料库中的版本一致。',
  'Changed in the library since it was applied: re-apply to take the changes.':
    '应用之后，资料库中的预设已有改动：重新应用即可采用这些改动。',
  'Edited in this story: re-applying would replace those edits (the old copies go to the trash).':
    '已在本故事中修改过：重新应用会替换这些修改（旧版本会移到回收站）。',
  'No longer in the library.': '资料库中已没有这个预设。',
  '{file} was not imported: {reason}': '{file} 未导入：{reason}',
  'Imported: 1 prompt mapped.': '已导入：映射了 1 个提示词。',
  'Imported: {count} prompts mapped.': '已导入：映射了 {count} 个提示词。',
  '“{name}” → {target}': '“{name}” → {target}',
  '“{name}”: {why}': '“{name}”：{why}',
  'What became of each prompt': '每条提示词的去向',
  'This story uses “{title}”. {status}': '本故事使用预设“{title}”。{status}',
  'Import SillyTavern preset': '导入 SillyTavern 预设',
  'Presets in the library': '资料库中的预设',
  'No presets yet.': '还没有预设。',
  '{path}: {reason}': '{path}：{reason}',
  'Applied “{title}”.': '已应用“{title}”。',
  'Use in this story': '在本故事中使用',
  'Re-applied.': '已重新应用。',
  'Re-apply preset': '重新应用预设',
  'Removed.': '已移除。',
  'Remove preset': '移除预设',
  // preset-sampling.tsx
  'the backend’s default': '后端的默认值',
  'the characters’ temperature': '角色的温度',
  'the characters’ top-p': '角色的 top-p',
  'the characters’ temperature {value}': '角色的温度 {value}',
  'top-p {value}': 'top-p {value}',
  'a game master’s temperature {value} (kept, not used: no game master tells a Rashomon story)':
    '游戏主持人的温度 {value}（保留但不使用：Rashomon 的故事没有游戏主持人）',
  'Suggests: {sampling}.': '建议：{sampling}。',
  'This story changed {setting} to {now} (it was {was} when the preset was applied).':
    '本故事已将{setting}改为 {now}（应用预设时为 {was}）。',
  'The library’s preset now suggests {now} for {setting} (it suggested {was}).':
    '资料库中的预设现在建议{setting}为 {now}（之前建议 {was}）。',
  'Sampling that differs from the preset': '与预设不同的采样设置',
};
