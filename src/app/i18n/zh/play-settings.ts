// Chinese for the interface's words: saving Settings as you go, a prompt edit's problem, and Retry.
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
};
