// Chinese for the interface's words: shell.
import type { Messages } from '../../../driver/i18n/translate.ts';

export const ZH_SHELL: Messages = {
  Prompts: '提示词',
  Settings: '设置',
  'The story engine stopped: {reason} Reload the page to try again.':
    '故事引擎已停止：{reason} 请重新加载页面再试。',
  // update-prompt.tsx
  'Update available': '有可用更新',
  Reload: '重新加载',
  Later: '稍后',
};
