// Chinese for the interface's words: shell.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_SHELL: Messages = {
  Prompts: '提示词',
  Library: '资料库',
  Worlds: '世界',
  Lorebooks: '设定集',
  Settings: '设置',
  'The story engine stopped: {reason} Reload the page to try again.':
    '故事引擎已停止：{reason} 请重新加载页面再试。',
  // update-prompt.tsx
  'Update available': '有可用更新',
  Reload: '重新加载',
  Later: '稍后',
  '1 prompt file has a problem: requests that use it fail until it is fixed.':
    '有 1 个提示词文件存在问题：在修复之前，使用它的请求都会失败。',
  '{count} prompt files have a problem: requests that use them fail until they are fixed.':
    '有 {count} 个提示词文件存在问题：在修复之前，使用它们的请求都会失败。',
  'Open Settings': '打开设置',
};
