// Chinese for the interface's words: saving Settings as you go, a prompt edit's problem, Retry, and
// the generation settings of a backend and of a story.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_PLAY_SETTINGS: Messages = {
  // settings/settings-dialog.tsx, settings/autosave-status.tsx
  'Not saved: {name} needs a base URL such as http://localhost:11434/v1.':
    '未保存：{name} 需要一个基础 URL，例如 http://localhost:11434/v1。',
  Done: '完成',
  'Saving…': '正在保存…',
  Saved: '已保存',
  'Changes are saved as you make them.': '更改会随时保存。',
  'Discard your changes? The last change was not saved, for the reason shown above.':
    '放弃你的更改吗？最后一次更改未保存，原因见上方。',
  'Discard changes': '放弃更改',
  'Keep editing': '继续编辑',
  // prompts/prompt-editor.tsx
  'Kept, but it has a problem: {reason}. Requests that use it fail until you fix it or restore the original.':
    '已保留，但有问题：{reason}。使用它的请求会失败，直到你修正它或恢复原文。',
  // story/failure-actions.tsx, shell/settings-problem-notice.tsx
  Retry: '重试',
  // settings/sampling-fields.tsx, settings/profile-sampling.tsx, story/generation-settings.tsx
  'Server default': '服务器默认',
  Temperature: '温度',
  'Top-p': 'Top-p',
  'Reply limit (tokens)': '回复上限（token）',
  'Stop strings': '停止字符串',
  'One a line, at most four; write \\n for a line break. The reply ends before any of them.':
    '每行一个，最多四个；换行写作 \\n。回复会在其中任何一个之前结束。',
  'Characters’ turns on this backend': '此后端上的角色回合',
  'Used by stories that do not set their own (Scene options → Generation).':
    '用于没有自行设置的故事（场景选项 → 生成）。',
  'Backend: {value}': '后端：{value}',
  'The story’s preset suggests temperature {temperature}, top-p {topP}.':
    '故事的预设建议温度 {temperature}，top-p {topP}。',
  Generation: '生成',
  'What characters’ turns are asked with. Leave a field empty to use the backend’s value, shown in it.':
    '角色回合请求所用的设置。留空则使用后端的值（显示在框中）。',
};
